import { recordCounts } from "../../../test/ad-fixtures";
import { Account, approvedSite, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let admin: Account;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => Date.now() - (Date.now() % DAY);

async function publisherWithTwoZones() {
  const publisher = await signUp(t, "publisher");
  const site = await approvedSite(t, publisher, admin);
  const zone = async (name: string, width: number, height: number) =>
    (await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name, width, height } })).body.id as number;
  return { publisher, site, zones: [await zone("Top", 728, 90), await zone("Side", 300, 250)] };
}

const REPORT = `query ($input: ReportInput!) { publisherReport(input: $input) {
  from to timeZone totalRows periods totals { impressions revenue fillRate }
  series { key impressions } previousSeries { key impressions }
  rows { key label requests impressions fillRate clicks ctr revenue ecpm } } }`;

it("breaks a publisher's range down by date, site, zone, country and ad size, each adding up to the counted events", async () => {
  const { publisher, site, zones } = await publisherWithTwoZones();
  const advertiser = await signUp(t, "advertiser");
  const campaignId = (await createCampaign(t, advertiser)).id;
  const yesterday = new Date(today() - DAY + 5 * 3_600_000);
  const tenDaysAgo = new Date(today() - 10 * DAY);
  await recordCounts(t, [
    { hour: yesterday, zoneId: zones[0], campaignId, creativeId: 9, country: "US", requests: 100, impressions: 100, clicks: 4, spendMicros: 400_000, revenueMicros: 280_000 },
    { hour: yesterday, zoneId: zones[1], campaignId, creativeId: 9, country: "DE", requests: 50, impressions: 50, clicks: 1, spendMicros: 200_000, revenueMicros: 140_000 },
    { hour: yesterday, zoneId: zones[1], country: "DE", requests: 50 },
    { hour: tenDaysAgo, zoneId: zones[0], campaignId, creativeId: 9, country: "US", requests: 30, impressions: 30, spendMicros: 120_000, revenueMicros: 84_000 },
  ]);
  const input = { from: isoDay(today() - 7 * DAY), to: isoDay(today()) };
  const report = async (extra: Record<string, unknown>) => (await t.gql(REPORT, { input: { ...input, ...extra } }, publisher.token)).data!.publisherReport;

  const byDate = await report({});
  expect(byDate).toMatchObject({ from: input.from, to: input.to, timeZone: "UTC", totals: { impressions: 150, revenue: 0.42, fillRate: 75 } });
  const counted = (rows: { impressions: number }[]) => rows.filter((row) => row.impressions > 0);
  expect(counted(byDate.rows)).toEqual([
    { key: new Date(today() - DAY).toISOString(), label: isoDay(today() - DAY), requests: 200, impressions: 150, fillRate: 75, clicks: 5, ctr: 3.33, revenue: 0.42, ecpm: 2.8 },
  ]);
  expect(byDate.rows).toHaveLength(8);
  expect(byDate.rows[0]).toMatchObject({ impressions: 0, revenue: 0, fillRate: null, ctr: null });
  expect(counted(byDate.previousSeries)).toEqual([{ key: new Date(today() - 10 * DAY).toISOString(), impressions: 30 }]);

  expect((await report({ breakdown: "ZONE" })).rows.map((row: { label: string; impressions: number }) => [row.label, row.impressions])).toEqual([
    ["Top (728×90)", 100],
    ["Side (300×250)", 50],
  ]);
  expect((await report({ breakdown: "AD_SIZE", sortBy: "fillRate", descending: false })).rows.map((row: { key: string; fillRate: number }) => [row.key, row.fillRate])).toEqual([
    ["300x250", 50],
    ["728x90", 100],
  ]);
  expect((await report({ breakdown: "COUNTRY" })).rows.map((row: { label: string; revenue: number }) => [row.label, row.revenue])).toEqual([
    ["United States (US)", 0.28],
    ["Germany (DE)", 0.14],
  ]);
  expect((await report({ breakdown: "SITE" })).rows).toMatchObject([{ key: String(site.id), impressions: 150, requests: 200 }]);

  const paged = await report({ breakdown: "ZONE", offset: 1, limit: 1 });
  expect(paged).toMatchObject({ totalRows: 2, rows: [{ label: "Side (300×250)" }] });
});

