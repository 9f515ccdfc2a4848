import { advertiserStats, followClick, liveAd, publisherStats, requestAd, sendBeacon, showAd } from "../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MIN_CLICK_DELAY_MS: "0", TRUST_PROXY: "127.0.0.1", COUNTRY_HEADER: "cf-ipcountry" });
});
afterAll(() => t.close());

describe("the network script", () => {
  it("is small, cacheable and loadable from any origin", async () => {
    const response = await fetch(`${t.url}/ads.js`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const gzippedBytes = Number(response.headers.get("content-length"));
    expect(gzippedBytes).toBeGreaterThan(1000);
    // Every page view downloads it: what only some ads need (video, native) is loaded apart, so it fits in 5 KB.
    expect(gzippedBytes).toBeLessThan(5120);
    const raw = await fetch(`${t.url}/ads.js`, { headers: { "accept-encoding": "identity" } });
    const source = await raw.text();
    expect(source).toContain("adnet-zone");
    expect(source).not.toMatch(/^\s*(\/\/|\/\*)/m);
  });

  it("has no part beyond the ones shipped with it", async () => {
    const response = await fetch(`${t.url}/ads/..%2Fads.js`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "No such part of the ad tag" });
  });

  it("is what the zone's ad tag loads", async () => {
    const ad = await liveAd(t);
    const { data } = await t.gql(`{ myAdZones { id adTag } }`, {}, ad.publisher.token);
    const tag = data!.myAdZones.find((zone: { id: number }) => zone.id === ad.zoneId).adTag;
    expect(tag).toContain(`src="${t.url}/ads.js"`);
    expect(tag).toContain(`data-zone-id="${ad.zoneId}"`);
  });
});

describe("the decision", () => {
  it("fills a zone with the approved creative of its size, with signed tracking links", async () => {
    const ad = await liveAd(t, { zoneSize: [300, 250] });
    const { status, headers, body } = await requestAd(t, ad.zoneId, { page: ad.page });
    expect(status).toBe(200);
    expect(headers.get("access-control-allow-origin")).toBe("*");
    expect(body).toMatchObject({
      fill: true,
      zoneId: ad.zoneId,
      width: 300,
      height: 250,
      creative: { id: ad.creativeId, type: "image", url: "https://cdn.example.com/banner.png", clickable: true },
    });
    // The offer carries the request's consent (A7: no privacy signal, everything allowed) before the page's host.
    expect(body.impressionUrl).toMatch(new RegExp(`^${t.url}/t/i\\?d=[\\w-]{16}(\\.\\w+){7}\\.[\\w-]{11}\\.A7\\.${ad.site.domain.replace(/\./g, "\\.")}\\.[\\w-]{22}$`));
    expect(body.clickUrl).toMatch(new RegExp(`^${t.url}/t/c\\?d=`));
  });

  it("leaves a zone of another size or format unfilled, and counts the request", async () => {
    const ad = await liveAd(t, { zoneSize: [728, 90], creativeSize: [729, 90] });
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });

    const video = await liveAd(t, { zoneSize: [640, 360], format: "video", creativeType: "image" });
    expect((await requestAd(t, video.zoneId, { page: video.page })).body).toEqual({ fill: false });

    await t.app.services.delivery.flush();
    const stats = await publisherStats(t, ad.publisher);
    expect(stats).toMatchObject({ impressions: 0, fillRate: 0 });
  });

  it("answers 404 for a zone whose site is not approved, and 400 for a malformed zone id", async () => {
    expect((await requestAd(t, 999_999)).status).toBe(404);
    const bad = await requestAd(t, "abc");
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("zone must be a positive integer");
  });

  it("serves only campaigns targeting the visitor's country, and unknown visitors only untargeted ones", async () => {
    const ad = await liveAd(t, { countries: ["DE", "France"] });
    expect((await requestAd(t, ad.zoneId, { page: ad.page, country: "DE" })).body.fill).toBe(true);
    expect((await requestAd(t, ad.zoneId, { page: ad.page, country: "FR" })).body.fill).toBe(true);
    expect((await requestAd(t, ad.zoneId, { page: ad.page, country: "US" })).body.fill).toBe(false);
    // Loopback is in no country: the offline database finds nothing.
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body.fill).toBe(false);
  });

  it("serves a campaign only within its flight dates", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const ad = await liveAd(t, { startDate: tomorrow });
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body.fill).toBe(false);
  });

  it("stops serving a campaign once it is paused, and again after it resumes", async () => {
    const ad = await liveAd(t);
    await t.gql(`mutation { pauseCampaign(id: ${ad.campaignId}) { status } }`, {}, ad.advertiser.token);
    await t.app.services.delivery.inventory.reload();
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body.fill).toBe(false);
    await t.gql(`mutation { resumeCampaign(id: ${ad.campaignId}) { status } }`, {}, ad.advertiser.token);
    await t.app.services.delivery.inventory.reload();
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body.fill).toBe(true);
  });
});

