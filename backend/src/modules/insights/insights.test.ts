import { BROWSER_UA, type LiveAd, liveAd, recordCounts } from "../../../test/ad-fixtures";
import { signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { newBatchId, writeBatch } from "../delivery/counting/batch-writer";
import type { BatchRows } from "../delivery/counting/counted-events";
import { StatTable } from "../delivery/counting/stat-table";
import { periodStartMs } from "../reports/grains";
import type { ReachRow } from "../reports/reach";
import { REACH_STANDARD_ERROR, reachKeyOf } from "../reports/reach-sketch";
import { Site } from "../sites/site.entity";
import type { FacetRow } from "./request-facets";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => periodStartMs("d", Date.now());
const siteName = async (ad: LiveAd) => (await t.app.dataSource.getRepository(Site).findOneByOrFail({ id: ad.site.id })).name;

const INSIGHTS = `query ($id: Int!, $from: String!, $to: String!) { campaignInsights(campaignId: $id, from: $from, to: $to) {
  campaignId from to
  reach { visitors identifiedImpressions unidentifiedImpressions frequency standardErrorPercent counting days { day visitors identifiedImpressions frequency } }
  insights { dimension label measure total networkTotal values { value label count share networkShare index impressions clicks conversions requests } } } }`;

async function insightsOf(ad: Pick<LiveAd, "campaignId" | "advertiser">, from: number, to: number) {
  const result = await t.gql(INSIGHTS, { id: ad.campaignId, from: isoDay(from), to: isoDay(to) }, ad.advertiser.token);
  expect(result.errors).toBeUndefined();
  return result.data!.campaignInsights;
}

/** A batch as the ad server's writer writes it, carrying only reach or facets. */
const batchOf = (rows: Partial<BatchRows>): BatchRows => ({ id: newBatchId(), stats: StatTable.of([]), invalid: [], money: [], clicks: [], completed: [], ...rows });
const visitors = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => reachKeyOf(`visitor-${from + i}`));

/** Within three standard errors of the sketch: a bound a correct estimate misses about once in 400 draws, and these draws are fixed. */
const withinSketchError = (estimate: number, truth: number) => expect(Math.abs(estimate - truth)).toBeLessThanOrEqual(3 * REACH_STANDARD_ERROR * truth);

it("counts reach once per visitor across days and concurrent writers, within the sketch's error, and frequency as impressions per visitor", async () => {
  const ad = await liveAd(t);
  const [day1, day2, day3] = [today() - 6 * DAY, today() - 5 * DAY, today() - 4 * DAY];
  const reach = (day: number, keys: number[], impressions: number): ReachRow => ({ campaignId: ad.campaignId, day, visitors: keys, impressions });
  await writeBatch(t.app.dataSource, batchOf({ reach: [reach(day1, visitors(0, 10_000), 20_000)] }));
  await writeBatch(t.app.dataSource, batchOf({ reach: [reach(day2, visitors(5_000, 15_000), 10_000)] }));
  // Two writers merging into one day's sketch at once: neither's visitors may be lost.
  await Promise.all([
    writeBatch(t.app.dataSource, batchOf({ reach: [reach(day3, visitors(20_000, 25_000), 5_000)] })),
    writeBatch(t.app.dataSource, batchOf({ reach: [reach(day3, visitors(25_000, 30_000), 5_000)] })),
  ]);
  // The campaign's impressions as the read model counts them: 2,000 more than identified visitors saw.
  await recordCounts(t, [{ hour: new Date(day1 + 3_600_000), zoneId: ad.zoneId, campaignId: ad.campaignId, creativeId: ad.creativeId, impressions: 42_000 }]);

  const { reach: figures } = await insightsOf(ad, day1, day3);
  withinSketchError(figures.visitors, 25_000);
  expect(figures).toMatchObject({ identifiedImpressions: 40_000, unidentifiedImpressions: 2_000, standardErrorPercent: 1.6 });
  expect(figures.frequency).toBeCloseTo(40_000 / figures.visitors, 2);
  expect(figures.counting).toMatch(/without one are not in reach or frequency/);
  expect(figures.days.map((day: { day: string }) => day.day)).toEqual([day1, day2, day3].map((ms) => new Date(ms).toISOString()));
  for (const day of figures.days) withinSketchError(day.visitors, 10_000);
  expect(figures.days.map((day: { identifiedImpressions: number }) => day.identifiedImpressions)).toEqual([20_000, 10_000, 10_000]);
  // A range of one day reads that day's sketch alone; visitors of day 1 and 2 are not summed over the two.
  withinSketchError((await insightsOf(ad, day2, day2)).reach.visitors, 10_000);
  withinSketchError((await insightsOf(ad, day1, day2)).reach.visitors, 15_000);
});

/** What the network script sends and keeps: the ad server's cookie, the page's keywords, its privacy signals. */
interface Browser {
  cookie?: string;
  consent?: string;
}

async function view(ad: LiveAd, browser: Browser): Promise<Browser> {
  const headers = { "user-agent": BROWSER_UA, ...(browser.cookie ? { cookie: `adnet_visitor=${browser.cookie}` } : {}) };
  const signals = `&kw=${encodeURIComponent("Running, shoes")}${browser.consent ? `&${browser.consent}` : ""}`;
  const served = (await (await fetch(`${t.url}/serve?zone=${ad.zoneId}&page=${encodeURIComponent(ad.page)}${signals}`, { headers })).json()) as { fill: boolean; impressionUrl: string };
  expect(served.fill).toBe(true);
  const beacon = await fetch(`${served.impressionUrl}${browser.consent ? `&${browser.consent}` : ""}`, { method: "POST", headers: { ...headers, origin: new URL(ad.page).origin } });
  expect(beacon.ok).toBe(true);
  const cookie = /^adnet_visitor=([^;]+)/.exec(beacon.headers.get("set-cookie") ?? "")?.[1];
  return { ...browser, ...(cookie ? { cookie } : {}) };
}

