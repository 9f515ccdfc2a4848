import { advertiserStats, followClick, liveAd, LiveAd, publisherStats, requestAd, setPricing, showAd, trafficQuality } from "../../../../test/ad-fixtures";
import { startAppPair, startTestApp, TestApp } from "../../../../test/test-app";
import { booksAgree } from "../../ledger/books";
import { newBatchId, writeBatch } from "./batch-writer";
import { StatTable } from "./stat-table";

const today = () => new Date().toISOString().slice(0, 10);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1", MIN_CLICK_DELAY_MS: "0", IP_CLICKS_PER_HOUR: "10000", DELIVERY_FLUSH_MS: "60000" });
});
afterAll(() => t.close());

/** The click id the landing page is sent, or null when the click was not counted. */
const clickIdOf = (response: Response) => new URL(response.headers.get("location")!).searchParams.get("adnet_click");

/** Shows the ad and follows its click: the landing page's response. */
async function showAndClick(app: TestApp, ad: LiveAd): Promise<Response> {
  const { served } = await showAd(app, ad);
  return followClick(served.clickUrl);
}

async function conversionPixel(app: TestApp, ad: LiveAd): Promise<string> {
  return (await advertiserStats(app, ad.advertiser)).campaigns[0].conversionPixelUrl as string;
}

/** What `npm run check:ledger` proves, on the test's database. */
async function expectBooksToBalance(app: TestApp): Promise<void> {
  expect(await app.app.services.ledger.checkTotals()).toEqual([]);
  expect(booksAgree(await app.app.services.ledger.checkBooks())).toBe(true);
}

const reasonCount = async (ad: LiveAd, event: string, reason: string) =>
  (await trafficQuality(t, ad.admin)).byReason.find((row) => row.event === event && row.reason === reason)?.events ?? 0;

describe("CPC", () => {
  it("charges a valid click its bid, not the impressions, and credits the publisher's share on the impression's zone", async () => {
    const ad = await liveAd(t, { pricing: { model: "cpc", bid: 0.5 } });
    await showAd(t, ad);
    const clicked = await showAndClick(t, ad);
    expect(clicked.status).toBe(302);
    expect(clickIdOf(clicked)).toMatch(/^[\w-]{22}$/);
    // Clicked without its impression: redirected, not counted, not charged.
    const unseen = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
    const invalid = await followClick(unseen.clickUrl);
    expect(invalid.status).toBe(302);
    expect(clickIdOf(invalid)).toBeNull();

    await t.app.services.delivery.flush();
    expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 2, clicks: 1, spend: 0.5 });
    expect(await publisherStats(t, ad.publisher)).toMatchObject({ impressions: 2, clicks: 1, revenue: 0.35, balance: 0.35 });
    expect(await reasonCount(ad, "click", "no_impression")).toBeGreaterThanOrEqual(1);
    await expectBooksToBalance(t);
  });

  it("charges a budget of three clicks exactly three, completes the campaign, and still sends the fourth visitor on", async () => {
    const ad = await liveAd(t, { pricing: { model: "cpc", bid: 0.5 }, budget: 1.5, endDate: today(), pacing: "asap" });
    const offers = [];
    for (let i = 0; i < 4; i++) offers.push((await showAd(t, ad)).served);
    const clicks = await Promise.all(offers.map((offer) => followClick(offer.clickUrl)));
    expect(clicks.map((click) => click.status)).toEqual([302, 302, 302, 302]);
    expect(clicks.filter((click) => clickIdOf(click) !== null)).toHaveLength(3);

    await t.app.services.delivery.flush();
    const advertiser = await advertiserStats(t, ad.advertiser);
    expect(advertiser).toMatchObject({ impressions: 4, clicks: 3, spend: 1.5 });
    expect(advertiser.campaigns[0]).toMatchObject({ status: "COMPLETED", spend: 1.5 });
    expect(await reasonCount(ad, "click", "budget_spent")).toBeGreaterThanOrEqual(1);
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });
    await expectBooksToBalance(t);
  });

  it("charges no click beyond the advertiser's funds", async () => {
    // $1.20 paid in at $0.50 a click: two clicks fit, the third would overdraw the account.
    const ad = await liveAd(t, { pricing: { model: "cpc", bid: 0.5 }, budget: 100, funds: 1_200_000 });
    const offers = [];
    for (let i = 0; i < 3; i++) offers.push((await showAd(t, ad)).served);
    const clicks = [];
    for (const offer of offers) clicks.push(await followClick(offer.clickUrl));
    expect(clicks.map((click) => clickIdOf(click) !== null)).toEqual([true, true, false]);
    // What is left pays for no click: the ad stops showing, even after the catalogue reloads, until a deposit.
    await t.app.services.delivery.inventory.reload();
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });

    await t.app.services.delivery.flush();
    expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ clicks: 2, spend: 1 });
    expect(await reasonCount(ad, "click", "no_funds")).toBeGreaterThanOrEqual(1);
    await expectBooksToBalance(t);
  });

  it("keeps the clicks charged across a restart: the budget counters start again from the ledger", async () => {
    const ad = await liveAd(t, { pricing: { model: "cpc", bid: 0.5 }, budget: 1.5, endDate: today(), pacing: "asap" });
    for (let i = 0; i < 2; i++) await showAndClick(t, ad);
    await t.restart();
    const offers = [];
    for (let i = 0; i < 2; i++) offers.push((await showAd(t, ad)).served);
    const clicks = await Promise.all(offers.map((offer) => followClick(offer.clickUrl)));
    expect(clicks.filter((click) => clickIdOf(click) !== null)).toHaveLength(1);

    await t.app.services.delivery.flush();
    expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ clicks: 3, spend: 1.5 });
  });

  it("charges the bid the ad was served at, not one set later", async () => {
    const ad = await liveAd(t, { pricing: { model: "cpc", bid: 0.5 } });
    const { served } = await showAd(t, ad);
    await setPricing(t, ad, { model: "cpc", bid: 3 });
    await t.app.services.delivery.inventory.reload();
    await followClick(served.clickUrl);
    await t.app.services.delivery.flush();
    expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ clicks: 1, spend: 0.5 });
  });
});

