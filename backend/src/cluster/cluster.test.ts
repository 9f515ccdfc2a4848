import { ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { BROWSER_UA, liveAd, type LiveAd } from "../../test/ad-fixtures";
import { freePort } from "../bench/bench-app";
import { startTestApp, TestApp } from "../../test/test-app";
import { until } from "../../test/until";
import { Cluster } from "./cluster";
import { dailySums } from "../modules/reports/fact-sums";

const BACKEND = join(__dirname, "..", "..");
const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const NATS_URL = process.env.TEST_NATS_URL || "nats://127.0.0.1:4222";
/** Busy processes beside the cluster, two for each core: a load average of twice the cores and more. */
const CPU_BURNERS = 2 * availableParallelism();
const VISITORS = 16;

let seeder: TestApp;
let ad: LiveAd;
let cluster: Cluster;
let nginxDir: string;

beforeAll(async () => {
  // An ordinary app process makes the database and a live ad; the cluster then shares the database.
  seeder = await startTestApp({ DELIVERY_FLUSH_MS: "60000" });
  ad = await liveAd(seeder);
  nginxDir = mkdtempSync(join(tmpdir(), "adnet-cluster-"));
  const run = randomBytes(4).toString("hex");
  const listenPort = await freePort();
  cluster = new Cluster({
    app: { command: process.execPath, args: ["--require", join(BACKEND, "test", "register-ts.cjs"), join(BACKEND, "src", "main.ts")], cwd: BACKEND },
    env: {
      ...seeder.databaseEnv,
      JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
      REDIS_URL,
      REDIS_PREFIX: `adnet-cluster-test-${run}:`,
      EVENT_LOG: "jetstream",
      NATS_URL,
      EVENT_LOG_STREAM: `adnet-cluster-${run}`,
      TRUST_PROXY: "127.0.0.1",
      SEED_DEMO: "0",
      SCHEDULER: "0",
      LOG_LEVEL: "warn",
      // Run from the TypeScript sources, which the writer thread cannot load.
      DELIVERY_WRITER: "inline",
      FRONTEND_DIR: join(tmpdir(), "adnet-no-frontend"),
      IP_REQUESTS_PER_MINUTE: "1000000",
      IP_IMPRESSIONS_PER_MINUTE: "1000000",
      // A loaded test machine can lag past the 150 ms default, and a beacon whose Redis command timed
      // out is refused (answered 204 all the same): this test is about restarts, not Redis latency.
      REDIS_COMMAND_TIMEOUT_MS: "2000",
    },
    processes: 2,
    basePort: await freePort(),
    listenHost: "127.0.0.1",
    listenPort,
    dir: nginxDir,
    log: () => undefined,
  });
  await cluster.start();
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  await seeder?.close();
  rmSync(nginxDir, { recursive: true, force: true });
}, 120_000);

interface Load {
  requests: number;
  failed: string[];
  beaconsAcknowledged: number;
}

interface Sent {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Answer {
  status: number;
  body: string;
}

/** One request on a visitor's own connections (Node's fetch cannot choose the address it sends from). */
function send(agent: Agent, url: string, { method = "GET", headers = {}, body }: Sent = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent, method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Visitors through nginx, each from its own loopback address on keep-alive connections: an ad
 * request, its impression beacon and a GraphQL POST, again and again until told to stop.
 */
async function steadyLoad(until: Promise<unknown>): Promise<Load> {
  const load: Load = { requests: 0, failed: [], beaconsAcknowledged: 0 };
  let running = true;
  void until.finally(() => (running = false));
  const call = async (agent: Agent, url: string, init: Sent = {}) => {
    load.requests += 1;
    const answer = await send(agent, url, init).catch((error: Error) => error);
    if (answer instanceof Error || answer.status >= 500) load.failed.push(`${init.method ?? "GET"} ${new URL(url).pathname}: ${answer instanceof Error ? answer.message : answer.status}`);
    return answer instanceof Error ? null : answer;
  };
  const visitor = async (index: number) => {
    const agent = new Agent({ keepAlive: true, localAddress: `127.0.${1 + Math.floor(index / 200)}.${1 + (index % 200)}` });
    const headers = { "user-agent": BROWSER_UA, origin: `https://${ad.site.domain}` };
    while (running) {
      const served = await call(agent, `${cluster.url}/serve?zone=${ad.zoneId}&page=${encodeURIComponent(ad.page)}`, { headers });
      const body = served?.status === 200 ? (JSON.parse(served.body) as { fill: boolean; impressionUrl?: string }) : null;
      if (body?.fill) {
        const beacon = await call(agent, body.impressionUrl!, { method: "POST", headers });
        if (beacon && beacon.status >= 200 && beacon.status < 300) load.beaconsAcknowledged += 1;
      }
      await call(agent, `${cluster.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ formOptions { maxLength { memo } } }" }) });
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: VISITORS }, (_, index) => visitor(index)));
  return load;
}

/** Processes that keep every core busy beside the cluster, as on a loaded machine; each ends on its own after 5 minutes should the test die. */
function burnCpu(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ["-e", "for (const end = Date.now() + 300000; Date.now() < end; );"], { stdio: "ignore" }));
}

async function stopBurning(burners: ChildProcess[]): Promise<void> {
  await Promise.all(burners.map((burner) => (burner.exitCode !== null || burner.signalCode !== null ? undefined : new Promise((resolve) => burner.once("exit", resolve).kill("SIGKILL")))));
}

/** Impression beacons refused (answered 204 all the same, so the tag learns nothing), by reason. */
const impressionsRefused = async () =>
  (await seeder.app.dataSource.query("SELECT reason, SUM(count) AS n FROM invalid_traffic WHERE zone_id = ? AND event = 'impression' GROUP BY reason", [ad.zoneId])).map(
    ({ reason, n }: { reason: string; n: string }) => `${Number(n)} ${reason}`,
  );

const impressionsCounted = async () => (await dailySums(seeder.app.dataSource, "zone", ad.zoneId)).impressions;

it("starts a process killed with -9 again on its own port, as the same member the supervisor restarts and stops later", async () => {
  const [killed] = cluster.pids;
  process.kill(killed, "SIGKILL");
  await until(() => cluster.pids[0] !== killed, "the killed process was replaced", 60_000, 50);
  await cluster.memberReady(0);
  const served = await fetch(`${cluster.url}/serve?zone=${ad.zoneId}&page=${encodeURIComponent(ad.page)}`, { headers: { "user-agent": BROWSER_UA } });
  expect(served.status).toBe(200);
}, 120_000);

it("restarts every process one by one on a busy machine under a steady load through nginx without a failed request, and counts every acknowledged beacon once", async () => {
  const before = cluster.pids;
  const burners = burnCpu(CPU_BURNERS);
  let load: Load;
  try {
    const restart = cluster.rollingRestart();
    load = await steadyLoad(restart);
    await restart;
  } finally {
    await stopBurning(burners);
  }
  expect(cluster.pids.every((pid, index) => pid !== before[index])).toBe(true);
  expect(load.failed).toEqual([]);
  expect(load.beaconsAcknowledged).toBeGreaterThan(0);
  console.log(`rolling restart of 2 processes under load beside ${CPU_BURNERS} CPU burners: ${load.requests} requests, ${load.failed.length} failed, ${load.beaconsAcknowledged} beacons acknowledged`);

  // Stopped, every process writes what it logged; the database then holds each acknowledged beacon once.
  await cluster.stop();
  expect({ counted: await impressionsCounted(), refused: await impressionsRefused() }).toEqual({ counted: load.beaconsAcknowledged, refused: [] });
  // No process outlives the cluster, the one started again after its kill -9 included.
  expect(await Promise.all(cluster.ports.map((port) => fetch(`http://127.0.0.1:${port}/readyz`).then(() => "answers", () => "gone")))).toEqual(cluster.ports.map(() => "gone"));
}, 300_000);
