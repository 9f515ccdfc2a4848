import { startTestApp, TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("leaves the entities and the migrated schema in agreement (no pending migration)", async () => {
  const pending = await t.app.dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((query) => query.query)).toEqual([]);
});

it("runs again at the next start without changing anything", async () => {
  expect(await t.app.dataSource.showMigrations()).toBe(false);
});

it("answers the health check while the database answers", async () => {
  const response = await fetch(`${t.url}/healthz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: { status: "ok" } });
});

it("answers 503 on the health check when the database is away", async () => {
  await t.app.dataSource.destroy();
  try {
    const response = await fetch(`${t.url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable", database: { status: "unavailable" } });
  } finally {
    await t.app.dataSource.initialize();
  }
});
