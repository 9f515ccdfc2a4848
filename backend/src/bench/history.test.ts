import { signIn, signInAdmin } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";
import { reportCalendar } from "../modules/reports/grains";
import { HISTORY_PASSWORD, seedHistory } from "./history";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const dollars = (micros: number) => micros / 1_000_000;

it("the dashboards and reports show exactly the totals seed:history says it wrote", async () => {
  const { network, written } = await seedHistory(t.app.dataSource, { days: 3, zones: 20, campaigns: 10, rowsPerHour: 40, seed: 7 });
  expect(written.impressions).toBeGreaterThan(0);

  const publisher = await signIn(t, network.logins.publisher, HISTORY_PASSWORD);
  const seen = (await t.gql("{ publisherStats { impressions revenue } myBalance { earned } }", {}, publisher.token)).data!;
  // The dashboard shows this month so far (3 days back may reach into last month); the balance holds every day.
  const { thisMonth } = written.largestPublisher;
  expect(seen.publisherStats).toEqual({ impressions: thisMonth.impressions, revenue: dollars(thisMonth.revenueMicros) });
  expect(seen.myBalance.earned).toBe(dollars(written.largestPublisher.revenueMicros));

  const advertiser = await signIn(t, network.logins.advertiser, HISTORY_PASSWORD);
  const spent = (await t.gql("{ advertiserStats { impressions spend } }", {}, advertiser.token)).data!.advertiserStats;
  expect(spent).toEqual({ impressions: written.largestAdvertiser.thisMonth.impressions, spend: dollars(written.largestAdvertiser.thisMonth.spendMicros) });

  const admin = await signInAdmin(t);
  const calendar = reportCalendar();
  const input = { from: calendar.dateOf(Date.now() - 4 * 86_400_000), to: calendar.dateOf(Date.now()), breakdown: "PUBLISHER" };
  const report = (await t.gql("query ($input: ReportInput!) { networkReport(input: $input) { totals { impressions clicks spend } } }", { input }, admin.token)).data!.networkReport;
  expect(report.totals).toEqual({ impressions: written.impressions, clicks: written.clicks, spend: dollars(written.spendMicros) });
});
