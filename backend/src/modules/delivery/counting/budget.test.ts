import { advertiserStats, liveAd, publisherStats, requestAd, sendBeacon, showAd } from "../../../../test/ad-fixtures";
import { newBatchId, writeBatch } from "./batch-writer";
import { StatTable } from "./stat-table";
import { PACING_LEAD_MS } from "../decision/decision";
import { TrafficCurve } from "../learning/traffic-curve";
import { startAppPair, startTestApp, TestApp } from "../../../../test/test-app";

const today = () => new Date().toISOString().slice(0, 10);

let t: TestApp;
beforeAll(async () => {
  // Flushes only when asked, so a test sees exactly what a shutdown writes.
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1", DELIVERY_FLUSH_MS: "60000", IP_IMPRESSIONS_PER_MINUTE: "100000" });
});
afterAll(() => t.close());

async function offers(app: TestApp, ad: Awaited<ReturnType<typeof liveAd>>, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const served = await requestAd(app, ad.zoneId, { page: ad.page });
    if (served.body.fill) urls.push(served.body.impressionUrl);
  }
  return urls;
}

async function campaignStatus(app: TestApp, ad: Awaited<ReturnType<typeof liveAd>>): Promise<string> {
  return (await advertiserStats(app, ad.advertiser)).campaigns[0].status;
}

it("never spends past the budget under concurrent beacons, and completes the campaign", async () => {
  // $1 at a $10 CPM: exactly 100 impressions of $0.01.
  const ad = await liveAd(t, { budget: 1, cpm: 10, endDate: today(), pacing: "asap" });
  const urls = await offers(t, ad, 140);
  expect(urls).toHaveLength(140);
  await Promise.all(urls.map((url) => sendBeacon(url)));
  await t.app.services.delivery.flush();

  const advertiser = await advertiserStats(t, ad.advertiser);
  expect(advertiser).toMatchObject({ impressions: 100, spend: 1 });
  expect(advertiser.campaigns[0]).toMatchObject({ status: "COMPLETED", spend: 1, impressions: 100 });
  expect(await publisherStats(t, ad.publisher)).toMatchObject({ impressions: 100, revenue: 0.7 });
  expect((await requestAd(t, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });
});

it("paces a budget over the days left in its flight, released along the day", async () => {
  // $10 over 10 days at a $100 CPM ($0.10 an impression): $1 today, of which a fresh network's
  // flat curve has released the share of the day passed (plus the pacing lead) by now.
  const endDate = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  const ad = await liveAd(t, { budget: 10, cpm: 100, endDate });
  const released = () => Math.ceil(10 * new TrafficCurve().expectedShareBy(Date.now(), PACING_LEAD_MS));
  const before = released();
  let shown = 0;
  for (let served = await requestAd(t, ad.zoneId, { page: ad.page }); served.body.fill && shown <= 10; served = await requestAd(t, ad.zoneId, { page: ad.page })) {
    await sendBeacon(served.body.impressionUrl, { origin: `https://${ad.site.domain}` });
    shown++;
  }
  expect(shown).toBeGreaterThanOrEqual(before);
  expect(shown).toBeLessThanOrEqual(released());
  await t.app.services.delivery.flush();
  expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: shown, spend: shown / 10 });
  expect(await campaignStatus(t, ad)).toBe("ACTIVE");
});

it("writes every counted event on shutdown and keeps budgets across the restart", async () => {
  const ad = await liveAd(t, { budget: 1, cpm: 10, endDate: today(), pacing: "asap" });
  for (let i = 0; i < 30; i++) await showAd(t, ad);
  await t.restart();
  expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 30, spend: 0.3 });
  expect(await publisherStats(t, ad.publisher)).toMatchObject({ impressions: 30, revenue: 0.21 });

  // The restarted server starts from the ledger: 70 more impressions, not 100, spend the rest.
  const urls = await offers(t, ad, 90);
  await Promise.all(urls.map((url) => sendBeacon(url)));
  await t.app.services.delivery.flush();
  expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 100, spend: 1 });
});

