import { Account, approvedSite, signInAdmin, signUp } from "../../../test/factories";
import { approvedCampaign, approvedCreative, BROWSER_UA, createZone, publisherStats, sendBeacon, UNTHROTTLED_APP, uniqueSize } from "../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../test/test-app";
import { until } from "../../../test/until";
import { PAGE_TOKEN_TTL_MS } from "./request/page-token";

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp(UNTHROTTLED_APP);
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

type ZoneAnswer = { fill: boolean; zoneId?: number; campaignId?: number; impressionUrl?: string };
const reload = () => t.app.services.delivery.inventory.reload();

/** A publisher's approved site with zones of the sizes given. */
async function page(sizes: [number, number][]) {
  const publisher = await signUp(t, "publisher");
  const site = await approvedSite(t, publisher, admin);
  const zoneIds: number[] = [];
  for (const size of sizes) zoneIds.push(await createZone(t, publisher, site.id, size));
  return { publisher, site, zoneIds, url: `https://${site.domain}/articles/1` };
}

/** An advertiser of their own with a live campaign of the sizes given, its page rules set through REST. */
async function advertiser(sizes: [number, number][], cpm: number, fields: Record<string, unknown> = {}, options: Parameters<typeof approvedCampaign>[3] = {}) {
  const account = await signUp(t, "advertiser");
  const { campaignId } = await approvedCampaign(t, account, admin, { cpm, zoneSize: sizes[0], ...options });
  for (const size of sizes.slice(1)) await approvedCreative(t, account, admin, campaignId, size);
  if (Object.keys(fields).length > 0) {
    const updated = await t.rest("PUT", `/advertiser/campaigns/${campaignId}`, { token: account.token, body: fields });
    expect(updated.status).toBe(200);
  }
  return { account, campaignId };
}

async function askPage(zoneIds: number[], url: string, extra = "") {
  const response = await fetch(`${t.url}/serve?zones=${zoneIds.join(",")}&page=${encodeURIComponent(url)}${extra}`, { headers: { "user-agent": BROWSER_UA } });
  return { status: response.status, body: (await response.json()) as { zones: ZoneAnswer[]; pageToken: string | null; detail?: string } };
}

async function askLater(zoneId: number, url: string, token: string) {
  const response = await fetch(`${t.url}/serve?zone=${zoneId}&page=${encodeURIComponent(url)}&pt=${encodeURIComponent(token)}`, { headers: { "user-agent": BROWSER_UA } });
  return { status: response.status, body: (await response.json()) as ZoneAnswer & { pageToken?: string; detail?: string } };
}

const campaignsOf = (zones: ZoneAnswer[]) => zones.map((zone) => (zone.fill ? zone.campaignId : null));

it("fills three zones with three advertisers in one request, each zone's impression counted once on its own beacon", async () => {
  const size = uniqueSize();
  const site = await page([size, size, size]);
  const first = await advertiser([size], 9);
  const sameAdvertiser = await approvedCampaign(t, first.account, admin, { cpm: 8, zoneSize: size });
  const second = await advertiser([size], 5);
  const third = await advertiser([size], 3);
  await reload();

  const { status, body } = await askPage(site.zoneIds, site.url);
  expect(status).toBe(200);
  expect(body.zones.map((zone) => zone.zoneId)).toEqual(site.zoneIds);
  expect(new Set(campaignsOf(body.zones))).toEqual(new Set([first.campaignId, second.campaignId, third.campaignId]));
  expect(campaignsOf(body.zones)).not.toContain(sameAdvertiser.campaignId);

  for (const zone of body.zones) expect((await sendBeacon(zone.impressionUrl!, { origin: `https://${site.site.domain}` })).status).toBe(204);
  // A beacon sent twice counts once.
  for (const zone of body.zones) await sendBeacon(zone.impressionUrl!, { origin: `https://${site.site.domain}` });
  await t.app.services.delivery.flush();
  await until(async () => (await publisherStats(t, site.publisher)).impressions >= 3, "the page's impressions are counted");
  expect((await publisherStats(t, site.publisher)).impressions).toBe(3);
});

it("keeps a campaign's competitor categories off its page both ways, in the page request and in a zone asked for later", async () => {
  const size = uniqueSize();
  const site = await page([size, size, size]);
  const airline = await advertiser([size], 9, { competitor_categories: ["travel"] }, { category: "travel" });
  const rivalAirline = await advertiser([size], 8, {}, { category: "travel" });
  const bank = await advertiser([size], 3, {}, { category: "finance" });
  const shop = await advertiser([size], 2, {}, { category: "retail" });
  await reload();

  const { body } = await askPage(site.zoneIds.slice(0, 2), site.url);
  expect(campaignsOf(body.zones)).toEqual([airline.campaignId, bank.campaignId]);
  const later = await askLater(site.zoneIds[2], site.url, body.pageToken!);
  expect(later.status).toBe(200);
  expect(later.body.campaignId).toBe(shop.campaignId);
  expect(later.body.pageToken).toEqual(expect.any(String));
  // Without the airline on the page, the rival shows.
  const alone = await askPage([site.zoneIds[2]], site.url);
  expect(campaignsOf(alone.body.zones)).toEqual([airline.campaignId]);
  expect(rivalAirline.campaignId).toBeGreaterThan(0);
});