describe("counting and money", () => {
  it("bills a counted impression at CPM/1000 and credits the publisher 70%, exactly", async () => {
    const ad = await liveAd(t, { cpm: 4 });
    const { beacon } = await showAd(t, ad);
    expect(beacon.status).toBe(204);
    await t.app.services.delivery.flush();

    expect(await publisherStats(t, ad.publisher)).toMatchObject({ impressions: 1, clicks: 0, revenue: 0.0028, balance: 0.0028, fillRate: 100 });
    const advertiser = await advertiserStats(t, ad.advertiser);
    expect(advertiser).toMatchObject({ impressions: 1, spend: 0.004 });
    expect(advertiser.campaigns[0]).toMatchObject({ impressions: 1, spend: 0.004 });
  });

  it("credits a publisher the share an admin set for them", async () => {
    const ad = await liveAd(t, { cpm: 10 });
    const set = await t.gql(
      `mutation { setRevenueShare(publisherId: ${ad.publisher.id}, percent: 85) { revenueSharePercent customRevenueShare } }`,
      {},
      ad.admin.token,
    );
    expect(set.data).toEqual({ setRevenueShare: { revenueSharePercent: 85, customRevenueShare: true } });
    await t.app.services.delivery.inventory.reload();
    await showAd(t, ad);
    await t.app.services.delivery.flush();
    expect((await publisherStats(t, ad.publisher)).revenue).toBe(0.0085);
  });

  it("refuses a revenue share above 85% or for a non-publisher, changing nothing", async () => {
    const ad = await liveAd(t);
    const tooHigh = await t.gql(`mutation { setRevenueShare(publisherId: ${ad.publisher.id}, percent: 86) { id } }`, {}, ad.admin.token);
    expect(tooHigh.errors?.[0]).toMatchObject({ message: "Revenue share must be from 1 to 85", extensions: { code: "BAD_USER_INPUT" } });
    const notPublisher = await t.gql(`mutation { setRevenueShare(publisherId: ${ad.advertiser.id}, percent: 80) { id } }`, {}, ad.admin.token);
    expect(notPublisher.errors?.[0]).toMatchObject({ message: "Publisher not found", extensions: { code: "NOT_FOUND" } });
    const { data } = await t.gql(`{ publishers(input: { limit: 100 }) { items { id revenueSharePercent customRevenueShare } } }`, {}, ad.admin.token);
    expect(data!.publishers.items.find((p: { id: number }) => p.id === ad.publisher.id)).toEqual({
      id: ad.publisher.id,
      revenueSharePercent: 70,
      customRevenueShare: false,
    });
  });

  it("counts a click after its impression, once, and redirects to the landing page", async () => {
    const ad = await liveAd(t);
    const { served } = await showAd(t, ad);
    const click = await followClick(served.clickUrl);
    expect(click.status).toBe(302);
    const landing = new URL(click.headers.get("location")!);
    expect(`${landing.origin}${landing.pathname}`).toBe("https://shop.example.com/sale");
    expect(landing.searchParams.get("adnet_click")).toMatch(/^[\w-]{22}$/);
    expect(click.headers.get("set-cookie")).toContain(`adnet_click=${landing.searchParams.get("adnet_click")}`);

    const again = await followClick(served.clickUrl);
    expect(again.status).toBe(302);
    expect(new URL(again.headers.get("location")!).searchParams.get("adnet_click")).toBeNull();

    await t.app.services.delivery.flush();
    expect(await publisherStats(t, ad.publisher)).toMatchObject({ impressions: 1, clicks: 1, ctr: 100 });
    expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 1, clicks: 1, ctr: 100 });
  });

  it("counts a conversion through the campaign's pixel for its last click, once", async () => {
    const ad = await liveAd(t);
    const { served } = await showAd(t, ad);
    const click = await followClick(served.clickUrl);
    const clickId = new URL(click.headers.get("location")!).searchParams.get("adnet_click")!;
    const pixel = (await advertiserStats(t, ad.advertiser)).campaigns[0].conversionPixelUrl as string;
    expect(pixel).toMatch(new RegExp(`^${t.url}/t/conversion\\?campaign=${ad.campaignId}&sig=`));

    const converted = await fetch(`${pixel}&click=${clickId}`);
    expect(converted.headers.get("content-type")).toBe("image/gif");
    await fetch(`${pixel}&click=${clickId}`);
    // The cookie set on the click works as well as the parameter, for a fresh click.
    const second = await showAd(t, ad);
    const secondClick = await followClick(second.served.clickUrl);
    const cookie = secondClick.headers.get("set-cookie")!.split(";")[0];
    await fetch(pixel, { headers: { cookie } });
    // Another campaign's pixel cannot claim this click.
    await fetch(`${pixel.replace(/sig=[^&]+/, "sig=forged")}&click=${clickId}`);

    await t.app.services.delivery.flush();
    const stats = await advertiserStats(t, ad.advertiser);
    expect(stats.conversions).toBe(2);
    expect(stats.campaigns[0].conversions).toBe(2);
  });

  it("moves the site's monthly impressions and the admin's revenue", async () => {
    const ad = await liveAd(t, { cpm: 5 });
    const before = (await t.gql(`{ adminStats { monthlyRevenue } }`, {}, ad.admin.token)).data!.adminStats.monthlyRevenue;
    await showAd(t, ad);
    await showAd(t, ad);
    await t.app.services.delivery.flush();
    const sites = (await t.gql(`{ mySites { id monthlyImpressions } }`, {}, ad.publisher.token)).data!.mySites;
    expect(sites[0]).toEqual({ id: ad.site.id, monthlyImpressions: 2 });
    const after = (await t.gql(`{ adminStats { monthlyRevenue } }`, {}, ad.admin.token)).data!.adminStats.monthlyRevenue;
    expect(Math.round((after - before) * 1e6)).toBe(10_000);
  });

  it("keeps a beacon sent without a page valid but bills each offer once", async () => {
    const ad = await liveAd(t);
    const served = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
    await sendBeacon(served.impressionUrl);
    await sendBeacon(served.impressionUrl);
    await t.app.services.delivery.flush();
    expect((await publisherStats(t, ad.publisher)).impressions).toBe(1);
  });
});
