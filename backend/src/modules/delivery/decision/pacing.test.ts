import { advertiserStats, approvedCreative, liveAd, recordCounts, requestAd, sendBeacon, showAd, trafficQuality, uniqueSize } from "../../../../test/ad-fixtures";
import { signUp } from "../../../../test/factories";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { HOUR_MS, reportCalendar } from "../../reports/grains";
import { loadCreativeOdds } from "../learning/creative-odds";
import { loadTrafficCurve } from "../learning/traffic-curve";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1", DELIVERY_FLUSH_MS: "60000", IP_IMPRESSIONS_PER_MINUTE: "100000", MIN_CLICK_DELAY_MS: "0" });
});
afterAll(() => t.close());

it("stops a campaign at its daily cap for the rest of the day, beacons of offers already out included", async () => {
  // A $0.05 cap at a $10 CPM: five impressions of $0.01 today, of a budget of $100.
  const ad = await liveAd(t, { budget: 100, cpm: 10, pacing: "asap", dailyCap: 0.05 });
  const urls: string[] = [];
  for (let i = 0; i < 8; i++) urls.push((await requestAd(t, ad.zoneId, { page: ad.page })).body.impressionUrl);
  expect(urls.every(Boolean)).toBe(true);
  await Promise.all(urls.map((url) => sendBeacon(url, { origin: `https://${ad.site.domain}` })));
  expect((await requestAd(t, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });

  await t.app.services.delivery.flush();
  const stats = await advertiserStats(t, ad.advertiser);
  expect(stats).toMatchObject({ impressions: 5, spend: 0.05 });
  expect(stats.campaigns[0]).toMatchObject({ status: "ACTIVE", impressions: 5 });
  const quality = await trafficQuality(t, ad.admin);
  expect(quality.byReason).toContainEqual(expect.objectContaining({ event: "impression", reason: "daily_cap_spent", events: 3 }));
});

it("reads the traffic curve from the network's hours of the last two weeks", async () => {
  const ad = await liveAd(t);
  const today = reportCalendar().dateStart(reportCalendar().dateOf(Date.now()));
  // Two weeks of 100 requests an hour, and 300 from 18:00: an evening three times as busy.
  const hours = Array.from({ length: 14 * 24 }, (_, index) => new Date(today - (14 * 24 - index) * HOUR_MS));
  await recordCounts(t, hours.map((hour) => ({ hour, zoneId: ad.zoneId, requests: hour.getUTCHours() >= 18 ? 300 : 100 })));

  const curve = await loadTrafficCurve(t.app.dataSource, Date.now());
  expect(curve.flat).toBe(false);
  // 18 quiet hours of 1 part and 6 busy ones of 3 make 36 parts; 5% of each hour's share is the flat 1/24.
  expect(curve.shareOf(3)).toBeCloseTo(0.95 / 36 + 0.05 / 24, 6);
  expect(curve.shareOf(20)).toBeCloseTo((0.95 * 3) / 36 + 0.05 / 24, 6);
  expect(curve.expectedShareBy(today + 24 * HOUR_MS - 1)).toBeCloseTo(1, 6);
});

it("rotates an optimised campaign's creatives towards the one that is clicked, and keeps showing the other", async () => {
  const zoneSize = uniqueSize();
  // ASAP: the counts recorded below shape today's traffic curve, and even pacing would release next to nothing in an hour they leave quiet.
  const ad = await liveAd(t, { zoneSize, rotation: "optimised", pacing: "asap" });
  const other = await approvedCreative(t, ad.advertiser, ad.admin, ad.campaignId, zoneSize);
  await t.app.services.delivery.inventory.reload();
  // The first creative was clicked 10 times in 1,000, the other once.
  const hour = new Date(Date.now() - HOUR_MS);
  await recordCounts(t, [
    { hour, zoneId: ad.zoneId, campaignId: ad.campaignId, creativeId: ad.creativeId, requests: 1000, impressions: 1000, clicks: 10 },
    { hour, zoneId: ad.zoneId, campaignId: ad.campaignId, creativeId: other, requests: 1000, impressions: 1000, clicks: 1 },
  ]);
  const odds = await loadCreativeOdds(t.app.dataSource, Date.now());
  expect(odds.oddsOf(ad.creativeId)).toBeGreaterThan(0.95);

  await t.app.services.delivery.refreshForecasts();
  const shown = new Map<number, number>();
  for (let i = 0; i < 200; i++) {
    const { served } = await showAd(t, ad);
    shown.set(served.creative.id, (shown.get(served.creative.id) ?? 0) + 1);
  }
  // The better one's odds are some 99%: it gets 5% exploring and 90% of 99%, the other about 5%.
  expect(shown.get(ad.creativeId)).toBeGreaterThanOrEqual(160);
  expect(shown.get(other)).toBeGreaterThanOrEqual(1);

  // The advertiser sees why, through both doors: each creative's results and its share now.
  const query = `query($id: Int!) { campaignCreativeRotation(campaignId: $id) { rotation basedOnDays creatives { creativeId name impressions clicks ctr share } } }`;
  const { data } = await t.gql(query, { id: ad.campaignId }, ad.advertiser.token);
  const report = data!.campaignCreativeRotation;
  expect(report).toMatchObject({ rotation: "optimised", basedOnDays: 15 });
  expect(report.creatives).toEqual([
    { creativeId: ad.creativeId, name: "Banner", impressions: 1000, clicks: 10, ctr: 1, share: expect.any(Number) },
    { creativeId: other, name: "Banner", impressions: 1000, clicks: 1, ctr: 0.1, share: expect.any(Number) },
  ]);
  expect(report.creatives[0].share).toBeGreaterThan(90);
  expect(report.creatives[1].share).toBeGreaterThanOrEqual(5);
  const rest = await t.rest("GET", `/advertiser/campaigns/${ad.campaignId}/creative-rotation`, { token: ad.advertiser.token });
  expect(rest.status).toBe(200);
  expect(rest.body.creatives.map((creative: { creative_id: number }) => creative.creative_id)).toEqual([ad.creativeId, other]);

  const stranger = await signUp(t, "advertiser");
  const hidden = await t.gql(query, { id: ad.campaignId }, stranger.token);
  expect(hidden.errors![0].extensions!.code).toBe("NOT_FOUND");
  expect((await t.rest("GET", `/advertiser/campaigns/${ad.campaignId}/creative-rotation`, { token: stranger.token })).status).toBe(404);
  const malformed = await t.rest("GET", "/advertiser/campaigns/nope/creative-rotation", { token: ad.advertiser.token });
  expect(malformed).toMatchObject({ status: 422, body: { detail: "Campaign must be a number" } });
});
