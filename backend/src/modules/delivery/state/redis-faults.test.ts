import { randomBytes } from "node:crypto";
import { liveAd, LiveAd, requestAd, sendBeacon, UNTHROTTLED_APP } from "../../../../test/ad-fixtures";
import { FaultFigures, PrivateRedis, printFigures, startAppProcess, startPrivateRedis } from "../../../../test/fault-harness";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { dailySums } from "../../reports/fact-sums";
import { advertiserAccounts } from "../../funds/funds-totals";
import { until } from "../../../../test/until";
import { startPrivateNats } from "../../../bench/private-servers";

/**
 * Redis lost, wiped or away under traffic, on a redis-server each test starts on its own port.
 * Budget $1 at a $10 CPM: 100 impressions of $0.01 (10,000 micros) each.
 */
const BUDGET_MICROS = 1_000_000;
const PRICE_MICROS = 10_000;
const today = () => new Date().toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const APP_ENV = {
  ...UNTHROTTLED_APP,
  // Nothing is written until the test asks: the spend counted before a loss is still pending in the process.
  DELIVERY_FLUSH_MS: "60000",
};

let redis: PrivateRedis;
let t: TestApp;
beforeEach(async () => {
  redis = await startPrivateRedis();
  t = await startTestApp({ ...APP_ENV, REDIS_URL: redis.url, REDIS_PREFIX: `faults-${randomBytes(3).toString("hex")}:` });
});
afterEach(async () => {
  await t.close();
  await redis.close();
});

/** Asks for ads until `count` are filled, waiting out a moment without ads (Redis coming back). */
async function offers(app: { url: string }, ad: LiveAd, count: number, patienceMs = 10_000): Promise<string[]> {
  const urls: string[] = [];
  const deadline = Date.now() + patienceMs;
  while (urls.length < count && Date.now() < deadline) {
    const served = await requestAd(app as TestApp, ad.zoneId, { page: ad.page });
    if (served.body.fill) urls.push(served.body.impressionUrl);
    else await sleep(20);
  }
  return urls;
}

/** The beacons' answers: how many were acknowledged (204). */
async function beacons(urls: string[], concurrency = 16): Promise<number> {
  let acknowledged = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next++];
        if ((await sendBeacon(url)).status === 204) acknowledged++;
      }
    }),
  );
  return acknowledged;
}

/** The campaign's impressions billed and spend, from the hourly stats and the ledger, and its refused beacons. */
async function inDatabase(app: TestApp, campaignId: number) {
  const billed = await dailySums(app.app.dataSource, "campaign", campaignId);
  const reasons: { reason: string; n: string | number }[] = await app.app.dataSource.query(
    "SELECT reason, SUM(count) AS n FROM invalid_traffic WHERE campaign_id = ? AND event = 'impression' GROUP BY reason",
    [campaignId],
  );
  const ledger = (await app.app.services.ledger.spendByCampaign([campaignId])).get(campaignId) ?? 0;
  const byReason = Object.fromEntries(reasons.map((row) => [row.reason, Number(row.n)]));
  return {
    impressions: billed.impressions,
    spendMicros: billed.spendMicros,
    ledgerMicros: ledger,
    refused: Object.values(byReason).reduce((sum, n) => sum + n, 0),
    byReason,
  };
}

function figures(sent: number, acknowledged: number, counted: Awaited<ReturnType<typeof inDatabase>>, duplicated: number): FaultFigures {
  const overspendMicros = Math.max(0, counted.ledgerMicros - BUDGET_MICROS);
  return {
    sent,
    acknowledged,
    inDatabase: counted.impressions,
    refused: counted.refused,
    // Every acknowledged beacon is either billed or recorded as invalid with its reason.
    lost: acknowledged - counted.impressions - counted.refused,
    duplicated,
    overspendMicros,
    overspendImpressions: Math.ceil(overspendMicros / PRICE_MICROS),
  };
}

async function healthz(app: { url: string }) {
  const response = await fetch(`${app.url}/healthz`);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function untilHealthy(app: { url: string }, timeoutMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(50)) {
    if ((await healthz(app)).status === 200) return;
  }
  throw new Error(`not healthy after ${timeoutMs} ms: ${JSON.stringify((await healthz(app)).body)}`);
}