it("keeps counted events while the database is away and writes them once it is back", async () => {
  // Written on the app's own connection, so that closing it takes the database away from the writer.
  const inline = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1", DELIVERY_FLUSH_MS: "60000", DELIVERY_WRITER: "inline" });
  try {
    const ad = await liveAd(inline, { cpm: 4 });
    await showAd(inline, ad);
    await showAd(inline, ad);
    const database = inline.app.dataSource;
    await database.destroy();
    try {
      await expect(inline.app.services.delivery.flush()).rejects.toThrow();
      await showAd(inline, ad);
    } finally {
      await database.initialize();
    }
    await inline.app.services.delivery.flush();
    expect(await advertiserStats(inline, ad.advertiser)).toMatchObject({ impressions: 3, spend: 0.012 });
    expect(await publisherStats(inline, ad.publisher)).toMatchObject({ impressions: 3, revenue: 0.0084 });
  } finally {
    await inline.close();
  }
});

it("shares one budget between two app processes through Redis", async () => {
  const pair = await startAppPair({ MIN_CAMPAIGN_BUDGET: "1", IP_IMPRESSIONS_PER_MINUTE: "100000", DELIVERY_FLUSH_MS: "60000" });
  const { first, second } = pair;
  try {
    const ad = await liveAd(first, { budget: 1, cpm: 10, endDate: today(), pacing: "asap" });
    await second.app.services.delivery.inventory.reload();
    const [fromFirst, fromSecond] = await Promise.all([offers(first, ad, 80), offers(second, ad, 80)]);
    expect(fromFirst.length + fromSecond.length).toBe(160);
    // Each beacon goes to the other process than the one that served it, as a load balancer may.
    const swap = (url: string, from: TestApp, to: TestApp) => url.replace(from.url, to.url);
    await Promise.all([
      ...fromFirst.map((url) => sendBeacon(swap(url, first, second))),
      ...fromSecond.map((url) => sendBeacon(swap(url, second, first))),
    ]);
    // One after the other: two apps in one test process would block each other on one SQLite file.
    await first.app.services.delivery.flush();
    await second.app.services.delivery.flush();
    expect(await advertiserStats(first, ad.advertiser)).toMatchObject({ impressions: 100, spend: 1 });
    expect(await publisherStats(second, ad.publisher)).toMatchObject({ impressions: 100, revenue: 0.7 });
  } finally {
    await pair.close();
  }
});

it("completes a campaign only when its books agree it is spent: a state that counts too much stops it for a while, never for good", async () => {
  // $1 at a $10 CPM: 100 impressions of $0.01; 40 are counted, so the books hold $0.40.
  const ad = await liveAd(t, { budget: 1, cpm: 10, endDate: today(), pacing: "asap" });
  await Promise.all((await offers(t, ad, 40)).map((url) => sendBeacon(url)));
  await t.app.services.delivery.flush();
  // What the ad server sends when a state rebuilt after a loss says the budget is gone.
  await writeBatch(t.app.dataSource, { id: newBatchId(), stats: StatTable.empty(), invalid: [], money: [], clicks: [], completed: [ad.campaignId] });
  expect((await advertiserStats(t, ad.advertiser)).campaigns[0]).toMatchObject({ status: "ACTIVE", spend: 0.4 });

  // 60 more spend what is left; told again, the books agree.
  await Promise.all((await offers(t, ad, 60)).map((url) => sendBeacon(url)));
  await t.app.services.delivery.flush();
  await writeBatch(t.app.dataSource, { id: newBatchId(), stats: StatTable.empty(), invalid: [], money: [], clicks: [], completed: [ad.campaignId] });
  expect((await advertiserStats(t, ad.advertiser)).campaigns[0]).toMatchObject({ status: "COMPLETED", spend: 1 });
});
