import { advertiserStats, publisherStats, requestAd, sendBeacon, UNTHROTTLED_APP } from "../../../test/ad-fixtures";
import { Account, approvedSite, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { AdZone } from "./ad-zone.entity";
import { MAX_AD_COUNT } from "./content-recommendation";

let t: TestApp;
let admin: Account;
let publisher: Account;
let site: { id: number; domain: string };

beforeAll(async () => {
  t = await startTestApp(UNTHROTTLED_APP);
  admin = await signInAdmin(t);
  publisher = await signUp(t, "publisher");
  site = await approvedSite(t, publisher, admin);
});
afterAll(() => t.close());

const ZONE = `mutation($input: CreateAdZoneInput!) { createAdZone(input: $input) { id adCount layout houseItems { title url image } shows } }`;
const HOUSE = [
  { title: "Ten walks for the autumn", url: `https://news.example.com/walks`, image: "https://news.example.com/walks.jpg" },
  { title: "Our guide to ridge paths", url: `https://news.example.com/ridges` },
];
const page = () => `https://${site.domain}/articles/1`;
const storedZones = () => t.app.dataSource.getRepository(AdZone).count();

async function recommendationZone(input: Record<string, unknown>) {
  return t.gql(ZONE, { input: { siteId: site.id, name: "Around the web", width: 900, height: 600, format: "native", position: "content", ...input } }, publisher.token);
}

/** An advertiser's approved native campaign at `cpm`, with one approved native creative. */
async function nativeCampaign(advertiser: Account, cpm: number) {
  const campaign = await createCampaign(t, advertiser, { name: `Native ${cpm}`, budget: 1000, cpm, target_countries: [] });
  await t.gql(`mutation { approveCampaign(id: ${campaign.id}) { status } }`, {}, admin.token);
  const native = { headline: `Offer at ${cpm}`, body: "Light, warm and quick to pitch.", callToAction: "Shop" };
  const input = { campaignId: campaign.id, name: "Native", type: "native", contentUrl: "https://cdn.example.com/tent.jpg", clickUrl: "https://shop.example.com/", width: 1200, height: 627, native };
  const created = await t.gql(`mutation($input: CreateCreativeInput!) { createCreative(input: $input) { id } }`, { input }, advertiser.token);
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  await t.gql(`mutation { approveCreative(id: ${created.data!.createCreative.id}) { status } }`, {}, admin.token);
  return campaign.id as number;
}

// Each price below 90% of the one before: no near ties, so the order by price is certain.
const PRICES = [10, 7.5, 5, 3.5, 2];
let advertisers: Account[];
const campaignsOf = new Map<number, Account>();

beforeAll(async () => {
  advertisers = [];
  for (const [index, cpm] of PRICES.entries()) {
    const advertiser = await signUp(t, "advertiser", { full_name: `Brand ${index + 1}` });
    advertisers.push(advertiser);
    campaignsOf.set(await nativeCampaign(advertiser, cpm), advertiser);
  }
  // The best advertiser's second campaign outbids every other advertiser: it still never takes a second slot.
  campaignsOf.set(await nativeCampaign(advertisers[0], 8.5), advertisers[0]);
  await t.app.services.delivery.inventory.reload();
});

describe("a content recommendation zone", () => {
  it("fills its slots with one ad of each advertiser, best price first, then the publisher's own articles in the slots left", async () => {
    const created = await recommendationZone({ adCount: 7, layout: "list", houseItems: HOUSE });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createAdZone).toMatchObject({ adCount: 7, layout: "list", houseItems: [HOUSE[0], { ...HOUSE[1], image: null }] });
    expect(created.data!.createAdZone.shows).toBe("Content recommendation: 7 native ads in a list, standard cards, 2 of the site's own articles in unfilled slots");
    await t.app.services.delivery.inventory.reload();

    for (let view = 0; view < 3; view++) {
      const { body } = await requestAd(t, created.data!.createAdZone.id, { page: page() });
      expect(body).toMatchObject({ fill: true, layout: "list" });
      const owners = body.ads.map((ad: { campaignId: number }) => campaignsOf.get(ad.campaignId)!.id);
      expect(owners).toEqual(advertisers.map((advertiser) => advertiser.id));
      expect(body.ads.map((ad: { native: { sponsor: string } }) => ad.native.sponsor)).toEqual(["Brand 1", "Brand 2", "Brand 3", "Brand 4", "Brand 5"]);
      // Each ad its own offer: links of its own, and nothing to count or bill for a house item.
      expect(new Set(body.ads.map((ad: { impressionUrl: string }) => ad.impressionUrl)).size).toBe(5);
      expect(body.house).toEqual([HOUSE[0], { ...HOUSE[1], image: null }]);
    }
  });

  it("counts each ad's impression once, charges each campaign its own price and credits the publisher for paid ads only", async () => {
    const zoneOwner = await signUp(t, "publisher");
    const ownSite = await approvedSite(t, zoneOwner, admin);
    const created = await t.gql(ZONE, { input: { siteId: ownSite.id, name: "Box", width: 900, height: 600, format: "native", adCount: 4, houseItems: HOUSE } }, zoneOwner.token);
    await t.app.services.delivery.inventory.reload();
    const before = await Promise.all(advertisers.map((advertiser) => advertiserStats(t, advertiser)));

    const { body } = await requestAd(t, created.data!.createAdZone.id, { page: `https://${ownSite.domain}/a` });
    expect(body.ads).toHaveLength(4);
    expect(body.house).toEqual([]);
    // The page's beacons of all four at once, each sent three times: each counts once (measurable, m=1).
    const origin = { origin: `https://${ownSite.domain}` };
    const beacons = body.ads.flatMap((ad: { impressionUrl: string }) => Array.from({ length: 3 }, () => `${ad.impressionUrl}&m=1`));
    await Promise.all(beacons.map((url: string) => sendBeacon(url, origin)));
    // Three of the four cards come into view, each told twice: each is viewable once, on its own.
    const seen = body.ads.slice(0, 3).flatMap((ad: { eventUrl: string }) => [`${ad.eventUrl}&e=viewable`, `${ad.eventUrl}&e=viewable`]);
    await Promise.all(seen.map((url: string) => sendBeacon(url, origin)));
    await t.app.services.delivery.flush();

    const after = await Promise.all(advertisers.map((advertiser) => advertiserStats(t, advertiser)));
    const gained = after.map((stats, index) => ({ impressions: stats.impressions - before[index].impressions, spend: Math.round((stats.spend - before[index].spend) * 1e6) }));
    // The first four prices per thousand, each charged for one impression; the fifth advertiser got no slot.
    expect(gained).toEqual([
      { impressions: 1, spend: 10_000 },
      { impressions: 1, spend: 7_500 },
      { impressions: 1, spend: 5_000 },
      { impressions: 1, spend: 3_500 },
      { impressions: 0, spend: 0 },
    ]);
    // Four paid impressions of the four slots asked for, none for house items; 70% of $0.026.
    expect(await publisherStats(t, zoneOwner)).toMatchObject({ impressions: 4, revenue: 0.0182, fillRate: 100 });
    const today = new Date().toISOString().slice(0, 10);
    const report = await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { rows { key measured viewable } } }`, { input: { from: today, to: today, breakdown: "ZONE" } }, zoneOwner.token);
    expect(report.data!.publisherReport.rows).toEqual([{ key: String(created.data!.createAdZone.id), measured: 4, viewable: 3 }]);
  });

  it("shows only house items when no ad fits, and counts nothing for them", async () => {
    const created = await recommendationZone({ adCount: 2, houseItems: HOUSE, floor: 50 });
    await t.app.services.delivery.inventory.reload();
    const { body } = await requestAd(t, created.data!.createAdZone.id, { page: page() });
    expect(body).toEqual({ fill: true, zoneId: created.data!.createAdZone.id, width: 900, height: 600, layout: "grid", ads: [], house: [HOUSE[0], { ...HOUSE[1], image: null }] });
  });

  it.each([
    [{ adCount: 0 }, "adCount", "Ad count must be a positive whole number"],
    [{ adCount: MAX_AD_COUNT + 1 }, "adCount", `Ad count must be from 1 to ${MAX_AD_COUNT}`],
    [{ adCount: 2, format: "banner" }, "adCount", "Only a native zone shows several ads at once; a banner zone shows one"],
    [{ houseItems: [{ title: "Walks", url: "javascript:alert(1)" }] }, "houseItems", "House item 1: Link must start with http:// or https://"],
    [{ houseItems: [HOUSE[0], { title: "Walks", url: "https://news.example.com/", image: "not a picture" }] }, "houseItems", "House item 2: Picture must be a full web address such as https://example.com/ad.png"],
    [{ houseItems: [{ title: " ", url: "https://news.example.com/" }] }, "houseItems", "House item 1: Title is required"],
    [{ houseItems: Array.from({ length: MAX_AD_COUNT + 1 }, () => HOUSE[0]) }, "houseItems", `A zone holds at most ${MAX_AD_COUNT} house items`],
    [{ format: "banner", houseItems: [HOUSE[0]] }, "houseItems", "House items are for native zones only"],
    [{ layout: "carousel" }, "layout", "Layout must be one of grid, list"],
  ])("refuses %j with a message naming the field, and stores nothing", async (input, field, message) => {
    const before = await storedZones();
    const refused = await recommendationZone(input);
    expect(refused.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", field } });
    expect(await storedZones()).toBe(before);
  });

  it("takes the same fields through REST, and refuses a bad house item there with its reason", async () => {
    const body = { site_id: site.id, name: "Box", width: 900, height: 600, format: "native", ad_count: 3, layout: "grid", house_items: [HOUSE[1]] };
    const created = await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ad_count: 3, layout: "grid", house_items: [{ ...HOUSE[1], image: null }] });
    const before = await storedZones();
    const refused = await t.rest("PUT", `/publisher/ad-zones/${created.body.id}`, { token: publisher.token, body: { house_items: [{ title: "x", url: "ftp://news.example.com/" }] } });
    expect(refused).toEqual({ status: 422, body: { detail: "House item 1: Link must start with http:// or https://" } });
    expect(await storedZones()).toBe(before);
    const edited = await t.rest("PUT", `/publisher/ad-zones/${created.body.id}`, { token: publisher.token, body: { house_items: [] } });
    expect(edited.body).toMatchObject({ ad_count: 3, house_items: [] });
  });
});