function expectMoneyHeld(result: FaultFigures, counted: Awaited<ReturnType<typeof inDatabase>>): void {
  expect(result.lost).toBe(0);
  expect(result.duplicated).toBe(0);
  expect(counted.ledgerMicros).toBe(counted.spendMicros);
  expect(counted.ledgerMicros).toBeLessThanOrEqual(BUDGET_MICROS + PRICE_MICROS);
}

it("(a) Redis killed and started empty: old beacons are refused, the budget is rebuilt from the ledger and the unwritten spend", async () => {
  const ad = await liveAd(t, { budget: 1, cpm: 10, endDate: today(), pacing: "asap" });
  const before = await offers(t, ad, 60);
  const notYetSent = await offers(t, ad, 80);
  let sent = before.length;
  let acknowledged = await beacons(before);
  // 60 impressions counted and charged in Redis, none written to the database yet.
  expect((await inDatabase(t, ad.campaignId)).impressions).toBe(0);

  await redis.kill();
  await redis.start();
  await untilHealthy(t);

  // Every beacon of an offer made before the loss, sent again or for the first time: none may bill.
  await t.app.services.delivery.flush();
  const beforeReplay = (await inDatabase(t, ad.campaignId)).impressions;
  sent += before.length + notYetSent.length;
  acknowledged += await beacons([...before, ...notYetSent]);
  await t.app.services.delivery.flush();
  const duplicated = (await inDatabase(t, ad.campaignId)).impressions - beforeReplay;

  // Traffic goes on: the rebuilt budget holds 40 more impressions, not 100.
  const after = await offers(t, ad, 80, 3000);
  sent += after.length;
  acknowledged += await beacons(after);
  await t.app.services.delivery.flush();

  const counted = await inDatabase(t, ad.campaignId);
  const result = figures(sent, acknowledged, counted, duplicated);
  printFigures("Redis killed and started empty", result);
  expect(beforeReplay).toBe(60);
  expect(counted.byReason.state_lost).toBe(before.length + notYetSent.length);
  expect(counted.impressions).toBe(100);
  expectMoneyHeld(result, counted);
}, 120_000);

it("(b) FLUSHALL in the middle of the traffic: no beacon bills twice and the budget holds", async () => {
  const ad = await liveAd(t, { budget: 1, cpm: 10, endDate: today(), pacing: "asap" });
  const urls = await offers(t, ad, 150);
  const flusher = redis.client();
  let sent = 0;
  let acknowledged = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < urls.length) {
        const index = next++;
        if (index === 50) await flusher.flushall();
        sent++;
        if ((await sendBeacon(urls[index])).status === 204) acknowledged++;
      }
    }),
  );
  await untilHealthy(t);
  await t.app.services.delivery.flush();
  const beforeReplay = (await inDatabase(t, ad.campaignId)).impressions;
  sent += urls.length;
  acknowledged += await beacons(urls);
  await t.app.services.delivery.flush();
  const duplicated = (await inDatabase(t, ad.campaignId)).impressions - beforeReplay;

  // New offers spend what is left of the budget, and not a micro more.
  for (let round = 0; round < 5; round++) {
    const more = await offers(t, ad, 60, 2000);
    if (more.length === 0) break;
    sent += more.length;
    acknowledged += await beacons(more);
  }
  await t.app.services.delivery.flush();

  const counted = await inDatabase(t, ad.campaignId);
  const result = figures(sent, acknowledged, counted, duplicated);
  printFigures("FLUSHALL mid-traffic", result);
  expect(counted.byReason.state_lost).toBeGreaterThan(0);
  expect(counted.impressions).toBe(100);
  expectMoneyHeld(result, counted);
}, 120_000);

