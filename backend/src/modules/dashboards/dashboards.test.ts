import { recordCounts, recordRefused } from "../../../test/ad-fixtures";
import { Account, approvedSite, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { LedgerKind } from "../ledger/ledger-entry.entity";

let t: TestApp;
let admin: Account;
let publisher: Account;
let advertiser: Account;
let site: { id: number };
let zoneId: number;
let campaignId: number;

const thisHour = () => {
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  return hour;
};
// The 1st of last month is inside the stretch compared with this month so far, whatever today is.
const startOfLastMonth = () => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1));

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
  publisher = await signUp(t, "publisher");
  advertiser = await signUp(t, "advertiser");
  site = await approvedSite(t, publisher, admin);
  zoneId = (await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Top" } })).body.id;
  campaignId = (await createCampaign(t, advertiser, { cpm: 2 })).id;

  const key = { zoneId, campaignId, creativeId: 1, country: "US" };
  await recordCounts(t, [
    { ...key, hour: thisHour(), requests: 800, impressions: 800, clicks: 12, conversions: 3 },
    { ...key, hour: startOfLastMonth(), requests: 200, impressions: 200, clicks: 4, conversions: 1 },
    { zoneId, campaignId: 0, creativeId: 0, country: "US", hour: thisHour(), requests: 250 },
  ]);
  await t.app.services.ledger.append([
    { userId: advertiser.id, kind: LedgerKind.SPEND, amountMicros: 2_000_000, campaignId },
    { userId: advertiser.id, kind: LedgerKind.SPEND, amountMicros: 1_600_000, campaignId, createdAt: startOfLastMonth() },
    { userId: publisher.id, kind: LedgerKind.EARNING, amountMicros: 1_400_000, campaignId, zoneId },
  ]);
});
afterAll(() => t.close());

it("gives the publisher this month so far, not all time, as the cards say: impressions, clicks, CTR, revenue and fill rate", async () => {
  // Last month's 200 impressions stay out: 800 filled of 1,050 requests, 12 clicks on 800 impressions.
  const figures = { impressions: 800, clicks: 12, ctr: 1.5, revenue: 1.4, fillRate: 76.19 };
  expect((await t.gql("{ publisherStats { impressions clicks ctr revenue fillRate } }", {}, publisher.token)).data?.publisherStats).toEqual(figures);
  const stats = await t.rest("GET", "/publisher/stats", { token: publisher.token });
  expect(stats.body).toMatchObject({ impressions: 800, clicks: 12, ctr: 1.5, revenue: 1.4, fill_rate: 76.19 });
});

it("tells the publisher how this month so far compares with the same days of last month", async () => {
  const stats = await t.gql("{ publisherStats { monthOverMonth { impressions clicks ctr revenue fillRate } } }", {}, publisher.token);
  expect(stats.data?.publisherStats.monthOverMonth).toEqual({
    impressions: 300, // 800 against 200
    clicks: 200, // 12 against 4
    ctr: -0.5, // 1.5% against 2%, in points
    revenue: null, // nothing earned last month
    fillRate: -23.81, // 800 of 1,050 requests (76.19%) against 200 of 200, in points
  });
});

it("gives the advertiser this month so far, not all time: impressions, clicks, CTR, spend and conversions", async () => {
  // Last month's $1.60 of spend and 200 impressions stay out.
  const figures = { impressions: 800, clicks: 12, ctr: 1.5, spend: 2, conversions: 3 };
  expect((await t.gql("{ advertiserStats { impressions clicks ctr spend conversions } }", {}, advertiser.token)).data?.advertiserStats).toEqual(figures);
  expect((await t.rest("GET", "/advertiser/stats", { token: advertiser.token })).body).toMatchObject(figures);
});

it("tells the advertiser the same changes through both doors", async () => {
  const change = { impressions: 300, clicks: 200, ctr: -0.5, spend: 25, conversions: 200 };
  const graphql = await t.gql("{ advertiserStats { monthOverMonth { impressions clicks ctr spend conversions } } }", {}, advertiser.token);
  expect(graphql.data?.advertiserStats.monthOverMonth).toEqual(change);
  expect((await t.rest("GET", "/advertiser/stats", { token: advertiser.token })).body.month_over_month).toEqual(change);
});

