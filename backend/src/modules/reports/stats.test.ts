import { Account, approvedSite, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import { DeliveryStat } from "./delivery-stat.entity";

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
const lastMonth = () => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15));

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
  publisher = await signUp(t, "publisher");
  advertiser = await signUp(t, "advertiser");
  site = await approvedSite(t, publisher, admin);
  zoneId = (await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Top" } })).body.id;
  campaignId = (await createCampaign(t, advertiser, { cpm: 2 })).id;

  const key = { zoneId, campaignId, creativeId: 1, country: "US" };
  await t.app.dataSource.getRepository(DeliveryStat).insert([
    { ...key, hour: thisHour(), requests: 800, impressions: 800, clicks: 12, conversions: 3 },
    { ...key, hour: lastMonth(), requests: 200, impressions: 200, clicks: 4, conversions: 1 },
    { zoneId, campaignId: 0, creativeId: 0, country: "US", hour: thisHour(), requests: 250 },
  ]);
  await t.app.services.ledger.append([
    { userId: advertiser.id, kind: LedgerKind.SPEND, amountMicros: 2_000_000, campaignId },
    { userId: publisher.id, kind: LedgerKind.EARNING, amountMicros: 1_400_000, campaignId, zoneId },
  ]);
});
afterAll(() => t.close());

it("gives the publisher impressions, clicks, CTR, revenue and fill rate from counted events and the ledger", async () => {
  const stats = await t.rest("GET", "/publisher/stats", { token: publisher.token });
  // 1,000 filled of 1,250 requests; 16 clicks on 1,000 impressions.
  expect(stats.body).toEqual({ impressions: 1000, clicks: 16, ctr: 1.6, revenue: 1.4, fill_rate: 80 });
});

it("gives the advertiser impressions, clicks, CTR, spend and conversions", async () => {
  const stats = await t.rest("GET", "/advertiser/stats", { token: advertiser.token });
  expect(stats.body).toEqual({ impressions: 1000, clicks: 16, ctr: 1.6, spend: 2, conversions: 4 });
});

it("puts the same numbers on the campaign card", async () => {
  const campaign = (await t.rest("GET", "/advertiser/campaigns", { token: advertiser.token })).body.find((c: { id: number }) => c.id === campaignId);
  expect(campaign).toMatchObject({ impressions: 1000, clicks: 16, ctr: 1.6, spend: 2 });
});

it("counts only this calendar month in a site's monthly impressions", async () => {
  const listed = (await t.rest("GET", "/publisher/sites", { token: publisher.token })).body.find((s: { id: number }) => s.id === site.id);
  expect(listed.monthly_impressions).toBe(800);
});

it("gives new accounts zeros, never another account's numbers", async () => {
  const newcomer = await signUp(t, "publisher");
  expect((await t.rest("GET", "/publisher/stats", { token: newcomer.token })).body).toEqual({ impressions: 0, clicks: 0, ctr: 0, revenue: 0, fill_rate: 0 });
});

it("gives the admin live counts and this month's revenue", async () => {
  // Users: the admin, the publisher, the advertiser and the newcomer above.
  await createCampaign(t, advertiser);
  const stats = await t.gql("{ adminStats { totalUsers pendingSites pendingCampaigns activeCampaigns requestedPayouts monthlyRevenue } }", {}, admin.token);
  expect(stats.data).toEqual({
    adminStats: { totalUsers: 4, pendingSites: 0, pendingCampaigns: 2, activeCampaigns: 0, requestedPayouts: 0, monthlyRevenue: 2 },
  });
});