it("(c) Redis down: ads and beacons answer at once with the degraded result, /healthz says 503, and service resumes when it is back", async () => {
  const ad = await liveAd(t, { budget: 1, cpm: 10, endDate: today(), pacing: "asap" });
  const urls = await offers(t, ad, 20);
  expect((await healthz(t)).body).toMatchObject({ status: "ok", database: { status: "ok" }, redis: { status: "ok" } });

  await redis.kill();
  // The app learns of it when its connection closes, a moment after the server died.
  for (const deadline = Date.now() + 5000; Date.now() < deadline && (await healthz(t)).status === 200; ) await sleep(10);
  const latencies: { serve: number[]; beacon: number[] } = { serve: [], beacon: [] };
  for (const url of urls) {
    let started = performance.now();
    const served = await requestAd(t, ad.zoneId, { page: ad.page });
    latencies.serve.push(performance.now() - started);
    expect(served).toMatchObject({ status: 200, body: { fill: false } });
    started = performance.now();
    const beacon = await sendBeacon(url);
    latencies.beacon.push(performance.now() - started);
    expect(beacon.status).toBe(204);
  }
  const health = await healthz(t);
  expect(health).toMatchObject({ status: 503, body: { status: "unavailable", database: { status: "ok" }, redis: { status: "unavailable" } } });
  // A load balancer sends its traffic to processes that can count it.
  const unready = await fetch(`${t.url}/readyz`);
  expect({ status: unready.status, body: await unready.json() }).toMatchObject({ status: 503, body: { status: "state_unavailable" } });
  const max = (values: number[]) => Math.round(Math.max(...values));
  console.log(`Redis down: /serve answered in at most ${max(latencies.serve)} ms, beacons in at most ${max(latencies.beacon)} ms (${urls.length} each); /healthz ${JSON.stringify(health.body)}`);

  await redis.start();
  await untilHealthy(t);
  expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
  const after = await offers(t, ad, 10, 3000);
  expect(after).toHaveLength(10);
  const acknowledged = await beacons(after);
  await t.app.services.delivery.flush();
  const counted = await inDatabase(t, ad.campaignId);
  printFigures("Redis down then back", figures(urls.length + after.length, urls.length + acknowledged, counted, 0));
  expect(counted.byReason.state_unavailable).toBe(urls.length);
  expect(counted.impressions).toBe(10);
}, 120_000);