describe("a roadblock", () => {
  const sizes = [uniqueSize(), uniqueSize(), uniqueSize()];

  it("is refused with fewer creative sizes than the zones it asks for", async () => {
    const account = await signUp(t, "advertiser");
    const created = await t.rest("POST", "/advertiser/campaigns", { token: account.token, body: { name: "Takeover", budget: 100, cpm: 5, roadblock_zones: 2 } });
    expect(created.status).toBe(422);
    expect(created.body.detail).toMatch(/creatives of at least 2 sizes/);
    const { campaignId } = await approvedCampaign(t, account, admin, { cpm: 5, zoneSize: sizes[0] });
    const oneSize = await t.rest("PUT", `/advertiser/campaigns/${campaignId}`, { token: account.token, body: { roadblock_zones: 2 } });
    expect(oneSize.status).toBe(422);
    expect(oneSize.body.detail).toMatch(/creatives of at least 2 sizes/);
    const tooMany = await t.rest("PUT", `/advertiser/campaigns/${campaignId}`, { token: account.token, body: { roadblock_zones: 11 } });
    expect(tooMany.status).toBe(422);
  });

  it("shows in all the page's zones or in none", async () => {
    const site = await page(sizes);
    const roadblock = await advertiser(sizes, 3, { roadblock_zones: 3 });
    const rivals = [await advertiser([sizes[0]], 9), await advertiser([sizes[1]], 8), await advertiser([sizes[2]], 7)];
    await reload();
    const whole = await askPage(site.zoneIds, site.url);
    expect(campaignsOf(whole.body.zones)).toEqual([roadblock.campaignId, roadblock.campaignId, roadblock.campaignId]);
    // A zone asked for alone never shows part of it.
    const alone = await fetch(`${t.url}/serve?zone=${site.zoneIds[0]}&page=${encodeURIComponent(site.url)}`, { headers: { "user-agent": BROWSER_UA } });
    expect(((await alone.json()) as ZoneAnswer).campaignId).toBe(rivals[0].campaignId);

    // One zone's floor refuses it: it shows nowhere.
    const floored = await t.rest("PUT", `/publisher/ad-zones/${site.zoneIds[1]}`, { token: site.publisher.token, body: { floor: 2.5 } });
    expect(floored.status).toBe(200);
    await reload();
    const none = await askPage(site.zoneIds, site.url);
    expect(campaignsOf(none.body.zones)).toEqual(rivals.map((rival) => rival.campaignId));
  });
});

describe("a video zone and a banner zone", () => {
  let [player, banner]: [number, number][] = [];
  beforeEach(() => {
    [player, banner] = [uniqueSize(), uniqueSize()];
  });

  async function videoPage() {
    const publisher = await signUp(t, "publisher");
    const site = await approvedSite(t, publisher, admin);
    const zoneIds = [await createZone(t, publisher, site.id, player, "video"), await createZone(t, publisher, site.id, banner)];
    return { zoneIds, url: `https://${site.domain}/watch/1` };
  }

  it("are filled by one campaign, its banner as the video's companion", async () => {
    const site = await videoPage();
    const sponsor = await advertiser([player, banner], 9, {}, { creativeType: "video" });
    await advertiser([banner], 12);
    await reload();
    const { body } = await askPage(site.zoneIds, site.url);
    expect(campaignsOf(body.zones)).toEqual([sponsor.campaignId, sponsor.campaignId]);
  });

  it("count a capped campaign's ads across the page: capped at one a day, it shows in one zone only", async () => {
    const site = await videoPage();
    const capped = await advertiser([player, banner], 9, {}, { creativeType: "video", frequencyCaps: [{ count: 1, per: "day" }] });
    const other = await advertiser([banner], 2);
    await reload();
    const { body } = await askPage(site.zoneIds, site.url);
    expect(campaignsOf(body.zones)).toEqual([capped.campaignId, other.campaignId]);
  });
});

describe("a page token", () => {
  it("forged, expired or of another site is refused with the reason, never read as an empty page", async () => {
    const size = uniqueSize();
    const site = await page([size]);
    const elsewhere = await page([size]);
    await advertiser([size], 4);
    await reload();
    const { body } = await askPage(site.zoneIds, site.url);
    const token = body.pageToken!;
    const forged = token.replace(/^(\d+)\.(\d+)\.[^.]*/, "$1.$2.");
    for (const bad of [forged, "nonsense", `${token}x`]) {
      const answer = await askLater(site.zoneIds[0], site.url, bad);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toMatch(/not one this ad server signed/);
    }
    const otherSite = await askLater(elsewhere.zoneIds[0], elsewhere.url, token);
    expect(otherSite.status).toBe(400);
    expect(otherSite.body.detail).toMatch(/another site/);

    const now = Date.now();
    const clock = jest.spyOn(Date, "now").mockReturnValue(now + PAGE_TOKEN_TTL_MS + 1000);
    try {
      const expired = await askLater(site.zoneIds[0], site.url, token);
      expect(expired.status).toBe(400);
      expect(expired.body.detail).toMatch(/expired/);
    } finally {
      clock.mockRestore();
    }
    const malformed = await askPage([site.zoneIds[0], site.zoneIds[0]], site.url);
    expect(malformed.status).toBe(400);
  });
});