it("lets an advertiser read spend, conversions and prices by campaign, creative, country and site, and the admin the network's margin and refused traffic", async () => {
  const { publisher, zones, site } = await publisherWithTwoZones();
  const advertiser = await signUp(t, "advertiser");
  const campaign = await createCampaign(t, advertiser, { name: "Winter push" });
  const hour = new Date(today() - 2 * DAY);
  await recordCounts(t, [
    { hour, zoneId: zones[0], campaignId: campaign.id, creativeId: 77, country: "FR", requests: 1000, impressions: 1000, clicks: 20, conversions: 2, spendMicros: 4_000_000, revenueMicros: 2_800_000 },
  ]);
  const input = { from: isoDay(today() - 3 * DAY), to: isoDay(today()) };
  const byCampaign = await t.gql(
    `query ($input: ReportInput!) { advertiserReport(input: $input) { rows { label impressions clicks ctr spend conversions conversionRate ecpm cpc cpa } } }`,
    { input: { ...input, breakdown: "CAMPAIGN" } },
    advertiser.token,
  );
  expect(byCampaign.data!.advertiserReport.rows).toEqual([
    { label: "Winter push", impressions: 1000, clicks: 20, ctr: 2, spend: 4, conversions: 2, conversionRate: 10, ecpm: 4, cpc: 0.2, cpa: 2 },
  ]);
  const bySite = await t.gql(`query ($input: ReportInput!) { advertiserReport(input: $input) { rows { key impressions } } }`, { input: { ...input, breakdown: "SITE" } }, advertiser.token);
  expect(bySite.data!.advertiserReport.rows).toEqual([{ key: String(site.id), impressions: 1000 }]);

  const network = await t.gql(
    `query ($input: ReportInput!) { networkReport(input: $input) { rows { key label spend publisherEarnings margin } } }`,
    { input: { ...input, breakdown: "PUBLISHER" } },
    admin.token,
  );
  expect(network.data!.networkReport.rows).toContainEqual({ key: String(publisher.id), label: expect.any(String), spend: 4, publisherEarnings: 2.8, margin: 1.2 });
});

it("serves, for each range, exactly the granularities the report then accepts", async () => {
  const publisher = await signUp(t, "publisher");
  const offered = async (from: string, to: string) =>
    (await t.gql<{ formOptions: { reportGranularities: { value: string; label: string }[] } }>(
      `query ($from: String!, $to: String!) { formOptions { reportGranularities(from: $from, to: $to) { value label } } }`,
      { from, to },
    )).data!.formOptions.reportGranularities;
  const accepted = async (input: Record<string, unknown>) =>
    !(await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { totalRows } }`, { input }, publisher.token)).errors;

  const ranges: Record<string, [string, string]> = {
    lastWeek: [isoDay(today() - 6 * DAY), isoDay(today())],
    last30Days: [isoDay(today() - 29 * DAY), isoDay(today())],
    // A week whose hours the read model no longer keeps (HOURLY_FACTS_DAYS, 35 by default).
    weekTwoMonthsAgo: [isoDay(today() - 66 * DAY), isoDay(today() - 60 * DAY)],
  };
  expect(await offered(...ranges.lastWeek)).toEqual([
    { value: "HOUR", label: "Hour" },
    { value: "DAY", label: "Day" },
    { value: "MONTH", label: "Month" },
  ]);
  expect((await offered(...ranges.last30Days)).map((option) => option.value)).toEqual(["DAY", "MONTH"]);
  expect((await offered(...ranges.weekTwoMonthsAgo)).map((option) => option.value)).toEqual(["DAY", "MONTH"]);
  for (const [from, to] of Object.values(ranges)) {
    const values = (await offered(from, to)).map((option) => option.value);
    for (const granularity of ["HOUR", "DAY", "MONTH"]) expect(await accepted({ from, to, granularity })).toBe(values.includes(granularity));
  }

  const backwards = await t.gql(`{ formOptions { reportGranularities(from: "2026-05-10", to: "2026-05-01") { value } } }`);
  expect(backwards.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "to" } });
});

it("refuses a range that ends before it starts, spans over two years, or asks for what the audience has not, naming the field, through both doors", async () => {
  const publisher = await signUp(t, "publisher");
  const ask = async (input: Record<string, unknown>) => (await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { totalRows } }`, { input }, publisher.token)).errors?.[0];
  expect(await ask({ from: "2026-05-10", to: "2026-05-01" })).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "to" } });
  expect(await ask({ from: "2023-01-01", to: "2026-01-01" })).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "from" } });
  expect(await ask({ from: "2026-05-01", to: "2026-05-01", breakdown: "CAMPAIGN" })).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "breakdown" } });
  expect(await ask({ from: "2026-05-01", to: "2026-05-01", sortBy: "spend" })).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "sortBy" } });
  expect(await ask({ from: isoDay(today() - 9 * DAY), to: isoDay(today()), granularity: "HOUR" })).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "granularity" } });
  expect(await ask({ from: "2026-02-30", to: "2026-03-01" })).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "from" } });

  const rest = await fetch(`${t.url}/api/publisher/reports.csv?from=2026-05-10&to=2026-05-01`, { headers: { authorization: `Bearer ${publisher.token}` } });
  expect(rest.status).toBe(422);
  expect(await rest.json()).toEqual({ detail: expect.any(String) });
  const anonymous = await fetch(`${t.url}/api/publisher/reports.csv?from=2026-05-01&to=2026-05-01`);
  expect(anonymous.status).toBe(401);
});