describe("CPA", () => {
  it("charges a conversion once, however often the pixel fires, and nothing for impressions and clicks", async () => {
    const ad = await liveAd(t, { pricing: { model: "cpa", bid: 2 } });
    const clickId = clickIdOf(await showAndClick(t, ad))!;
    const pixel = await conversionPixel(t, ad);
    await Promise.all([fetch(`${pixel}&click=${clickId}`), fetch(`${pixel}&click=${clickId}`)]);
    await fetch(`${pixel}&click=${clickId}`);

    await t.app.services.delivery.flush();
    expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 1, clicks: 1, conversions: 1, spend: 2 });
    expect(await publisherStats(t, ad.publisher)).toMatchObject({ revenue: 1.4, balance: 1.4 });
    expect(await reasonCount(ad, "conversion", "replay")).toBeGreaterThanOrEqual(1);
    await expectBooksToBalance(t);
  });

  it("books a conversion logged twice (by processes whose claims were lost) once, in the writer's transaction", async () => {
    const ad = await liveAd(t, { pricing: { model: "cpa", bid: 2 } });
    const clickId = clickIdOf(await showAndClick(t, ad))!;
    await t.app.services.delivery.flush();
    const owners = { publisherId: ad.publisher.id, siteId: ad.site.id, advertiserId: ad.advertiser.id };
    const conversion = { atMs: Date.now(), ...owners, zoneId: ad.zoneId, campaignId: ad.campaignId, creativeId: ad.creativeId, country: "XX", clickId, spendMicros: 2_000_000, earningMicros: 1_400_000 };
    for (let i = 0; i < 2; i++) {
      await writeBatch(t.app.dataSource, { id: newBatchId(), stats: StatTable.empty(), invalid: [], money: [], clicks: [], completed: [], conversions: [conversion] });
    }

    expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ conversions: 1, spend: 2 });
    expect(await publisherStats(t, ad.publisher)).toMatchObject({ revenue: 1.4, balance: 1.4 });
    await expectBooksToBalance(t);
  });

  it("charges no conversion beyond the budget", async () => {
    const ad = await liveAd(t, { pricing: { model: "cpa", bid: 2 }, budget: 3 });
    const pixel = await conversionPixel(t, ad);
    const clickIds = [];
    for (let i = 0; i < 2; i++) clickIds.push(clickIdOf(await showAndClick(t, ad))!);
    for (const clickId of clickIds) await fetch(`${pixel}&click=${clickId}`);

    await t.app.services.delivery.flush();
    const advertiser = await advertiserStats(t, ad.advertiser);
    expect(advertiser).toMatchObject({ conversions: 1, spend: 2 });
    // What is left ($1) pays for no conversion: the campaign is done.
    expect(advertiser.campaigns[0]).toMatchObject({ status: "COMPLETED" });
    expect(await reasonCount(ad, "conversion", "budget_spent")).toBeGreaterThanOrEqual(1);
    await expectBooksToBalance(t);
  });
});

it("charges a conversion once when the pixel fires in two processes at once", async () => {
  const pair = await startAppPair({ MIN_CAMPAIGN_BUDGET: "1", MIN_CLICK_DELAY_MS: "0", DELIVERY_FLUSH_MS: "60000" });
  const { first, second } = pair;
  try {
    const ad = await liveAd(first, { pricing: { model: "cpa", bid: 2 } });
    await second.app.services.delivery.inventory.reload();
    const clickId = clickIdOf(await showAndClick(first, ad))!;
    // The click is written before the second process looks for it in the database.
    await first.app.services.delivery.flush();
    const pixel = await conversionPixel(first, ad);
    await Promise.all([fetch(`${pixel}&click=${clickId}`), fetch(`${pixel.replace(first.url, second.url)}&click=${clickId}`)]);

    // One after the other: two apps in one test process would block each other on one SQLite file.
    await first.app.services.delivery.flush();
    await second.app.services.delivery.flush();
    expect(await advertiserStats(first, ad.advertiser)).toMatchObject({ conversions: 1, spend: 2 });
    expect(await publisherStats(second, ad.publisher)).toMatchObject({ revenue: 1.4 });
    // The shared claim turned the second pixel away before its charge: the budget counters moved once too.
    const replays = (await trafficQuality(first, ad.admin)).byReason.filter((row) => row.event === "conversion" && row.reason === "replay");
    expect(replays).toMatchObject([{ events: 1 }]);
    await expectBooksToBalance(first);
  } finally {
    await pair.close();
  }
});
