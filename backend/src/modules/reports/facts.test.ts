import { recordCounts } from "../../../test/ad-fixtures";
import { approvedSite, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { countryNumber, pruneFineGrains } from "./facts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const COUNTERS = ["requests", "filled_requests", "impressions", "clicks", "conversions", "spend_micros", "revenue_micros"] as const;

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

type Owners = Awaited<ReturnType<typeof twoPublishersAndAdvertisers>>[number];
type Totals = Record<(typeof COUNTERS)[number], number>;

/** A row of counts the test recorded, with whose zone and campaign they were. */
interface Recorded extends Omit<Totals, "filled_requests"> {
  zone: Owners;
  campaign: Owners | null;
  country: string;
}

/** What the read model must hold for the recorded rows `keep` selects, summed here from what was recorded. */
function summed(recorded: Recorded[], keep: (row: Recorded) => boolean): Totals {
  const totals = Object.fromEntries(COUNTERS.map((name) => [name, 0])) as Totals;
  for (const row of recorded.filter(keep)) {
    for (const name of COUNTERS) if (name !== "filled_requests") totals[name] += row[name];
    if (row.campaign) totals.filled_requests += row.requests;
  }
  return totals;
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
  const recorded: Recorded[] = [];
  const none = { impressions: 0, clicks: 0, conversions: 0, spend_micros: 0, revenue_micros: 0 };
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
      const filled = { ...counts, spend_micros: counts.spendMicros, revenue_micros: counts.revenueMicros };
      recorded.push({ zone, campaign, country: "US", ...filled }, { zone, campaign, country: "DE", ...filled }, { zone, campaign: null, country: "US", ...none, requests: n });
    }
  }

  const expected = (keep: (row: Recorded) => boolean) => summed(recorded, keep);
  for (const owner of [a, b]) {
    const publisher = expected((row) => row.zone === owner);
    const advertiser = expected((row) => row.campaign === owner);
    expect(publisher.impressions).toBeGreaterThan(0);
    for (const grain of ["m", "d", "h"]) expect(await keptTotals("publisher", owner.publisher.id, grain)).toEqual(publisher);
    for (const grain of ["m", "d", "h"]) expect(await keptTotals("advertiser", owner.advertiser.id, grain)).toEqual(advertiser);
    for (const grain of ["m", "d"]) {
      expect(await keptTotals("site", owner.site.id, grain)).toEqual(publisher);
      expect(await keptTotals("campaign", owner.campaignId, grain)).toEqual(advertiser);
    }
  }
  const day = (scope: string, id: number) => keptTotals(scope, id, "d");
  expect(await day("zone", a.zoneId)).toEqual(expected((row) => row.zone === a));
  expect(await day("creative", 1)).toEqual(expected((row) => row.campaign !== null));
  const germany = countryNumber("DE");
  expect(await keptOwned("pub_country", a.publisher.id, germany)).toEqual(expected((row) => row.zone === a && row.country === "DE"));
  expect(await keptOwned("adv_country", b.advertiser.id, germany)).toEqual(expected((row) => row.campaign === b && row.country === "DE"));
  expect(await keptOwned("adv_site", b.advertiser.id, a.site.id)).toEqual(expected((row) => row.campaign === b && row.zone === a));
  // Requests nothing filled count for the publisher, never for an advertiser.
  expect((await keptTotals("advertiser", a.advertiser.id, "m")).filled_requests).toBe((await keptTotals("advertiser", a.advertiser.id, "m")).requests);
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
