import { advertiserStats, liveAd, LiveAd, publisherStats, requestAd, sendBeacon, showAd, trafficQuality } from "../../../../test/ad-fixtures";
import { startAppPair, startTestApp, TestApp } from "../../../../test/test-app";
import { booksAgree } from "../../ledger/books";

const today = () => new Date().toISOString().slice(0, 10);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "0", DELIVERY_FLUSH_MS: "60000" });
});
afterAll(() => t.close());

/** What `npm run check:ledger` proves, on the test's database: every total is the sum of its entries, and spend = earnings + the network's share. */
async function expectBooksToBalance(): Promise<void> {
  expect(await t.app.services.ledger.checkTotals()).toEqual([]);
  expect(booksAgree(await t.app.services.ledger.checkBooks())).toBe(true);
}

const tell = (ad: LiveAd, eventUrl: string, name: string) => sendBeacon(`${eventUrl}&e=${name}`, { origin: `https://${ad.site.domain}` });

const reasonCount = async (ad: LiveAd, event: string, reason: string) =>
  (await trafficQuality(t, ad.admin)).byReason.find((row) => row.event === event && row.reason === reason)?.events ?? 0;

async function figures(ad: LiveAd) {
  await t.app.services.delivery.flush();
  const advertiser = await advertiserStats(t, ad.advertiser);
  const publisher = await publisherStats(t, ad.publisher);
  return { impressions: advertiser.impressions, spend: advertiser.spend, revenue: publisher.revenue, earned: publisher.balance };
}

it("ranks a new CPCV campaign by its bid times the network's expected completion rate", async () => {
  const ad = await liveAd(t, { pricing: { model: "cpcv", bid: 0.02 }, format: "video", creativeType: "video" });
  await t.app.services.delivery.refreshPredictions();
  const result = await t.gql(`{ myCampaigns { id pricingModel ecpm predictedViewableRate predictedCompletionRate } }`, {}, ad.advertiser.token);
  // Nothing counted yet on this test's network: half of impressions expected complete: $0.02 × 0.5 × 1,000 = $10 per thousand.
  expect(result.data!.myCampaigns).toEqual([{ id: ad.campaignId, pricingModel: "CPCV", ecpm: 10, predictedViewableRate: 50, predictedCompletionRate: 50 }]);
});

describe("vCPM", () => {
  it("counts impressions free and charges a thousandth of the bid for each one that became viewable, once", async () => {
    const ad = await liveAd(t, { pricing: { model: "vcpm", bid: 5 } });
    const offers = [];
    for (let i = 0; i < 3; i++) offers.push((await showAd(t, ad)).served);
    expect(await figures(ad)).toEqual({ impressions: 3, spend: 0, revenue: 0, earned: 0 });

    await tell(ad, offers[0].eventUrl, "viewable");
    await tell(ad, offers[0].eventUrl, "viewable");
    await tell(ad, offers[1].eventUrl, "viewable");
    // A video's progress is no viewable impression.
    await tell(ad, offers[2].eventUrl, "complete");
    expect(await figures(ad)).toEqual({ impressions: 3, spend: 0.01, revenue: 0.007, earned: 0.007 });
    expect(await reasonCount(ad, "viewable", "replay")).toBeGreaterThanOrEqual(1);
    await expectBooksToBalance();
  });

  it("charges nothing for a viewable event of an offer never shown", async () => {
    const ad = await liveAd(t, { pricing: { model: "vcpm", bid: 5 } });
    const unseen = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
    await tell(ad, unseen.eventUrl, "viewable");
    expect(await figures(ad)).toEqual({ impressions: 0, spend: 0, revenue: 0, earned: 0 });
  });
});

describe("CPCV", () => {
  it("charges the bid for a completed view only, once, and the publisher earns their share of it", async () => {
    const ad = await liveAd(t, { pricing: { model: "cpcv", bid: 0.05 }, format: "video", creativeType: "video" });
    const watched = (await showAd(t, ad)).served;
    const leftEarly = (await showAd(t, ad)).served;
    for (const name of ["viewable", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "complete"]) await tell(ad, watched.eventUrl, name);
    for (const name of ["viewable", "start", "firstQuartile", "midpoint", "skip"]) await tell(ad, leftEarly.eventUrl, name);
    expect(await figures(ad)).toEqual({ impressions: 2, spend: 0.05, revenue: 0.035, earned: 0.035 });
    expect(await reasonCount(ad, "complete", "replay")).toBeGreaterThanOrEqual(1);
    await expectBooksToBalance();
  });

  it("stops at the budget: the completed view it cannot pay for is refused, and the campaign completes", async () => {
    const ad = await liveAd(t, { pricing: { model: "cpcv", bid: 0.05 }, format: "video", creativeType: "video", budget: 0.1, endDate: today(), pacing: "asap" });
    const offers = [];
    for (let i = 0; i < 3; i++) offers.push((await showAd(t, ad)).served);
    for (const offer of offers) await tell(ad, offer.eventUrl, "complete");
    expect(await figures(ad)).toMatchObject({ impressions: 3, spend: 0.1 });
    expect((await advertiserStats(t, ad.advertiser)).campaigns[0]).toMatchObject({ status: "COMPLETED", spend: 0.1 });
    expect(await reasonCount(ad, "complete", "budget_spent")).toBeGreaterThanOrEqual(1);
    await expectBooksToBalance();
  });
});

it("bills a viewable impression once across a restart without Redis, and still counts one not yet told", async () => {
  const ad = await liveAd(t, { pricing: { model: "vcpm", bid: 5 } });
  const told = (await showAd(t, ad)).served;
  const untold = (await showAd(t, ad)).served;
  await tell(ad, told.eventUrl, "viewable");
  expect(await figures(ad)).toMatchObject({ impressions: 2, spend: 0.005 });

  await t.restart();
  // A restarted app listens on another port: the same links, to wherever it is now.
  const now = (url: string) => url.replace(/^http:\/\/[^/]+/, t.url);
  await tell(ad, now(told.eventUrl), "viewable");
  await tell(ad, now(untold.eventUrl), "viewable");
  expect(await figures(ad)).toMatchObject({ impressions: 2, spend: 0.01 });
  expect(await reasonCount(ad, "viewable", "replay")).toBeGreaterThanOrEqual(1);
  await expectBooksToBalance();
});

it("bills a completed view once when two processes sharing Redis both receive it", async () => {
  const pair = await startAppPair({ DELIVERY_FLUSH_MS: "60000" });
  const { first, second } = pair;
  try {
    const ad = await liveAd(first, { pricing: { model: "cpcv", bid: 0.05 }, format: "video", creativeType: "video" });
    await second.app.services.delivery.inventory.reload();
    const { served } = await showAd(first, ad);
    const elsewhere = served.eventUrl.replace(first.url, second.url);
    const origin = { origin: `https://${ad.site.domain}` };
    await Promise.all([sendBeacon(`${served.eventUrl}&e=complete`, origin), sendBeacon(`${elsewhere}&e=complete`, origin)]);
    // One after the other: two apps in one test process would block each other on one SQLite file.
    await first.app.services.delivery.flush();
    await second.app.services.delivery.flush();
    expect(await advertiserStats(first, ad.advertiser)).toMatchObject({ impressions: 1, spend: 0.05 });
    expect(await publisherStats(second, ad.publisher)).toMatchObject({ revenue: 0.035 });
    const replays = (await trafficQuality(first, ad.admin)).byReason.find((row) => row.event === "complete" && row.reason === "replay");
    expect(replays?.events).toBe(1);
  } finally {
    await pair.close();
  }
});
