import { engine, startTestApp, TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ DB_QUERY_TIMEOUT_MS: "300" });
});
afterAll(() => t.close());

// SQLite runs its queries inside the process: there is no server to stop waiting for.
(engine === "mysql" ? it : it.skip)("gives up on a query the database does not answer within DB_QUERY_TIMEOUT_MS, and goes on answering", async () => {
  const started = performance.now();
  await expect(t.app.dataSource.query("SELECT SLEEP(5)")).rejects.toThrow(/timeout/i);
  const waited = performance.now() - started;
  console.log(`a 5 s query failed after ${Math.round(waited)} ms`);
  expect(waited).toBeLessThan(4000);
  // The connection that timed out is dropped: the next queries do not wait behind the sleeping one.
  const next = performance.now();
  for (let i = 0; i < 12; i++) expect(await t.app.dataSource.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  expect(performance.now() - next).toBeLessThan(2000);
  expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
});

it("runs migrations without the query timeout, and puts it back for everything else", async () => {
  const options = t.app.dataSource.driver.options as { enableQueryTimeout?: boolean };
  expect(Boolean(options.enableQueryTimeout)).toBe(engine === "mysql");
});
