import { randomBytes } from "node:crypto";
import { BROWSER_UA, followClick, liveAd, LiveAd, requestAd, sendBeacon, trafficQuality, UNTHROTTLED_APP } from "../../../../test/ad-fixtures";
import { startAppProcess } from "../../../../test/fault-harness";
import { PrivateServer, startPrivateNats } from "../../../bench/private-servers";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { until } from "../../../../test/until";
import { dailySums } from "../../reports/fact-sums";

/**
 * Two app processes on one JetStream log (a nats-server of the test's own) and no Redis: each holds
 * its claims in memory, and the log keeps them cluster-wide. $10 CPM: 10,000 micros an impression.
 */
const PRICE_MICROS = 10_000;
const today = () => new Date().toISOString().slice(0, 10);

const APP_ENV = UNTHROTTLED_APP;

let nats: PrivateServer;
let t: TestApp;
beforeEach(async () => {
  nats = await startPrivateNats();
  t = await startTestApp(APP_ENV);
});
afterEach(async () => {
  await t.close();
  await nats.close();
});

/** A process's settings on the test's database and a stream of its own named after `purpose`, without Redis. */
const clusterEnv = (purpose: string) => ({
  ...APP_ENV,
  ...t.databaseEnv,
  REDIS_URL: "",
  EVENT_LOG: "jetstream",
  NATS_URL: nats.url,
  EVENT_LOG_STREAM: `${purpose}-${randomBytes(3).toString("hex")}`,
  DELIVERY_FLUSH_MS: "200",
});

/** Two processes on the test's database and one stream, without Redis; stopped (their counts written) by `stop`. */
async function startCluster() {
  const env = clusterEnv("replay");
  const first = await startAppProcess(env);
  const second = await startAppProcess(env).catch(async (error) => {
    await first.stop();
    throw error;
  });
  return { first, second, stop: () => Promise.all([first.stop(), second.stop()]) };
}

/** `count` ads served by one process: their impression, event and click addresses. */
async function served(app: { url: string }, ad: LiveAd, count: number) {
  const ads: { impressionUrl: string; eventUrl: string; clickUrl: string }[] = [];
  while (ads.length < count) {
    const answer = await requestAd(app as TestApp, ad.zoneId, { page: ad.page });
    if (!answer.body.fill) throw new Error(`expected an ad, got ${JSON.stringify(answer.body)}`);
    ads.push(answer.body as (typeof ads)[number]);
  }
  return ads;
}

/** What the campaign's advertiser sees counted and charged, and the refused events the admin sees. */
async function outcome(ad: LiveAd) {
  const stats = await dailySums(t.app.dataSource, "campaign", ad.campaignId);
  const ledgerMicros = (await t.app.services.ledger.spendByCampaign([ad.campaignId])).get(ad.campaignId) ?? 0;
  const refused = (await trafficQuality(t, ad.admin)).byReason.map(({ event, reason, events }) => `${event} ${reason} ${events}`).sort();
  return { impressions: stats.impressions, clicks: stats.clicks, viewable: stats.viewable, spendMicros: stats.spendMicros, ledgerMicros, refused };
}

it("refuses as replays the impressions, viewable events and clicks one process acknowledged when they are sent again to the other, and counts and charges each once", async () => {
  const ad = await liveAd(t, { budget: 10, cpm: 10, endDate: today(), pacing: "asap" });
  const cluster = await startCluster();
  try {
    const ads = await served(cluster.first, ad, 20);
    const elsewhere = (url: string) => url.replace(cluster.first.url, cluster.second.url);
    const send = async (toOther: boolean) => {
      const at = toOther ? elsewhere : (url: string) => url;
      for (const { impressionUrl } of ads) expect((await sendBeacon(at(impressionUrl))).status).toBe(204);
      for (const { eventUrl } of ads) expect((await fetch(`${at(eventUrl)}&e=viewable`, { method: "POST", headers: { "user-agent": BROWSER_UA } })).ok).toBe(true);
      for (const { clickUrl } of ads) expect((await followClick(at(clickUrl))).status).toBe(302);
    };
    await send(false);
    await send(true);
  } finally {
    await cluster.stop();
  }
  expect(await outcome(ad)).toEqual({
    impressions: 20,
    clicks: 20,
    viewable: 20,
    spendMicros: 20 * PRICE_MICROS,
    ledgerMicros: 20 * PRICE_MICROS,
    refused: ["click replay 20", "impression replay 20", "viewable replay 20"],
  });
}, 180_000);

