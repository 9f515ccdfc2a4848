import { randomUUID } from "node:crypto";
import { createZone, recordCounts } from "../../../test/ad-fixtures";
import { atOnce, restOutcomes } from "../../../test/at-once";
import { type Account, approvedSite, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, type TestApp } from "../../../test/test-app";
import { Campaign } from "../campaigns/campaign.entity";
import { HOUR_MS, reportCalendar } from "../reports/grains";
import { InsertionOrder } from "./insertion-order.entity";

/**
 * Availability, bookings, make-goods and under-delivery over two weeks of history: each site's zone
 * had 10,000 requests a day, so a site's availability over ten days is 100,000 before bookings.
 */

const PER_DAY = 10_000;
const AVAILABILITY = `query($input: AvailabilityInput!) { availability(input: $input) { days forecastImpressions bookedImpressions availableImpressions basis contenders { name tier impressions } } }`;
const BOOK = `mutation($input: BookCampaignInput!, $key: String!) { bookCampaign(input: $input, idempotencyKey: $key) { overridden availableImpressions campaign { id status } } }`;
const HISTORY = `query($id: Int!) { campaignHistory(id: $id) { action field to } }`;

let t: TestApp;
let admin: Account;
let advertiser: Account;
const sites: string[] = [];
const today = reportCalendar().dateOf(Date.now());
const inDays = (days: number) => reportCalendar().dateOf(reportCalendar().dateStart(today, days));
const onSite = (site: number, mode = "INCLUDE") => ({ sites: { mode, values: [sites[site]] } });

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
  advertiser = await signUp(t, "advertiser");
  const publisher = await signUp(t, "publisher");
  const history = [];
  for (let site = 0; site < 6; site++) {
    const { id, domain } = await approvedSite(t, publisher, admin);
    sites.push(domain);
    const zoneId = await createZone(t, publisher, id, [300, 250]);
    for (let day = 1; day <= 14; day++) history.push({ hour: new Date(reportCalendar().dateStart(today, -day) + 12 * HOUR_MS), zoneId, requests: PER_DAY });
  }
  await recordCounts(t, history);
});
afterAll(() => t.close());

const guaranteed = (site: number, goalAmount: number, fields: Record<string, unknown> = {}) => ({
  name: `Guaranteed on site ${site}`,
  budget: 5_000,
  bid: 4,
  startDate: today,
  endDate: inDays(9),
  deliveryTier: "GUARANTEED",
  goalAmount,
  targeting: onSite(site),
  ...fields,
});

async function availability(site: number, endDate = inDays(9)) {
  const result = await t.gql(AVAILABILITY, { input: { targeting: onSite(site), startDate: today, endDate } }, admin.token);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.availability;
}

const book = (campaign: Record<string, unknown>, options: { override?: boolean; key?: string } = {}) =>
  t.gql(BOOK, { input: { advertiserEmail: advertiser.email, campaign, overrideAvailability: options.override }, key: options.key ?? randomUUID() }, admin.token);

async function booked(campaign: Record<string, unknown>, options: { override?: boolean } = {}) {
  const result = await book(campaign, options);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.bookCampaign;
}

it("answers a site's forecast net of what a guaranteed campaign booked there takes, through both doors, for admins only", async () => {
  expect(await availability(0)).toMatchObject({ days: 10, forecastImpressions: 100_000, bookedImpressions: 0, availableImpressions: 100_000 });
  await booked(guaranteed(0, 60_000));
  // Its 60,000 spread over its ten days: 30,000 of them in the first five.
  expect(await availability(0)).toMatchObject({ forecastImpressions: 100_000, bookedImpressions: 60_000, availableImpressions: 40_000, contenders: [{ name: "Guaranteed on site 0", tier: "GUARANTEED", impressions: 60_000 }] });
  expect(await availability(0, inDays(4))).toMatchObject({ forecastImpressions: 50_000, availableImpressions: 20_000 });
  // Another site's inventory is not shared.
  expect((await availability(1)).availableImpressions).toBe(100_000);
  const rest = await t.rest("POST", "/admin/availability", { token: admin.token, body: { targeting: onSite(0, "include"), start_date: today, end_date: inDays(9) } });
  expect(rest).toMatchObject({ status: 200, body: { available_impressions: 40_000 } });
  expect((await t.rest("POST", "/admin/availability", { token: advertiser.token, body: { end_date: inDays(9) } })).status).toBe(403);
});

it("refuses a goal above availability with the reason, and books it with the override, flagged in its history", async () => {
  await booked(guaranteed(1, 70_000));
  const refused = await book(guaranteed(1, 50_000));
  expect(refused.errors?.[0]).toMatchObject({
    extensions: { code: "BAD_USER_INPUT", field: "goalAmount" },
    message: expect.stringContaining("Only 30,000 impressions are available for this targeting and dates, and this booking needs 50,000"),
  });
  expect(await t.app.dataSource.getRepository(Campaign).countBy({ name: "Guaranteed on site 1" })).toBe(1);

  const overridden = await booked(guaranteed(1, 50_000), { override: true });
  expect(overridden).toMatchObject({ overridden: true, availableImpressions: 30_000, campaign: { status: "PENDING" } });
  const history = (await t.gql(HISTORY, { id: Number(overridden.campaign.id) }, admin.token)).data!.campaignHistory;
  expect(history).toEqual(expect.arrayContaining([{ action: "Booked", field: "Booked over availability", to: "Yes" }, { action: "Booked", field: "Available when booked", to: "30,000" }]));
});

