import { serverAudits } from "graphql-http";
import { startTestApp, TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("passes every MUST and SHOULD of the GraphQL-over-HTTP server audits", async () => {
  const audits = serverAudits({ url: () => `${t.url}/graphql`, fetchFn: fetch });
  const failed: string[] = [];
  for (const audit of audits) {
    if (audit.name.startsWith("MAY")) continue;
    const result = await audit.fn();
    if (result.status !== "ok") failed.push(`${audit.id} ${audit.name}: ${result.reason}`);
  }
  if (failed.length) console.log(`GraphQL-over-HTTP audits failed:\n${failed.join("\n")}`);
  expect(failed).toEqual([]);
});
