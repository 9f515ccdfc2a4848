import { advertiserStats, followClick, liveAd, publisherStats, requestAd, sendBeacon, showAd, trafficQuality } from "../../../../test/ad-fixtures";
import { signInAdmin } from "../../../../test/factories";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { newOfferId, signOffer, trackingKey } from "../counting/offer-token";
import { PricingModel } from "../../campaigns/campaign.entity";

const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const SECRET = "test-secret-that-is-long-enough-for-hs256-signing";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MIN_CLICK_DELAY_MS: "300", JWT_SECRET: SECRET });
});
afterAll(() => t.close());

async function refusals(app: TestApp) {
  await app.app.services.delivery.flush();
  const report = await trafficQuality(app, await signInAdmin(app));
  return Object.fromEntries(report.byReason.map((row) => [`${row.event}:${row.reason}`, row.events]));
}

async function billed(ad: Awaited<ReturnType<typeof liveAd>>) {
  await t.app.services.delivery.flush();
  const publisher = await publisherStats(t, ad.publisher);
  const advertiser = await advertiserStats(t, ad.advertiser);
  return { impressions: advertiser.impressions, clicks: advertiser.clicks, spend: advertiser.spend, revenue: publisher.revenue };
}

it("shows crawlers no ad and does not bill a crawler's beacon", async () => {
  const ad = await liveAd(t);
  expect((await requestAd(t, ad.zoneId, { page: ad.page, userAgent: CRAWLER })).body).toEqual({ fill: false });
  const served = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
  expect((await sendBeacon(served.impressionUrl, { userAgent: "HeadlessChrome/131.0" })).status).toBe(204);
  expect(await billed(ad)).toEqual({ impressions: 0, clicks: 0, spend: 0, revenue: 0 });
  const refused = await refusals(t);
  expect(refused["request:bot"]).toBeGreaterThanOrEqual(1);
  expect(refused["impression:bot"]).toBeGreaterThanOrEqual(1);
});

it("bills nothing for a forged, tampered or expired beacon", async () => {
  const ad = await liveAd(t);
  const served = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
  // The price (the sixth field) raised under the original signature.
  const fields = new URL(served.impressionUrl).searchParams.get("d")!.split(".");
  await sendBeacon(`${t.url}/t/i?d=${fields.map((field, i) => (i === 5 ? "999000000" : field)).join(".")}`);
  await sendBeacon(`${t.url}/t/i?d=garbage`);
  const stale = signOffer(
    { offerId: newOfferId(), zoneId: ad.zoneId, campaignId: ad.campaignId, creativeId: ad.creativeId, country: "XX", pricingModel: PricingModel.CPM, bidMicros: 4_000_000, issuedAt: Date.now() - 3 * 3600_000, visitor: "v".repeat(11), pageHost: ad.site.domain },
    trackingKey(SECRET),
  );
  await sendBeacon(`${t.url}/t/i?d=${stale}`);
  expect(await billed(ad)).toEqual({ impressions: 0, clicks: 0, spend: 0, revenue: 0 });
  const refused = await refusals(t);
  expect(refused["impression:bad_signature"]).toBe(2);
  expect(refused["impression:expired"]).toBe(1);
});

it("bills a replayed beacon once", async () => {
  const ad = await liveAd(t, { cpm: 4 });
  const { served } = await showAd(t, ad);
  await Promise.all([1, 2, 3].map(() => sendBeacon(served.impressionUrl)));
  expect(await billed(ad)).toEqual({ impressions: 1, clicks: 0, spend: 0.004, revenue: 0.0028 });
  expect((await refusals(t))["impression:replay"]).toBe(3);
});

it("refuses ads on pages outside the site's domain, but accepts its subdomains", async () => {
  const ad = await liveAd(t);
  expect((await requestAd(t, ad.zoneId, { page: "https://scraper.example.net/copy" })).body).toEqual({ fill: false });
  expect((await requestAd(t, ad.zoneId, { page: `https://${ad.site.domain}.evil.net/` })).body).toEqual({ fill: false });
  expect((await requestAd(t, ad.zoneId)).body).toEqual({ fill: false });
  expect((await requestAd(t, ad.zoneId, { page: `https://m.${ad.site.domain}/a` })).body.fill).toBe(true);
  const served = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
  await sendBeacon(served.impressionUrl, { origin: "https://scraper.example.net" });
  expect(await billed(ad)).toEqual({ impressions: 0, clicks: 0, spend: 0, revenue: 0 });
  const refused = await refusals(t);
  expect(refused["request:domain_mismatch"]).toBe(3);
  expect(refused["impression:domain_mismatch"]).toBe(1);
});

it("sends clicks without an impression, or too fast, to the landing page without counting them", async () => {
  const ad = await liveAd(t);
  const unseen = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
  const blind = await followClick(unseen.clickUrl);
  expect(blind.status).toBe(302);
  expect(blind.headers.get("location")).toBe("https://shop.example.com/sale");

  const { served } = await showAd(t, ad);
  expect((await followClick(served.clickUrl)).headers.get("location")).toBe("https://shop.example.com/sale");
  await new Promise((resolve) => setTimeout(resolve, 350));
  expect((await followClick(served.clickUrl)).headers.get("location")).toContain("adnet_click=");

  expect(await billed(ad)).toMatchObject({ impressions: 1, clicks: 1 });
  const refused = await refusals(t);
  expect(refused["click:no_impression"]).toBe(1);
  expect(refused["click:too_fast"]).toBe(1);
});

it("answers a forged click link with 400 and no redirect", async () => {
  const response = await followClick(`${t.url}/t/c?d=forged.link`);
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ detail: "This ad link is not valid" });
});

it("stops billing one IP beyond the per-minute threshold, and shows the share to admins", async () => {
  const strict = await startTestApp({ IP_IMPRESSIONS_PER_MINUTE: "3" });
  try {
    const ad = await liveAd(strict);
    for (let i = 0; i < 5; i++) await showAd(strict, ad);
    await strict.app.services.delivery.flush();
    expect((await publisherStats(strict, ad.publisher)).impressions).toBe(3);
    const report = await trafficQuality(strict, ad.admin);
    expect(report).toMatchObject({ impressions: 3, clicks: 0, invalidEvents: 2 });
    expect(report.byReason).toEqual([{ event: "impression", reason: "ip_rate", events: 2, share: 40 }]);
  } finally {
    await strict.close();
  }
});