it("(d) two app processes on one Redis spend one budget: at most one impression over", async () => {
  const ad = await liveAd(t, { budget: 1, cpm: 10, endDate: today(), pacing: "asap" });
  const env = { ...APP_ENV, DELIVERY_FLUSH_MS: "200", REDIS_URL: redis.url, REDIS_PREFIX: `faults-pair-${randomBytes(3).toString("hex")}:`, ...t.databaseEnv };
  const first = await startAppProcess(env);
  const second = await startAppProcess(env).catch(async (error) => {
    await first.stop();
    throw error;
  });
  let sent = 0;
  let acknowledged = 0;
  try {
    const [fromFirst, fromSecond] = await Promise.all([offers(first, ad, 80), offers(second, ad, 80)]);
    // Each beacon goes to the other process than the one that served it, as a load balancer may.
    const swap = (url: string, from: string, to: string) => url.replace(from, to);
    const crossed = [...fromFirst.map((url) => swap(url, first.url, second.url)), ...fromSecond.map((url) => swap(url, second.url, first.url))];
    sent = crossed.length * 2;
    acknowledged = await beacons(crossed);
    acknowledged += await beacons(crossed);
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
  const counted = await inDatabase(t, ad.campaignId);
  // The second round is the first sent again: every one of them is a replay.
  const result = figures(sent, acknowledged, counted, Math.max(0, counted.impressions - sent / 2));
  printFigures("two processes, one Redis", result);
  expect(counted.impressions).toBe(100);
  expect(counted.refused).toBe(sent - 100);
  expectMoneyHeld(result, counted);
}, 180_000);

it("(e) Redis frozen (connections held, no answers): beacons answer after the command timeout, then at once", async () => {
  const ad = await liveAd(t, { budget: 1, cpm: 10, endDate: today(), pacing: "asap" });
  const urls = await offers(t, ad, 10);
  redis.freeze();
  try {
    const latencies: number[] = [];
    for (const url of urls) {
      const started = performance.now();
      expect((await sendBeacon(url)).status).toBe(204);
      latencies.push(Math.round(performance.now() - started));
    }
    const served = await requestAd(t, ad.zoneId, { page: ad.page });
    expect(served.body).toEqual({ fill: false });
    expect((await healthz(t)).status).toBe(503);
    console.log(`Redis frozen: beacons answered in ${latencies.join(", ")} ms`);
  } finally {
    redis.thaw();
  }
  await untilHealthy(t);
  const after = await offers(t, ad, 5, 3000);
  await beacons(after);
  await t.app.services.delivery.flush();
  const counted = await inDatabase(t, ad.campaignId);
  expect(counted.byReason.state_unavailable).toBe(urls.length);
  expect(counted.impressions).toBe(5);
}, 60_000);

it("(f) two app processes and a FLUSHALL in the middle of their traffic: the budget holds, nothing bills twice", async () => {
  const ad = await liveAd(t, { budget: 1, cpm: 10, endDate: today(), pacing: "asap" });
  const env = { ...APP_ENV, DELIVERY_FLUSH_MS: "100", REDIS_URL: redis.url, REDIS_PREFIX: `faults-pair-${randomBytes(3).toString("hex")}:`, ...t.databaseEnv };
  const first = await startAppProcess(env);
  const second = await startAppProcess(env).catch(async (error) => {
    await first.stop();
    throw error;
  });
  const flusher = redis.client();
  let sent = 0;
  let acknowledged = 0;
  let duplicated = 0;
  try {
    const [fromFirst, fromSecond] = await Promise.all([offers(first, ad, 60), offers(second, ad, 60)]);
    const swap = (url: string, from: string, to: string) => url.replace(from, to);
    const crossed = [...fromFirst.map((url) => swap(url, first.url, second.url)), ...fromSecond.map((url) => swap(url, second.url, first.url))];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < crossed.length) {
          const index = next++;
          if (index === 60) await flusher.flushall();
          sent++;
          if ((await sendBeacon(crossed[index])).status === 204) acknowledged++;
        }
      }),
    );
    await Promise.all([untilHealthy(first), untilHealthy(second)]);
    // Both processes write every 100 ms: a second later the database holds all they counted.
    await sleep(1000);
    const beforeReplay = (await inDatabase(t, ad.campaignId)).impressions;
    sent += crossed.length;
    acknowledged += await beacons(crossed);
    await sleep(1000);
    duplicated = (await inDatabase(t, ad.campaignId)).impressions - beforeReplay;
    for (let round = 0; round < 5; round++) {
      const more = [...(await offers(first, ad, 30, 1500)), ...(await offers(second, ad, 30, 1500))];
      if (more.length === 0) break;
      sent += more.length;
      acknowledged += await beacons(more);
    }
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
  const counted = await inDatabase(t, ad.campaignId);
  const result = figures(sent, acknowledged, counted, duplicated);
  printFigures("two processes, FLUSHALL mid-traffic", result);
  expect(counted.byReason.state_lost).toBeGreaterThan(0);
  expectMoneyHeld(result, counted);
}, 180_000);

/** What the ad server holds of an advertiser's funds in Redis now: their allowance less their spent counter, in micros. */
async function availableInRedis(client: ReturnType<PrivateRedis["client"]>, prefix: string, advertiserId: number): Promise<number | null> {
  const generation = await client.hget(`${prefix}state`, "generation");
  if (!generation) return null;
  const [spent, allowance] = await client.mget(`${prefix}g:${generation}:adv-spent:${advertiserId}`, `${prefix}g:${generation}:adv-allowance:${advertiserId}`);
  return spent === null || allowance === null ? null : Number(allowance) - Number(spent);
}

/** What the books say the advertiser has left to spend: their allowance less the spend in the ledger. */
async function availableInBooks(app: TestApp, advertiserId: number): Promise<number> {
  const account = (await advertiserAccounts(app.app.dataSource.manager, [advertiserId])).get(advertiserId)!;
  return account.allowanceMicros - account.spentMicros;
}

