import { BROWSER_UA, type LiveAd, liveAd, recordCounts } from "../../../test/ad-fixtures";
import { type Account, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { MEMBERSHIPS_COOKIE } from "../audiences/memberships";
import { Campaign } from "../campaigns/campaign.entity";
import { newBatchId, writeBatch } from "../delivery/counting/batch-writer";
import { StatTable } from "../delivery/counting/stat-table";
import { periodStartMs } from "../reports/grains";
import { Site } from "../sites/site.entity";
import type { InsightDimension } from "./insight-dimensions";
import { LOOKALIKE_RULE } from "./lookalike";
import type { FacetRow } from "./request-facets";

let t: TestApp;
let ad: LiveAd;
let elsewhere: LiveAd;
beforeAll(async () => {
  t = await startTestApp();
  ad = await liveAd(t);
  elsewhere = await liveAd(t);
  // The network's requests two days ago: 28,000 on the first zone at 05:00, 252,000 on the other at 14:00; a tenth on pages about trails.
  const day = periodStartMs("d", Date.now()) - 2 * 86_400_000;
  const at = (hour: number) => new Date(day + hour * 3_600_000);
  await recordCounts(t, [
    { hour: at(5), zoneId: ad.zoneId, requests: 28_000 },
    { hour: at(14), zoneId: elsewhere.zoneId, requests: 252_000 },
  ]);
  await writeFacets([
    { hour: at(5).getTime(), subject: "n", subjectId: 0, dimension: "device", value: "desktop", requests: 280_000 },
    { hour: at(5).getTime(), subject: "n", subjectId: 0, dimension: "keyword", value: "trail", requests: 28_000 },
  ]);
});
afterAll(() => t.close());

const writeFacets = (facets: FacetRow[]) => writeBatch(t.app.dataSource, { id: newBatchId(), stats: StatTable.of([]), invalid: [], money: [], clicks: [], completed: [], facets });

async function audienceOf(advertiser: Account, name: string): Promise<number> {
  const response = await t.rest("POST", "/advertiser/audiences", { token: advertiser.token, body: { name, rule: "visited", site_domains: ["shop.example.com"] } });
  expect(response.status).toBe(201);
  return response.body.id;
}

/** An audience's members seen as the ad server tallies them: on each place of `seen`, at two days ago. */
async function membersSeen(audienceId: number, seen: { site: LiveAd; hour: number; requests: number; keyword?: string }[]): Promise<void> {
  const hour = (h: number) => periodStartMs("d", Date.now()) - 2 * 86_400_000 + h * 3_600_000;
  const rows = seen.flatMap(({ site, hour: h, requests, keyword }) => {
    const facet = (dimension: InsightDimension, value: string): FacetRow => ({ hour: hour(h), subject: "a", subjectId: audienceId, dimension, value, requests });
    return [facet("site", String(site.site.id)), facet("zone", String(site.zoneId)), facet("hour", String(h).padStart(2, "0")), facet("device", "desktop"), ...(keyword ? [facet("keyword", keyword)] : [])];
  });
  await writeFacets(rows);
}

const BUILD = `mutation ($campaignId: Int!, $audienceId: Int!) { buildLookalike(campaignId: $campaignId, audienceId: $audienceId) {
  campaignId audienceId audienceName historyDays requestsPerDay description places { dimension value label index requests } } }`;
const build = (audienceId: number, account: Account = ad.advertiser) => t.gql(BUILD, { campaignId: ad.campaignId, audienceId }, account.token);
const targetingOf = async () => JSON.parse((await t.app.dataSource.getRepository(Campaign).findOneByOrFail({ id: ad.campaignId })).targeting ?? "{}");

it("shows where an audience's members are seen against the network, and targets a campaign at the places they are over-represented in", async () => {
  const audienceId = await audienceOf(ad.advertiser, "Trail runners");
  await membersSeen(audienceId, [
    { site: ad, hour: 5, requests: 300, keyword: "trail" },
    { site: elsewhere, hour: 14, requests: 100 },
  ]);

  const insights = (await t.gql(`query ($id: Int!, $from: String!, $to: String!) { audienceInsights(audienceId: $id, from: $from, to: $to) { requests insights { dimension values { value share networkShare index } } } }`, {
    id: audienceId,
    from: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
    to: new Date().toISOString().slice(0, 10),
  }, ad.advertiser.token)).data!.audienceInsights;
  expect(insights.requests).toBe(400);
  const site = insights.insights.find((insight: { dimension: string }) => insight.dimension === "site");
  // 75% of the members' requests on a site with 10% of the network's: index 750; 25% against 90%: 28.
  expect(site.values).toEqual([
    { value: String(ad.site.id), share: 75, networkShare: 10, index: 750 },
    { value: String(elsewhere.site.id), share: 25, networkShare: 90, index: 28 },
  ]);
  const keyword = insights.insights.find((insight: { dimension: string }) => insight.dimension === "keyword");
  expect(keyword.values).toEqual([{ value: "trail", share: 75, networkShare: 10, index: 750 }]);

  // Built twice at once: one lookalike, the same targeting.
  const [first, second] = await Promise.all([build(audienceId), build(audienceId)]);
  expect(first.errors).toBeUndefined();
  expect(second.data).toEqual(first.data);
  const lookalike = first.data!.buildLookalike;
  expect(lookalike.places.map((place: { dimension: string; value: string; index: number; requests: number }) => [place.dimension, place.value, place.index, place.requests])).toEqual([
    ["site", String(ad.site.id), 750, 300],
    ["zone", String(ad.zoneId), 750, 300],
    ["keyword", "trail", 750, 300],
    ["hour", "05", 750, 300],
  ]);
  // Its zone's 28,000 requests, a tenth of them at 05:00 and a tenth on pages about trails, over 28 days of history: 10 a day.
  expect(lookalike).toMatchObject({ audienceId, audienceName: "Trail runners", historyDays: LOOKALIKE_RULE.historyDays, requestsPerDay: 10 });
  const siteName = (await t.app.dataSource.getRepository(Site).findOneByOrFail({ id: ad.site.id })).name;
  expect(lookalike.description).toContain(`Built from the audience "Trail runners"`);
  expect(lookalike.description).toContain(`sites ${siteName}`);
  expect(lookalike.description).toContain("hours 05:00");
  expect(await targetingOf()).toMatchObject({
    zones: { mode: "include", values: [String(ad.zoneId)] },
    keywords: { include: ["trail"], exclude: [] },
    dayParting: { timeZone: "UTC", days: [1, 2, 3, 4, 5, 6, 7], hours: [5] },
  });
  const stored = await t.rest("GET", `/advertiser/campaigns/${ad.campaignId}/lookalike`, { token: ad.advertiser.token });
  expect(stored.body).toMatchObject({ audience_id: audienceId, requests_per_day: 10 });
});

it("refuses a lookalike from an audience with too little data or nothing over-represented, and changes nothing", async () => {
  const before = await targetingOf();
  const few = await audienceOf(ad.advertiser, "New visitors");
  await membersSeen(few, [{ site: ad, hour: 5, requests: LOOKALIKE_RULE.minAudienceRequests - 50 }]);
  const refused = await build(few);
  expect(refused.errors?.[0]).toMatchObject({
    message: `The audience was seen on ${LOOKALIKE_RULE.minAudienceRequests - 50} ad requests in the last ${LOOKALIKE_RULE.historyDays} days; a lookalike needs at least ${LOOKALIKE_RULE.minAudienceRequests}`,
    extensions: { code: "BAD_USER_INPUT", field: "audienceId" },
  });

  // Seen just as the network is (a tenth on the first zone at 05:00): nothing stands out.
  const typical = await audienceOf(ad.advertiser, "Everyone");
  await membersSeen(typical, [
    { site: ad, hour: 5, requests: 100 },
    { site: elsewhere, hour: 14, requests: 900 },
  ]);
  expect((await build(typical)).errors?.[0]?.message).toMatch(/^No site, zone, keyword or hour has the audience's members over-represented/);

  const stranger = await signUp(t, "advertiser");
  expect((await build(await audienceOf(stranger, "Theirs"))).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  const rest = await t.rest("PUT", `/advertiser/campaigns/${ad.campaignId}/lookalike`, { token: ad.advertiser.token, body: { audience_id: few } });
  expect(rest.status).toBe(422);
  expect(rest.body.detail).toMatch(/a lookalike needs at least/);
  expect(await targetingOf()).toEqual(before);
});

it("tallies where the pixel's members are seen from the ad requests they make, and nothing of a request whose consent refuses it", async () => {
  const audienceId = await audienceOf(ad.advertiser, "Shop visitors");
  await t.app.services.delivery.inventory.reload();
  const shop = "https://www.shop.example.com";
  const pixel = await fetch(`${t.url}/t/audience?${new URLSearchParams({ advertiser: String(ad.advertiser.id), page: `${shop}/products` })}`, { headers: { origin: shop, referer: `${shop}/` } });
  const memberships = /adnet_audiences=([^;]+)/.exec(pixel.headers.get("set-cookie") ?? "")?.[1];
  expect(memberships).toBeDefined();
  const serve = (signals = "") => fetch(`${t.url}/serve?zone=${ad.zoneId}&page=${encodeURIComponent(ad.page)}&kw=trail${signals}`, { headers: { "user-agent": BROWSER_UA, cookie: `${MEMBERSHIPS_COOKIE}=${memberships}` } });
  for (let n = 0; n < 2; n++) expect((await serve()).status).toBe(200);
  // GDPR applies and the page's CMP gave no consent: the memberships are not read, nothing is tallied for the audience.
  expect((await serve("&gdpr=1")).status).toBe(200);
  await t.app.services.delivery.flush();

  const today = new Date().toISOString().slice(0, 10);
  const { data } = await t.gql(`query ($id: Int!, $day: String!) { audienceInsights(audienceId: $id, from: $day, to: $day) { requests insights { dimension values { value count } } } }`, { id: audienceId, day: today }, ad.advertiser.token);
  const values = (dimension: string) => data!.audienceInsights.insights.find((insight: { dimension: string }) => insight.dimension === dimension).values;
  expect(data!.audienceInsights.requests).toBe(2);
  expect(values("zone")).toEqual([{ value: String(ad.zoneId), count: 2 }]);
  expect(values("keyword")).toEqual([{ value: "trail", count: 2 }]);
  expect(values("device")).toEqual([{ value: "desktop", count: 2 }]);
});