it("never shows one publisher another's figures, and exports as CSV exactly the rows and totals the table shows", async () => {
  const mine = await publisherWithTwoZones();
  const theirs = await publisherWithTwoZones();
  const hour = new Date(today() - DAY);
  await recordCounts(t, [
    { hour, zoneId: mine.zones[0], campaignId: 1, creativeId: 1, requests: 10, impressions: 10, revenueMicros: 70_000 },
    { hour, zoneId: theirs.zones[0], campaignId: 1, creativeId: 1, requests: 99, impressions: 99, revenueMicros: 693_000 },
  ]);
  const input = { from: isoDay(today() - DAY), to: isoDay(today() - DAY), breakdown: "ZONE" };
  const table = (await t.gql(REPORT, { input }, mine.publisher.token)).data!.publisherReport;
  expect(table.rows.map((row: { key: string }) => Number(row.key))).toEqual([mine.zones[0]]);
  expect(table.totals.impressions).toBe(10);

  const csv = await fetch(`${t.url}/api/publisher/reports.csv?from=${input.from}&to=${input.to}&breakdown=zone`, { headers: { authorization: `Bearer ${mine.publisher.token}` } });
  expect(csv.status).toBe(200);
  expect(csv.headers.get("content-type")).toContain("text/csv");
  expect(csv.headers.get("content-disposition")).toContain("attachment");
  expect((await csv.text()).trim().split("\n")).toEqual([
    "Zone,Requests,Impressions,Fill rate (%),Clicks,CTR (%),Revenue ($),eCPM ($),Measured impressions,Viewable impressions,Viewability (%),Video starts,Completed views,Completion rate (%),Expansions,Bid requests (header bidding),Bids,Wins,Win rate (%),Bids lost,Lost to: average CPM ($)",
    "Top (728×90),10,10,100,0,0,0.07,7,0,0,,0,0,,0,0,0,0,,0,",
    "Total,10,10,100,0,0,0.07,7,0,0,,0,0,,0,0,0,0,,0,",
  ]);
});

it("shows the chart and the table the same periods: a month with nothing counted is a zero in both, a month with data is in both, in any order", async () => {
  const { publisher, zones } = await publisherWithTwoZones();
  const at = (iso: string) => new Date(`${iso}Z`);
  await recordCounts(t, [
    { hour: at("2025-09-14T20:00:00"), zoneId: zones[0], campaignId: 1, creativeId: 1, requests: 50, impressions: 40 },
    { hour: at("2025-11-02T20:00:00"), zoneId: zones[0], campaignId: 1, creativeId: 1, requests: 700, impressions: 600 },
  ]);
  const monthly = async (extra: Record<string, unknown> = {}) =>
    (
      await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { periods totalRows series { key impressions } rows { key label impressions } } }`, {
        input: { from: "2025-09-01", to: "2025-11-30", granularity: "MONTH", ...extra },
      }, publisher.token)
    ).data!.publisherReport;
  const report = await monthly();
  expect(report.periods).toEqual(["2025-09-01T00:00:00.000Z", "2025-10-01T00:00:00.000Z", "2025-11-01T00:00:00.000Z"]);
  expect(report.series.map((row: { key: string }) => row.key)).toEqual(report.periods);
  expect(report.rows).toEqual([
    { key: "2025-09-01T00:00:00.000Z", label: "2025-09", impressions: 40 },
    { key: "2025-10-01T00:00:00.000Z", label: "2025-10", impressions: 0 },
    { key: "2025-11-01T00:00:00.000Z", label: "2025-11", impressions: 600 },
  ]);
  const biggestFirst = await monthly({ sortBy: "impressions" });
  expect(biggestFirst).toMatchObject({ totalRows: 3 });
  expect(biggestFirst.rows.map((row: { label: string }) => row.label)).toEqual(["2025-11", "2025-09", "2025-10"]);
});

it("counts a range's days in the reporting time zone across a month's edge, whole months and loose days alike", async () => {
  const { publisher, zones } = await publisherWithTwoZones();
  const at = (iso: string) => new Date(`${iso}Z`);
  await recordCounts(t, [
    { hour: at("2026-01-31T23:00:00"), zoneId: zones[0], campaignId: 1, creativeId: 1, requests: 1, impressions: 1 },
    { hour: at("2026-02-01T00:00:00"), zoneId: zones[0], campaignId: 1, creativeId: 1, requests: 20, impressions: 20 },
    { hour: at("2026-02-28T23:00:00"), zoneId: zones[0], campaignId: 1, creativeId: 1, requests: 300, impressions: 300 },
    { hour: at("2026-03-01T00:00:00"), zoneId: zones[0], campaignId: 1, creativeId: 1, requests: 4000, impressions: 4000 },
  ]);
  const totals = async (from: string, to: string, breakdown = "SITE", granularity = "DAY") =>
    (await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { totals { impressions } rows { label impressions } } }`, { input: { from, to, breakdown, granularity } }, publisher.token))
      .data!.publisherReport;
  expect((await totals("2026-02-01", "2026-02-28")).rows[0].impressions).toBe(320);
  expect((await totals("2026-01-31", "2026-03-01")).totals.impressions).toBe(4321);
  expect((await totals("2026-02-01", "2026-03-31", "DATE", "MONTH")).rows).toEqual([
    { label: "2026-02", impressions: 320 },
    { label: "2026-03", impressions: 4000 },
  ]);
});
