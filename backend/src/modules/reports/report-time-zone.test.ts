import { recordCounts } from "../../../test/ad-fixtures";
import { Account, approvedSite, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { loadConfig } from "../../config";

let t: TestApp;
let admin: Account;

beforeAll(async () => {
  t = await startTestApp({ REPORT_TIME_ZONE: "America/New_York" });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const REPORT = `query ($input: ReportInput!) { publisherReport(input: $input) {
  from to timeZone periods totals { impressions } rows { key label impressions } } }`;

it("counts days and months in the reporting zone: late evening in New York is the day before in UTC, and its months end there too", async () => {
  const publisher = await signUp(t, "publisher");
  const site = await approvedSite(t, publisher, admin);
  const zoneId = (await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Top", width: 728, height: 90 } })).body.id as number;
  const campaignId = (await createCampaign(t, await signUp(t, "advertiser"))).id;
  const counted = (iso: string, impressions: number) => ({ hour: new Date(iso), zoneId, campaignId, creativeId: 1, requests: impressions, impressions });
  await recordCounts(t, [
    counted("2026-03-01T04:00:00Z", 1), // February 28, 23:00 in New York
    counted("2026-03-01T05:00:00Z", 10), // March 1, 00:00
    counted("2026-03-09T03:00:00Z", 100), // March 8, 23:00, the first evening on daylight time
    counted("2026-03-09T04:00:00Z", 1000), // March 9, 00:00
    counted("2026-04-01T03:00:00Z", 10000), // March 31, 23:00
  ]);
  const report = async (input: Record<string, unknown>) => (await t.gql(REPORT, { input }, publisher.token)).data!.publisherReport;

  const byDay = await report({ from: "2026-02-28", to: "2026-03-31" });
  expect(byDay).toMatchObject({ from: "2026-02-28", to: "2026-03-31", timeZone: "America/New_York", totals: { impressions: 11111 } });
  expect(byDay.rows.filter((row: { impressions: number }) => row.impressions > 0)).toEqual([
    { key: "2026-02-28T05:00:00.000Z", label: "2026-02-28", impressions: 1 },
    { key: "2026-03-01T05:00:00.000Z", label: "2026-03-01", impressions: 10 },
    { key: "2026-03-08T05:00:00.000Z", label: "2026-03-08", impressions: 100 },
    { key: "2026-03-09T04:00:00.000Z", label: "2026-03-09", impressions: 1000 },
    { key: "2026-03-31T04:00:00.000Z", label: "2026-03-31", impressions: 10000 },
  ]);
  expect(byDay.periods).toHaveLength(32);
  expect(byDay.rows.map((row: { key: string }) => row.key)).toEqual(byDay.periods);
  expect(byDay.periods.slice(8, 11)).toEqual(["2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z", "2026-03-10T04:00:00.000Z"]);

  // March read as a whole month of facts, and by month.
  expect((await report({ from: "2026-03-01", to: "2026-03-31", breakdown: "ZONE" })).totals.impressions).toBe(11110);
  const byMonth = await report({ from: "2026-02-01", to: "2026-04-30", granularity: "MONTH" });
  expect(byMonth.rows).toEqual([
    { key: "2026-02-01T05:00:00.000Z", label: "2026-02", impressions: 1 },
    { key: "2026-03-01T05:00:00.000Z", label: "2026-03", impressions: 11110 },
    { key: "2026-04-01T04:00:00.000Z", label: "2026-04", impressions: 0 },
  ]);
  expect(byMonth.periods).toEqual(["2026-02-01T05:00:00.000Z", "2026-03-01T05:00:00.000Z", "2026-04-01T04:00:00.000Z"]);
});

it("puts on the stat cards the month of the reporting zone: an evening of February 28 in New York is not March", async () => {
  const publisher = await signUp(t, "publisher");
  const site = await approvedSite(t, publisher, admin);
  const zoneId = (await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Top" } })).body.id as number;
  const campaignId = (await createCampaign(t, await signUp(t, "advertiser"))).id;
  const counted = (iso: string, impressions: number) => ({ hour: new Date(iso), zoneId, campaignId, creativeId: 1, requests: impressions, impressions });
  await recordCounts(t, [counted("2026-03-01T04:00:00Z", 1), counted("2026-03-01T05:00:00Z", 10)]);
  const user = (await t.app.services.users.authenticate(publisher.token))!.user;

  const stats = await t.app.services.dashboards.forPublisher(user, new Date("2026-03-10T12:00:00Z"));

  expect(stats.totals.impressions).toBe(10);
});

it("tells the forms which zone it counts in, and refuses a zone whose days are not whole hours", async () => {
  expect((await t.gql("{ formOptions { reportTimeZone } }")).data!.formOptions.reportTimeZone).toBe("America/New_York");
  expect(() => loadConfig({ JWT_SECRET: "x".repeat(40), REPORT_TIME_ZONE: "Asia/Kolkata" })).toThrow(/REPORT_TIME_ZONE: Asia\/Kolkata is not a whole number of hours/);
  expect(() => loadConfig({ JWT_SECRET: "x".repeat(40), REPORT_TIME_ZONE: "Nowhere/Special" })).toThrow(/REPORT_TIME_ZONE/);
});