it("counts once, and charges once, an impression beacon sent to both processes at the same moment", async () => {
  const ad = await liveAd(t, { budget: 10, cpm: 10, endDate: today(), pacing: "asap" });
  const cluster = await startCluster();
  try {
    const ads = await served(cluster.first, ad, 30);
    await Promise.all(
      ads.map(async ({ impressionUrl }) => {
        const answers = await Promise.all([sendBeacon(impressionUrl), sendBeacon(impressionUrl.replace(cluster.first.url, cluster.second.url))]);
        expect(answers.map((answer) => answer.status)).toEqual([204, 204]);
      }),
    );
  } finally {
    await cluster.stop();
  }
  expect(await outcome(ad)).toEqual({ impressions: 30, clicks: 0, viewable: 0, spendMicros: 30 * PRICE_MICROS, ledgerMicros: 30 * PRICE_MICROS, refused: ["impression replay 30"] });
}, 180_000);

/** Two processes on one stream, the first of them holding the lease to apply it. */
async function startApplierPair() {
  const env = clusterEnv("applier");
  const leaseHolders = async () =>
    ((await t.app.dataSource.query("SELECT holder FROM scheduler_leases WHERE job = ?", [`apply:jetstream:${env.EVENT_LOG_STREAM}`])) as { holder: string }[]).map((row) => row.holder);
  const first = await startAppProcess(env);
  const second = await (async () => {
    await until(async () => (await leaseHolders()).length === 1, "the first process took the applier lease");
    return startAppProcess(env);
  })().catch(async (error) => {
    await first.kill();
    throw error;
  });
  const [firstHolder] = await leaseHolders();
  return { first, second, firstHolder, leaseHolders };
}

it("applies the shared log from one process, and from the other within seconds of that one being killed", async () => {
  const ad = await liveAd(t, { budget: 10, cpm: 10, endDate: today(), pacing: "asap" });
  const impressions = async () => (await outcome(ad)).impressions;
  const { first, second, firstHolder, leaseHolders } = await startApplierPair();
  try {
    const ads = await served(second, ad, 10);
    for (const { impressionUrl } of ads.slice(0, 5)) expect((await sendBeacon(impressionUrl)).status).toBe(204);
    await until(async () => (await impressions()) === 5, "the first process applied what the second logged");
    expect(await leaseHolders()).toEqual([firstHolder]);

    await first.kill();
    for (const { impressionUrl } of ads.slice(5)) expect((await sendBeacon(impressionUrl)).status).toBe(204);
    await until(async () => (await impressions()) === 10, "the second process took over applying the log");
    expect(await leaseHolders()).not.toEqual([firstHolder]);
  } finally {
    await first.kill();
    await second.stop();
  }
  expect(await outcome(ad)).toMatchObject({ impressions: 10, spendMicros: 10 * PRICE_MICROS, ledgerMicros: 10 * PRICE_MICROS });
}, 180_000);

it("hands the shared log over as the applying process stops, without waiting for its lease to run out", async () => {
  const { first, second, firstHolder, leaseHolders } = await startApplierPair();
  try {
    await first.stop();
    expect(await leaseHolders()).not.toContain(firstHolder);
  } finally {
    await second.stop();
  }
}, 180_000);

it("counts the click and viewable event one process takes the moment the other counted their impression", async () => {
  const ad = await liveAd(t, { budget: 10, cpm: 10, endDate: today(), pacing: "asap" });
  const cluster = await startCluster();
  try {
    const ads = await served(cluster.first, ad, 20);
    const elsewhere = (url: string) => url.replace(cluster.first.url, cluster.second.url);
    for (const { impressionUrl, eventUrl, clickUrl } of ads) {
      expect((await sendBeacon(impressionUrl)).status).toBe(204);
      const [viewable, click] = await Promise.all([
        fetch(`${elsewhere(eventUrl)}&e=viewable`, { method: "POST", headers: { "user-agent": BROWSER_UA } }),
        followClick(elsewhere(clickUrl)),
      ]);
      expect([viewable.ok, click.status]).toEqual([true, 302]);
    }
  } finally {
    await cluster.stop();
  }
  expect(await outcome(ad)).toEqual({ impressions: 20, clicks: 20, viewable: 20, spendMicros: 20 * PRICE_MICROS, ledgerMicros: 20 * PRICE_MICROS, refused: [] });
}, 180_000);