it.each([
  ["each on an event log of its own", false],
  ["sharing a JetStream log whose NATS server then restarts", true],
])("(g) Redis restarted empty twice under two processes' traffic, %s: the advertiser's funds in the ad server converge to the books, and their ads fill again", async (_, jetstream) => {
  // $5 paid in, spent at $0.001 an impression; the campaign's own budget is larger, so only the funds stop it.
  const ad = await liveAd(t, { budget: 50, cpm: 1, endDate: today(), pacing: "asap", funds: 5_000_000 });
  const prefix = `faults-funds-${randomBytes(3).toString("hex")}:`;
  const nats = jetstream ? await startPrivateNats() : null;
  const log: Record<string, string> = nats ? { EVENT_LOG: "jetstream", NATS_URL: nats.url, EVENT_LOG_STREAM: `faults-funds-${randomBytes(3).toString("hex")}` } : {};
  // Reconciled every second here (a minute by default), so the test waits seconds, not minutes.
  const env = { ...APP_ENV, ...log, DELIVERY_FLUSH_MS: "100", DELIVERY_RECONCILE_MS: "1000", REDIS_URL: redis.url, REDIS_PREFIX: prefix, ...t.databaseEnv };
  const first = await startAppProcess(env);
  const second = await startAppProcess(env).catch(async (error) => {
    await first.stop();
    await nats?.close();
    throw error;
  });
  const looking = redis.client();
  let acknowledged = 0;
  let traffic = true;
  let workers: Promise<void>[] = [];
  try {
    // Ads asked of one process and their beacons sent to the other, without pause, faults or not.
    const processes = [first, second];
    workers = Array.from({ length: 6 }, async (_, worker) => {
      for (let i = worker; traffic; i++) {
        const [from, to] = [processes[i % 2], processes[(i + 1) % 2]];
        const served = await requestAd(from as unknown as TestApp, ad.zoneId, { page: ad.page });
        if (!served.body.fill) {
          await sleep(20);
          continue;
        }
        if ((await sendBeacon(served.body.impressionUrl.replace(from.url, to.url))).status === 204) acknowledged++;
      }
    });
    // Redis restarted empty twice, then (on JetStream) the NATS server restarted: appends fail while it is away.
    const restartRedis = async () => {
      await redis.kill();
      await redis.start();
    };
    const faults = [restartRedis, restartRedis, ...(nats ? [() => nats.restart("stop")] : [])];
    for (const [index, fault] of faults.entries()) {
      const before = acknowledged;
      await until(() => acknowledged >= before + 300, `300 more beacons before fault ${index + 1}`, 60_000, 20);
      await fault();
      await Promise.all([untilHealthy(first), untilHealthy(second)]);
    }
    const afterFaults = acknowledged;
    await until(() => acknowledged >= afterFaults + 300, "300 beacons after the faults", 60_000, 20);
    traffic = false;
    await Promise.all(workers);

    // Nothing is in flight now: within the bound (a second here, plus the writers' drain), the
    // ad server holds exactly what the books say is left, not a micro less (stranded) nor more (overspend).
    let seen: { redis: number | null; books: number } = { redis: null, books: 0 };
    await until(
      async () => {
        seen = { redis: await availableInRedis(looking, prefix, ad.advertiser.id), books: await availableInBooks(t, ad.advertiser.id) };
        return seen.redis === seen.books;
      },
      "the advertiser's available funds in Redis equal the books",
      20_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message} (Redis ${seen.redis}, books ${seen.books} micros)`);
    });
    expect(seen.books).toBeGreaterThan(0);
    const served = await requestAd(first as unknown as TestApp, ad.zoneId, { page: ad.page });
    expect(served.body.fill).toBe(true);
  } finally {
    traffic = false;
    await Promise.allSettled(workers);
    await Promise.all([first.stop(), second.stop()]);
    await nats?.close();
  }
  const counted = await inDatabase(t, ad.campaignId);
  expect(await availableInBooks(t, ad.advertiser.id)).toBeGreaterThanOrEqual(0);
  expect(counted.ledgerMicros).toBe(counted.spendMicros);
}, 240_000);