it("books one campaign for identical bookings sent at once under one key, through both doors", async () => {
  const key = randomUUID();
  const campaign = guaranteed(2, 10_000, { name: "Sent four times" });
  const restBody = { advertiser_email: advertiser.email, campaign: { name: campaign.name, budget: 5_000, bid: 4, start_date: today, end_date: inDays(9), delivery_tier: "guaranteed", goal_amount: 10_000, targeting: onSite(2, "include") } };
  const answered = await atOnce(4, async (index) =>
    index % 2 === 0
      ? Number((await book(campaign, { key })).data?.bookCampaign?.campaign.id)
      : Number((await t.rest("POST", "/admin/bookings", { token: admin.token, headers: { "idempotency-key": key }, body: restBody })).body?.campaign?.id),
  );
  const ids = new Set(answered);
  expect(await t.app.dataSource.getRepository(Campaign).countBy({ name: "Sent four times" })).toBe(1);
  expect(ids.size).toBe(1);
});

it("lets only one of two bookings racing for the last availability through without override", async () => {
  const results = await atOnce(2, (index) => book(guaranteed(3, 60_000, { name: `Racer ${index}` })));
  const refusals = results.map((result) => result.errors?.[0]?.message).filter(Boolean);
  expect(refusals).toEqual([expect.stringContaining("Only 40,000 impressions are available")]);
  expect((await availability(3)).availableImpressions).toBe(40_000);
});

it("books a make-good once however many identical requests arrive, raising the goal and the end date in the history", async () => {
  const { campaign } = await booked(guaranteed(4, 20_000));
  const key = randomUUID();
  const body = { extra_impressions: 5_000, end_date: inDays(12) };
  const results = await atOnce(3, () => t.rest("POST", `/admin/campaigns/${campaign.id}/make-good`, { token: admin.token, headers: { "idempotency-key": key }, body }));
  expect(restOutcomes(results)).toEqual({ succeeded: 3, conflicts: 0, others: [] });
  const stored = await t.app.dataSource.getRepository(Campaign).findOneByOrFail({ id: Number(campaign.id) });
  expect(stored).toMatchObject({ goalAmount: 25_000, endDate: inDays(12) });
  const history = (await t.gql(HISTORY, { id: Number(campaign.id) }, admin.token)).data!.campaignHistory;
  expect(history.filter((row: { action: string }) => row.action === "Make-good booked")).toEqual(
    expect.arrayContaining([{ action: "Make-good booked", field: "Goal", to: "25000" }, { action: "Make-good booked", field: "End date", to: inDays(12) }, { action: "Make-good booked", field: "Make-good impressions", to: "5,000" }]),
  );
  const byAdvertiser = await t.gql(`mutation { bookMakeGood(id: ${campaign.id}, input: { extraImpressions: 1 }, idempotencyKey: "${randomUUID()}") { id } }`, {}, advertiser.token);
  expect(byAdvertiser.errors?.[0].extensions?.code).toBe("FORBIDDEN");
});

it("shows a guaranteed campaign behind pace on the admins' dashboard, outbid by a sponsorship of its inventory", async () => {
  const { campaign } = await booked(guaranteed(5, 50_000));
  await t.gql(`mutation { approveCampaign(id: ${campaign.id}) { id } }`, {}, admin.token);
  // Three days into its flight with nothing delivered.
  await t.app.dataSource.getRepository(Campaign).update({ id: Number(campaign.id) }, { startDate: inDays(-3), endDate: inDays(6) });
  await booked({ ...guaranteed(5, 0), name: "Sponsor of site 5", deliveryTier: "SPONSORSHIP", goalAmount: undefined, sharePercent: 100, endDate: inDays(6) }, { override: true });
  const panel = await t.gql(`{ underDeliveredCampaigns { campaignId delivered expected behindPercent goalLeft daysLeft reason why overridden } }`, {}, admin.token);
  const row = panel.data!.underDeliveredCampaigns.find((entry: { campaignId: number }) => entry.campaignId === Number(campaign.id));
  expect(row).toMatchObject({ delivered: 0, behindPercent: 100, goalLeft: 50_000, daysLeft: 7, reason: "OUTBID_BY_HIGHER_PRIORITY", overridden: false });
  expect(row.expected).toBeGreaterThanOrEqual(15_000);
  expect(row.why).toContain("take 70,000 of the 70,000 impressions its targeting reaches in the 7 days left");
  expect(await t.app.dataSource.getRepository(InsertionOrder).countBy({ overridden: true })).toBeGreaterThanOrEqual(1);
});

it("reports what each priority took, filled and earned", async () => {
  const [first] = await t.app.dataSource.getRepository(Campaign).find({ where: { name: "Guaranteed on site 0" } });
  const zoneId = Number((await t.app.dataSource.query("SELECT id FROM ad_zones ORDER BY id LIMIT 1"))[0].id);
  await recordCounts(t, [{ hour: new Date(reportCalendar().dateStart(today) + HOUR_MS), zoneId, campaignId: first.id, requests: 40, impressions: 40, spendMicros: 160_000 }]);
  const report = await t.gql(
    `query($input: ReportInput!) { networkReport(input: $input) { rows { key label ... on NetworkReportRow { requests impressions spend } } } }`,
    { input: { from: today, to: today, breakdown: "PRIORITY" } },
    admin.token,
  );
  if (report.errors) throw new Error(JSON.stringify(report.errors));
  expect(report.data!.networkReport.rows).toEqual([{ key: "guaranteed", label: "Guaranteed: a goal between its dates", requests: 40, impressions: 40, spend: 0.16 }]);
  const csv = await t.rest("GET", `/admin/reports.csv?from=${today}&to=${today}&breakdown=priority`, { token: admin.token });
  expect(csv.status).toBe(200);
  expect(String(csv.body).split("\n")[0]).toMatch(/^Priority,Requests,Impressions,/);
  expect(String(csv.body)).toContain("Guaranteed: a goal between its dates,40,40,");
});