it("puts the campaign's all-time numbers on its card", async () => {
  const campaign = (await t.rest("GET", "/advertiser/campaigns", { token: advertiser.token })).body.find((c: { id: number }) => c.id === campaignId);
  expect(campaign).toMatchObject({ impressions: 1000, clicks: 16, ctr: 1.6, spend: 3.6 });
});

it("counts only this calendar month in a site's monthly impressions", async () => {
  const listed = (await t.rest("GET", "/publisher/sites", { token: publisher.token })).body.find((s: { id: number }) => s.id === site.id);
  expect(listed.monthly_impressions).toBe(800);
});

it("gives new accounts zeros and no change, never another account's numbers", async () => {
  const newcomer = await signUp(t, "publisher");
  expect((await t.rest("GET", "/publisher/stats", { token: newcomer.token })).body).toEqual({
    impressions: 0,
    clicks: 0,
    ctr: 0,
    revenue: 0,
    fill_rate: 0,
    month_over_month: { impressions: null, clicks: null, ctr: null, revenue: null, fill_rate: null },
  });
});

it("gives the admin live counts and this month's revenue against the same days of last month", async () => {
  // Users: the admin, the publisher, the advertiser and the newcomer above.
  await createCampaign(t, advertiser);
  const stats = await t.gql(
    "{ adminStats { totalUsers pendingSites pendingCampaigns activeCampaigns requestedPayouts monthlyRevenue monthlyRevenueChange } }",
    {},
    admin.token,
  );
  expect(stats.data).toEqual({
    adminStats: { totalUsers: 4, pendingSites: 0, pendingCampaigns: 2, activeCampaigns: 0, requestedPayouts: 0, monthlyRevenue: 2, monthlyRevenueChange: 25 },
  });
});

it("counts the transfers waiting to be recorded on the Money badge, beside the payout requests, until an admin records them", async () => {
  const moneyWaiting = async () =>
    (await t.gql<{ adminStats: { requestedPayouts: number; awaitedTransfers: number } }>("{ adminStats { requestedPayouts awaitedTransfers } }", {}, admin.token)).data!.adminStats;
  expect(await moneyWaiting()).toEqual({ requestedPayouts: 0, awaitedTransfers: 0 });

  const depositor = await signUp(t, "advertiser", {}, { funds: 0 });
  const first = await t.rest("POST", "/advertiser/deposits", { token: depositor.token, body: { amount: 600 } });
  const second = await t.rest("POST", "/advertiser/deposits", { token: depositor.token, body: { amount: 750 } });
  expect([first.body.status, second.body.status]).toEqual(["pending", "pending"]);
  expect(await moneyWaiting()).toEqual({ requestedPayouts: 0, awaitedTransfers: 2 });

  const recorded = await t.gql("mutation($input: RecordDepositInput!) { recordDeposit(input: $input) { status } }", { input: { reference: first.body.reference, amount: 600 } }, admin.token);
  expect(recorded.data).toEqual({ recordDeposit: { status: "RECEIVED" } });
  expect(await moneyWaiting()).toEqual({ requestedPayouts: 0, awaitedTransfers: 1 });
});

it("gives traffic quality over the days asked, as the Analytics range reads, and all time without them", async () => {
  await recordRefused(t, [
    { hour: thisHour().getTime(), zoneId, campaignId, event: "impression", reason: "bot", count: 5 },
    { hour: startOfLastMonth().getTime(), zoneId, campaignId, event: "impression", reason: "bot", count: 7 },
    { hour: startOfLastMonth().getTime(), zoneId, campaignId, event: "click", reason: "ip_rate", count: 3 },
  ]);
  const quality = async (range?: { from: string; to: string }) =>
    (
      await t.gql<{ trafficQuality: { impressions: number; clicks: number; invalidEvents: number; byReason: { event: string; reason: string; events: number }[] } }>(
        "query($range: TrafficQualityInput) { trafficQuality(range: $range) { impressions clicks invalidEvents byReason { event reason events } } }",
        { range },
        admin.token,
      )
    ).data!.trafficQuality;
  const day = (date: Date) => date.toISOString().slice(0, 10);

  expect(await quality({ from: day(thisHour()), to: day(thisHour()) })).toEqual({ impressions: 800, clicks: 12, invalidEvents: 5, byReason: [{ event: "impression", reason: "bot", events: 5 }] });
  expect(await quality({ from: day(startOfLastMonth()), to: day(startOfLastMonth()) })).toEqual({
    impressions: 200,
    clicks: 4,
    invalidEvents: 10,
    byReason: [
      { event: "impression", reason: "bot", events: 7 },
      { event: "click", reason: "ip_rate", events: 3 },
    ],
  });
  expect(await quality()).toMatchObject({ impressions: 1000, clicks: 16, invalidEvents: 15 });
});

