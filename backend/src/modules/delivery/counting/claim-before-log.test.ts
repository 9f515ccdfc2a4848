import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { BROWSER_UA, followClick, liveAd, LiveAd, requestAd, sendBeacon, UNTHROTTLED_APP } from "../../../../test/ad-fixtures";
import { AppProcess, startAppProcess } from "../../../../test/fault-harness";
import { startAppPair, startTestApp, TestApp, TEST_REDIS_URL } from "../../../../test/test-app";
import { until } from "../../../../test/until";
import { PrivateServer, startPrivateNats } from "../../../bench/private-servers";
import { dailySums } from "../../reports/fact-sums";
import { JetStreamEventLog } from "./event-log/jetstream-event-log";

/**
 * An impression claimed in Redis by one process and not logged by it (its log failed, or it was
 * killed between the claim and the append), and its beacon's retry on another process on the same
 * database and Redis: the retry is answered 204 and the impression is counted, and charged, once.
 * $10 CPM: 10,000 micros an impression.
 */
const PRICE_MICROS = 10_000;
const today = () => new Date().toISOString().slice(0, 10);

const APP_ENV = UNTHROTTLED_APP;

let nats: PrivateServer;
let redis: Redis;
const prefix = () => `claim-log-${randomBytes(4).toString("hex")}:`;
beforeEach(async () => {
  nats = await startPrivateNats();
  redis = new Redis(TEST_REDIS_URL);
});
afterEach(async () => {
  redis.disconnect();
  await nats.close();
});

/** A log of the first process's own on the test's NATS server, which the test can take away. */
const ownStream = () => ({ EVENT_LOG: "jetstream", NATS_URL: nats.url, EVENT_LOG_STREAM: `claim-${randomBytes(3).toString("hex")}`, DELIVERY_FLUSH_MS: "200" });

async function servedAd(app: { url: string }, ad: LiveAd): Promise<{ impressionUrl: string; eventUrl: string; clickUrl: string }> {
  const served = await requestAd(app as TestApp, ad.zoneId, { page: ad.page });
  if (!served.body.fill) throw new Error(`expected an ad, got ${JSON.stringify(served.body)}`);
  return served.body as { impressionUrl: string; eventUrl: string; clickUrl: string };
}

const servedImpression = async (app: { url: string }, ad: LiveAd) => (await servedAd(app, ad)).impressionUrl;
const sendViewable = (eventUrl: string) => fetch(`${eventUrl}&e=viewable`, { method: "POST", headers: { "user-agent": BROWSER_UA } });

/** The campaign's spend as the budget counters in Redis hold it (every generation under the prefix). */
async function budgetCounter(keyPrefix: string, campaignId: number): Promise<number> {
  const keys = await redis.keys(`${keyPrefix}g:*:spend:${campaignId}`);
  const values = keys.length > 0 ? await redis.mget(keys) : [];
  return values.reduce((sum, value) => sum + Number(value ?? 0), 0);
}

/** What the advertiser sees counted and charged, once the app that counted has written it. */
async function outcome(t: TestApp, ad: LiveAd) {
  await t.app.services.delivery.flush();
  const stats = await dailySums(t.app.dataSource, "campaign", ad.campaignId);
  const ledgerMicros = (await t.app.services.ledger.spendByCampaign([ad.campaignId])).get(ad.campaignId) ?? 0;
  return { impressions: stats.impressions, clicks: stats.clicks, viewable: stats.viewable, spendMicros: stats.spendMicros, ledgerMicros };
}

it("counts once the impression whose append failed after its claim, when its beacon is sent again to another process", async () => {
  const env = { ...APP_ENV, REDIS_PREFIX: prefix() };
  const first = ownStream();
  const pair = await startAppPair(env, { first });
  try {
    const ad = await liveAd(pair.first, { budget: 10, cpm: 10, endDate: today(), pacing: "asap" });
    await pair.second.app.services.delivery.inventory.reload();
    const beacon = await servedImpression(pair.first, ad);
    // The first process's log goes away under it: its append fails after the claim and the charge.
    await JetStreamEventLog.deleteStream(nats.url, first.EVENT_LOG_STREAM);
    expect((await sendBeacon(beacon)).status).toBeGreaterThanOrEqual(500);

    expect((await sendBeacon(beacon.replace(pair.first.url, pair.second.url))).status).toBe(204);
    expect(await outcome(pair.second, ad)).toEqual({ impressions: 1, clicks: 0, viewable: 0, spendMicros: PRICE_MICROS, ledgerMicros: PRICE_MICROS });
    // The failed process gave its charge back: the budget holds the one logged impression.
    expect(await budgetCounter(env.REDIS_PREFIX, ad.campaignId)).toBe(PRICE_MICROS);
  } finally {
    await pair.close();
  }
}, 120_000);

it("counts once the impression of a process killed between its claim and its append, when nginx sends the beacon again to another process", async () => {
  const keyPrefix = prefix();
  const shared = { ...APP_ENV, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: keyPrefix };
  const second = await startTestApp(shared);
  let first: AppProcess | null = null;
  try {
    const ad = await liveAd(second, { budget: 10, cpm: 10, endDate: today(), pacing: "asap" });
    first = await startAppProcess({ ...shared, ...second.databaseEnv, ...ownStream() });
    const beacon = await servedImpression(first, ad);
    // The first process's log stops answering: the beacon is claimed and charged, and its append waits.
    nats.signal("SIGSTOP");
    const answer = sendBeacon(beacon).catch(() => null);
    await until(async () => (await budgetCounter(keyPrefix, ad.campaignId)) === PRICE_MICROS, "the first process charged the impression");
    await first.kill();
    nats.signal("SIGCONT");
    expect(await answer).toBeNull();

    expect((await sendBeacon(beacon.replace(first.url, second.url))).status).toBe(204);
    expect(await outcome(second, ad)).toEqual({ impressions: 1, clicks: 0, viewable: 0, spendMicros: PRICE_MICROS, ledgerMicros: PRICE_MICROS });
    // The retry took over the dead process's charge rather than charging again.
    expect(await budgetCounter(keyPrefix, ad.campaignId)).toBe(PRICE_MICROS);
  } finally {
    await first?.kill();
    await second.close();
  }
}, 120_000);

it("counts once the click and the viewable event whose append failed after their claim, when each is sent again to another process", async () => {
  const first = ownStream();
  const pair = await startAppPair({ ...APP_ENV, REDIS_PREFIX: prefix() }, { first });
  try {
    const ad = await liveAd(pair.first, { budget: 10, cpm: 10, endDate: today(), pacing: "asap" });
    await pair.second.app.services.delivery.inventory.reload();
    const { impressionUrl, eventUrl, clickUrl } = await servedAd(pair.first, ad);
    expect((await sendBeacon(impressionUrl)).status).toBe(204);
    await pair.first.app.services.delivery.flush();
    await JetStreamEventLog.deleteStream(nats.url, first.EVENT_LOG_STREAM);
    expect((await sendViewable(eventUrl)).status).toBeGreaterThanOrEqual(500);
    expect((await followClick(clickUrl)).status).toBeGreaterThanOrEqual(500);

    const elsewhere = (url: string) => url.replace(pair.first.url, pair.second.url);
    expect((await sendViewable(elsewhere(eventUrl))).status).toBe(204);
    expect((await followClick(elsewhere(clickUrl))).status).toBe(302);
    expect(await outcome(pair.second, ad)).toEqual({ impressions: 1, clicks: 1, viewable: 1, spendMicros: PRICE_MICROS, ledgerMicros: PRICE_MICROS });
  } finally {
    await pair.close();
  }
}, 120_000);