it("reaches the visitors the ad server identified, counts apart those without consent, and tells the requests' devices and keywords", async () => {
  // A capped campaign's impression gives a browser the ad server's identifier: its ads elsewhere are then counted in reach.
  const capped = await liveAd(t, { frequencyCaps: [{ count: 10, per: "day" }] });
  const ad = await liveAd(t);
  let first = await view(capped, {});
  for (let n = 0; n < 2; n++) first = await view(ad, first);
  await view(ad, await view(capped, {}));
  // A browser without an identifier yet, and one whose page refuses storage: their impressions count, apart from reach.
  await view(ad, {});
  const withheld: Browser = { consent: "nocap=1" };
  for (let n = 0; n < 2; n++) expect((await view(ad, withheld)).cookie).toBeUndefined();
  await t.app.services.delivery.flush();

  const insights = await insightsOf(ad, today(), today());
  expect(insights.reach).toMatchObject({ visitors: 2, identifiedImpressions: 3, unidentifiedImpressions: 3, frequency: 1.5 });
  const dimension = (name: string) => insights.insights.find((insight: { dimension: string }) => insight.dimension === name);
  expect(dimension("device")).toMatchObject({ measure: "requests", total: 6, values: [{ value: "desktop", label: "Desktop", count: 6, share: 100 }] });
  expect(dimension("keyword").values.map((value: { value: string; count: number }) => [value.value, value.count])).toEqual([
    ["running", 6],
    ["shoes", 6],
  ]);
  expect(dimension("site")).toMatchObject({ measure: "impressions", total: 6, values: [{ value: String(ad.site.id), label: await siteName(ad), impressions: 6 }] });
});

it("indexes a campaign's sites, countries, hours and devices against the network's shares of the same days", async () => {
  const first = await liveAd(t);
  const second = await liveAd(t);
  const day = today() - 20 * DAY;
  const hour = new Date(day + 5 * 3_600_000);
  const row = (ad: LiveAd, campaign: LiveAd, country: string, impressions: number) => ({
    hour,
    zoneId: ad.zoneId,
    campaignId: campaign.campaignId,
    creativeId: campaign.creativeId,
    country,
    requests: impressions,
    impressions,
    clicks: impressions / 100,
  });
  // The campaign: 300 impressions on the first site (US), 100 on the second (DE); the network adds the other campaign's 100 and 500.
  await recordCounts(t, [row(first, first, "US", 300), row(second, first, "DE", 100), row(first, second, "US", 100), row(second, second, "DE", 500)]);
  const facet = (subject: FacetRow["subject"], subjectId: number, value: string, requests: number): FacetRow => ({ hour: hour.getTime(), subject, subjectId, dimension: "device", value, requests });
  await writeBatch(
    t.app.dataSource,
    batchOf({ facets: [facet("n", 0, "mobile", 200), facet("n", 0, "desktop", 800), facet("c", first.campaignId, "mobile", 100), facet("c", first.campaignId, "desktop", 100)] }),
  );

  const { insights } = await insightsOf(first, day, day);
  const indexes = (name: string) =>
    insights.find((insight: { dimension: string }) => insight.dimension === name).values.map((value: { value: string; share: number; networkShare: number; index: number }) => [value.value, value.share, value.networkShare, value.index]);
  // Share 75% where the network has 40%: index 188; 25% against 60%: 42.
  expect(indexes("site")).toEqual([
    [String(first.site.id), 75, 40, 188],
    [String(second.site.id), 25, 60, 42],
  ]);
  expect(indexes("country")).toEqual([
    ["US", 75, 40, 188],
    ["DE", 25, 60, 42],
  ]);
  expect(indexes("hour")).toEqual([["05", 100, 100, 100]]);
  expect(indexes("device")).toEqual([
    ["desktop", 50, 80, 63],
    ["mobile", 50, 20, 250],
  ]);
  const site = insights.find((insight: { dimension: string }) => insight.dimension === "site");
  expect(site).toMatchObject({ label: "Sites", total: 400, networkTotal: 1000 });
  expect(site.values[0]).toMatchObject({ label: await siteName(first), impressions: 300, clicks: 3 });
});

it("shows a campaign's insights to its advertiser only, over a checked range, through both doors", async () => {
  const ad = await liveAd(t);
  const other = await signUp(t, "advertiser");
  const refused = await t.gql(INSIGHTS, { id: ad.campaignId, from: isoDay(today()), to: isoDay(today()) }, other.token);
  expect(refused.errors?.[0]).toMatchObject({ extensions: { code: "NOT_FOUND" } });
  const backwards = await t.gql(INSIGHTS, { id: ad.campaignId, from: isoDay(today()), to: isoDay(today() - DAY) }, ad.advertiser.token);
  expect(backwards.errors?.[0]).toMatchObject({ message: "The end date may not be before the start date", extensions: { code: "BAD_USER_INPUT", field: "to" } });

  const rest = await t.rest("GET", `/advertiser/campaigns/${ad.campaignId}/insights?from=${isoDay(today())}&to=${isoDay(today())}`, { token: ad.advertiser.token });
  expect(rest.status).toBe(200);
  expect(rest.body).toMatchObject({ campaign_id: ad.campaignId, reach: { visitors: 0, frequency: null } });
  const badRest = await t.rest("GET", `/advertiser/campaigns/${ad.campaignId}/insights?from=yesterday&to=${isoDay(today())}`, { token: ad.advertiser.token });
  expect(badRest.status).toBe(422);
  expect(badRest.body.detail).toMatch(/from/i);
});