describe("at a moment pinned in the calendar", () => {
  // March 10, 12:00 UTC: compared with February 1 to February 10, 12:00.
  const now = new Date("2099-03-10T12:00:00Z");
  const at = (iso: string) => new Date(`${iso}Z`);

  it("counts last month only up to the same moment of the month, on both sources", async () => {
    const owner = await signUp(t, "publisher");
    const ownSite = await approvedSite(t, owner, admin);
    const ownZone = (await t.rest("POST", "/publisher/ad-zones", { token: owner.token, body: { site_id: ownSite.id, name: "Top" } })).body.id;
    // A campaign of its own, so no other test's advertiser sees these rows from the future.
    const ownCampaign = (await createCampaign(t, await signUp(t, "advertiser"))).id;
    const impressionsAt = (hour: string, impressions: number) => ({
      zoneId: ownZone,
      campaignId: ownCampaign,
      creativeId: 1,
      country: "US",
      hour: at(hour),
      requests: impressions,
      impressions,
    });
    await recordCounts(t, [
      impressionsAt("2099-01-31T23:00:00", 1000),
      impressionsAt("2099-02-01T00:00:00", 100),
      impressionsAt("2099-02-10T11:00:00", 50),
      impressionsAt("2099-02-10T12:00:00", 1000),
      impressionsAt("2099-02-28T23:00:00", 1000),
      impressionsAt("2099-03-01T00:00:00", 300),
    ]);
    const earned = (iso: string, amountMicros: number) => ({ userId: owner.id, kind: LedgerKind.EARNING, amountMicros, createdAt: at(iso) });
    await t.app.services.ledger.append([
      earned("2099-02-10T11:59:59", 500_000),
      earned("2099-02-10T12:00:00", 9_000_000),
      earned("2099-03-01T00:00:00", 750_000),
    ]);

    const stats = await t.app.services.dashboards.forPublisher((await t.app.services.users.authenticate(owner.token))!.user, now);

    // 300 against 100 + 50; $0.75 against $0.50; the cards show March's alone.
    expect(stats.monthOverMonth).toMatchObject({ impressions: 100, revenue: 50 });
    expect(stats).toMatchObject({ totals: { impressions: 300 }, revenueMicros: 750_000 });
  });
});

it("reads counts past 2^31 whole, as a network's month of impressions is", async () => {
  const big = await signUp(t, "publisher");
  const bigSite = await approvedSite(t, big, admin);
  const bigZone = (await t.rest("POST", "/publisher/ad-zones", { token: big.token, body: { site_id: bigSite.id, name: "Top" } })).body.id;
  const bigCampaign = (await createCampaign(t, await signUp(t, "advertiser"))).id;
  const hour = thisHour();
  await recordCounts(t, [
    { hour, zoneId: bigZone, campaignId: bigCampaign, creativeId: 1, requests: 1_500_000_000, impressions: 1_500_000_000 },
    { hour, zoneId: bigZone, campaignId: bigCampaign, creativeId: 2, requests: 1_500_000_000, impressions: 1_500_000_000 },
  ]);
  const stats = await t.gql("{ publisherStats { impressions } mySites { monthlyImpressions } }", {}, big.token);
  expect(stats.errors).toBeUndefined();
  expect(stats.data).toEqual({ publisherStats: { impressions: 3_000_000_000 }, mySites: [{ monthlyImpressions: 3_000_000_000 }] });
});
