import { recordCounts } from "../../../test/ad-fixtures";
import { approvedSite, createCampaign, creditEarnings, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { ReadModel1764100000000 } from "../../db/migrations/1764100000000-read-model";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import { countryNumber, pruneFineGrains } from "./facts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const COUNTERS = ["requests", "filled_requests", "impressions", "clicks", "conversions", "spend_micros", "revenue_micros"];

async function twoPublishersAndAdvertisers() {
  const admin = await signInAdmin(t);
  const owners = [];
  for (let i = 0; i < 2; i++) {
    const publisher = await signUp(t, "publisher");
    const site = await approvedSite(t, publisher, admin);
    const zoneId = (await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Top" } })).body.id;
    const advertiser = await signUp(t, "advertiser");
    const campaignId = (await createCampaign(t, advertiser)).id;
    owners.push({ publisher, site, zoneId, advertiser, campaignId });
  }
  return owners;
}

/** The same totals summed straight from the hourly aggregates, as the read model must hold them. */
async function summedFromAggregates(where: string, params: unknown[]) {
  const [row] = await t.app.dataSource.query(
    "SELECT COALESCE(SUM(d.requests), 0) AS requests, COALESCE(SUM(CASE WHEN d.campaign_id > 0 THEN d.requests ELSE 0 END), 0) AS filled_requests, " +
      "COALESCE(SUM(d.impressions), 0) AS impressions, COALESCE(SUM(d.clicks), 0) AS clicks, COALESCE(SUM(d.conversions), 0) AS conversions, " +
      "COALESCE(SUM(d.spend_micros), 0) AS spend_micros, COALESCE(SUM(d.revenue_micros), 0) AS revenue_micros FROM delivery_stats d " +
      `JOIN ad_zones z ON z.id = d.zone_id JOIN sites s ON s.id = z.site_id LEFT JOIN campaigns c ON c.id = d.campaign_id WHERE ${where}`,
    params,
  );
  return Object.fromEntries(COUNTERS.map((name) => [name, Number(row[name])]));
}

async function keptTotals(scope: string, scopeId: number, grain: string) {
  const [row] = await t.app.dataSource.query(
    `SELECT ${COUNTERS.map((name) => `COALESCE(SUM(${name}), 0) AS ${name}`).join(", ")} FROM stat_facts WHERE scope = ? AND scope_id = ? AND grain = ?`,
    [scope, scopeId, grain],
  );
  return Object.fromEntries(COUNTERS.map((name) => [name, Number(row[name])]));
}

async function keptOwned(scope: string, ownerId: number, scopeId: number) {
  const [row] = await t.app.dataSource.query(
    `SELECT ${COUNTERS.map((name) => `COALESCE(SUM(${name}), 0) AS ${name}`).join(", ")} FROM stat_facts WHERE scope = ? AND owner_id = ? AND scope_id = ? AND grain = 'd'`,
    [scope, ownerId, scopeId],
  );
  return Object.fromEntries(COUNTERS.map((name) => [name, Number(row[name])]));
}

it("keeps every scope's totals equal to the counted events, at every grain", async () => {
  const [a, b] = await twoPublishersAndAdvertisers();
  const now = Date.now();
  const hours = [now, now - 3_600_000, now - 2 * DAY, now - 40 * DAY].map((at) => new Date(at - (at % 3_600_000)));
  let n = 1;
  for (const hour of hours) {
    for (const [zone, campaign] of [
      [a, a],
      [a, b],
      [b, b],
    ]) {
      n += 1;
      const counts = { requests: 10 * n, impressions: 9 * n, clicks: n, conversions: n % 2, spendMicros: 4_000 * 9 * n, revenueMicros: 2_800 * 9 * n };
      await recordCounts(t, [
        { hour, zoneId: zone.zoneId, campaignId: campaign.campaignId, creativeId: 1, country: "US", ...counts },
        { hour, zoneId: zone.zoneId, campaignId: campaign.campaignId, creativeId: 1, country: "DE", ...counts },
        { hour, zoneId: zone.zoneId, requests: n },
      ]);
    }
  }

  for (const owner of [a, b]) {
    const publisher = await summedFromAggregates("s.publisher_id = ?", [owner.publisher.id]);
    const advertiser = await summedFromAggregates("c.advertiser_id = ?", [owner.advertiser.id]);
    expect(publisher.impressions).toBeGreaterThan(0);
    for (const grain of ["m", "d", "h"]) expect(await keptTotals("publisher", owner.publisher.id, grain)).toEqual(publisher);
    for (const grain of ["m", "d", "h"]) expect(await keptTotals("advertiser", owner.advertiser.id, grain)).toEqual(advertiser);
    for (const grain of ["m", "d"]) {
      expect(await keptTotals("site", owner.site.id, grain)).toEqual(await summedFromAggregates("z.site_id = ?", [owner.site.id]));
      expect(await keptTotals("campaign", owner.campaignId, grain)).toEqual(await summedFromAggregates("d.campaign_id = ?", [owner.campaignId]));
    }
  }
  const day = (scope: string, id: number) => keptTotals(scope, id, "d");
  expect(await day("zone", a.zoneId)).toEqual(await summedFromAggregates("d.zone_id = ?", [a.zoneId]));
  expect(await day("creative", 1)).toEqual(await summedFromAggregates("d.creative_id = 1 AND z.id IN (?, ?)", [a.zoneId, b.zoneId]));
  const germany = countryNumber("DE");
  expect(await keptOwned("pub_country", a.publisher.id, germany)).toEqual(await summedFromAggregates("s.publisher_id = ? AND d.country = 'DE'", [a.publisher.id]));
  expect(await keptOwned("adv_country", b.advertiser.id, germany)).toEqual(await summedFromAggregates("c.advertiser_id = ? AND d.country = 'DE'", [b.advertiser.id]));
  expect(await keptOwned("adv_site", b.advertiser.id, a.site.id)).toEqual(await summedFromAggregates("c.advertiser_id = ? AND z.site_id = ?", [b.advertiser.id, a.site.id]));
  // Requests nothing filled count for the publisher, never for an advertiser.
  expect((await keptTotals("advertiser", a.advertiser.id, "m")).filled_requests).toBe((await keptTotals("advertiser", a.advertiser.id, "m")).requests);
});

it("rebuilds the same totals from the hourly aggregates and the ledger when the read model is created", async () => {
  const [owner] = await twoPublishersAndAdvertisers();
  await recordCounts(t, [{ hour: new Date(Date.now() - 5 * DAY), zoneId: owner.zoneId, campaignId: owner.campaignId, requests: 7, impressions: 7, clicks: 2, spendMicros: 28_000 }]);
  await creditEarnings(t, owner.publisher.id, 19_600, new Date());
  await t.app.services.ledger.append([{ userId: owner.advertiser.id, kind: LedgerKind.SPEND, amountMicros: 28_000, campaignId: owner.campaignId, createdAt: new Date(Date.now() - 5 * DAY) }]);
  const snapshot = async () => ({
    stats: await t.app.dataSource.query(`SELECT scope, owner_id, scope_id, grain, period, ${COUNTERS.join(", ")} FROM stat_facts ORDER BY scope, owner_id, scope_id, grain, period`),
    ledger: await t.app.dataSource.query("SELECT account, account_id, grain, kind, period, total_micros FROM ledger_totals ORDER BY account, account_id, grain, kind, period"),
  });
  const before = await snapshot();
  expect(before.ledger.length).toBeGreaterThan(0);
  const runner = t.app.dataSource.createQueryRunner();
  try {
    const migration = new ReadModel1764100000000();
    await migration.down(runner);
    await migration.up(runner);
  } finally {
    await runner.release();
  }
  expect(await snapshot()).toEqual(before);
});

it("drops hourly totals past the retention and daily ones past their months, and keeps every month", async () => {
  const [owner] = await twoPublishersAndAdvertisers();
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY - ((now - daysAgo * DAY) % 3_600_000));
  for (const daysAgo of [1, 40, 800]) await recordCounts(t, [{ hour: at(daysAgo), zoneId: owner.zoneId, requests: 1 }]);
  await pruneFineGrains(t.app.dataSource.manager, { hourlyDays: 35, dailyMonths: 25 }, now);
  const kept = async (grain: string) =>
    (await t.app.dataSource.query("SELECT COUNT(*) AS n FROM stat_facts WHERE scope = 'site' AND scope_id = ? AND grain = ?", [owner.site.id, grain]))[0].n;
  const publisherHours = async () =>
    Number((await t.app.dataSource.query("SELECT COUNT(*) AS n FROM stat_facts WHERE scope = 'publisher' AND scope_id = ? AND grain = 'h'", [owner.publisher.id]))[0].n);
  expect(await publisherHours()).toBe(1);
  expect(Number(await kept("d"))).toBe(2);
  expect(Number(await kept("m"))).toBe(3);
  expect((await keptTotals("site", owner.site.id, "m")).requests).toBe(3);
});
