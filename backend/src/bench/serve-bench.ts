/**
 * `npm run bench:serve`: the decision endpoint under load, beside a bare Node HTTP server
 * answering fixed JSON on the same machine in the same run; then every served ad's beacon is
 * sent and the impressions counted in the database are compared with the ads served.
 *
 * The bare server runs twice, taking the very requests the ad server takes: answering
 * {"fill":false}, and replaying one real answer of the ad server byte for byte, headers and all.
 * The second is the floor the target is measured against: the load generator shares this
 * machine's cores, and reading a 600-byte answer costs it more than a 14-byte one, which is not
 * the ad server's overhead.
 */
import "reflect-metadata";
import { ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createConnection } from "mysql2/promise";
import { createApp } from "../app";
import { loadConfig } from "../config";
import { SERVER_NODE_FLAGS } from "../bin/server-node-flags";
import { createDataSource } from "../db/data-source";
import { BENCH_CONNECTIONS as CONNECTIONS, BENCH_JWT_SECRET, type BenchDatabase, benchEnv, type BenchRequest, freePort, loadWith } from "./bench-app";
import { benchAudienceIds, seedBenchInventory, BENCH_CAMPAIGNS, BENCH_ZONES } from "./bench-inventory";
import { MEMBERSHIPS_COOKIE } from "../modules/audiences/memberships";
import { printDecisionCost } from "./decision-cost";
import { MemoryEventLog } from "./memory-event-log";
import { pacedLoad, type PacedResult } from "./paced-load";
import { percentile } from "./percentile";
import { BENCH_VISITORS, type BenchVisitor, benchMembershipsCookie, visitorQuery } from "./request-mix";
import { dailySums } from "../modules/reports/fact-sums";
import { CATALOGUE_PARTS } from "../modules/delivery/decision/catalogue-news";
import type { Inventory } from "../modules/delivery/decision/inventory";

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 10);
/** The paced phase outlasts two of the app's default counts intervals (10 s), whose writes are part of its steady state. */
const PACED_SECONDS = Math.max(DURATION_SECONDS, 21);
/** The paced loads' rates, as shares of what the ad server answered at saturation: the target is at a half. */
const PACED_SHARES = [0.25, 0.5];

/** The engine under test: MySQL/MariaDB when MYSQL_URL names a server, else the embedded SQLite. */
const MYSQL_URL = process.env.MYSQL_URL || "";

/**
 * Child process: the real app on a seeded database, until SIGTERM (which flushes). With
 * `memoryLog`, counted events are kept in memory instead of the durable event log: the bare
 * recorder that beacons with durability on are measured against.
 */
async function runApp(database: BenchDatabase, memoryLog = false): Promise<void> {
  const app = await createApp(loadConfig(benchEnv(database)), memoryLog ? { eventLog: async () => new MemoryEventLog() } : {});
  const zones = await seedBenchInventory(app.dataSource);
  const audienceIds = await benchAudienceIds(app.dataSource);
  await app.services.delivery.inventory.reload();
  const address = await app.server.listen({ port: database.port, host: "127.0.0.1" });
  process.send!({ address, zones, audienceIds });
  answerCpuUsage();
  process.on("message", (message) => {
    if (message === "settle") void app.services.delivery.flush().then(() => process.send!("settled"));
    if (message === "time reloads") void timeReloads(app.services.delivery.inventory).then((reloads) => process.send!({ reloads }));
  });
  process.once("SIGTERM", () => {
    app.close().then(
      () => process.send!({ flushTimes: app.services.delivery.flushTimes }, () => process.exit(0)),
      (error) => {
        console.error("shutdown failed", error);
        process.exit(1);
      },
    );
  });
}

const RELOADS_TIMED = 7;

/** What one reload of the catalogue takes, at the median: wall time (with the queries) and CPU time, which holds the ad server's thread. */
async function timeReloads(inventory: Inventory): Promise<Record<string, { wallMs: number; cpuMs: number }>> {
  const timed: Record<string, { wallMs: number; cpuMs: number }> = {};
  for (const [name, parts] of [["whole", CATALOGUE_PARTS], ["campaigns only", ["campaigns"]], ["zones only", ["zones"]]] as const) {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let run = 0; run < RELOADS_TIMED; run++) {
      const [started, cpu] = [performance.now(), process.cpuUsage()];
      await inventory.reload(parts);
      const used = process.cpuUsage(cpu);
      walls.push(performance.now() - started);
      cpus.push((used.user + used.system) / 1000);
    }
    timed[name] = { wallMs: percentile(walls.sort((a, b) => a - b), 50), cpuMs: percentile(cpus.sort((a, b) => a - b), 50) };
  }
  return timed;
}

/** The catalogue's reload times, whole and by part: a campaign's edit reloads the campaigns only. */
function printReloadTimes(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: { reloads?: Record<string, { wallMs: number; cpuMs: number }> }) => {
      if (!message.reloads) return;
      child.off("message", listener);
      for (const [name, { wallMs, cpuMs }] of Object.entries(message.reloads)) console.log(`catalogue reload, ${name}: ${ms(wallMs)} (CPU ${ms(cpuMs)}), median of ${RELOADS_TIMED}`);
      resolve();
    };
    child.on("message", listener);
    child.send("time reloads");
  });
}

/** A fixed answer for the bare server: its body and the headers it goes out with. */
interface FixedAnswer {
  body: string;
  headers: Record<string, string>;
}

const UNFILLED_ANSWER: FixedAnswer = { body: JSON.stringify({ fill: false }), headers: { "content-type": "application/json" } };

/** Child process: the floor any Node server stands on, answering one fixed JSON. */
function runBare(answer: FixedAnswer): void {
  const server = createServer((_request, response) => {
    response.writeHead(200, answer.headers);
    response.end(answer.body);
  });
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.send!({ address: `http://127.0.0.1:${port}`, zones: [] });
    answerCpuUsage();
  });
}

/** Child process: tells the CPU time it has used so far, when asked. */
function answerCpuUsage(): void {
  process.on("message", (message) => {
    if (message === "cpu") process.send!({ cpu: process.cpuUsage() });
  });
}

/** The CPU time (user and system, µs) a server child has used so far. */
function cpuUsed(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const listener = (message: { cpu?: NodeJS.CpuUsage }) => {
      if (!message.cpu) return;
      child.off("message", listener);
      resolve(message.cpu.user + message.cpu.system);
    };
    child.on("message", listener);
    child.send("cpu");
  });
}

/**
 * Writes everything the app has counted, and waits for it: the counts of a load at saturation
 * take the writer several seconds, which would be charged to the next load measured.
 */
function settled(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if (message !== "settled") return;
      child.off("message", listener);
      resolve();
    };
    child.on("message", listener);
    child.send("settle");
  });
}

/**
 * Load on a server, with the server's CPU time per answer: a figure that holds when the load
 * generator or anything else on the machine takes a share of the cores, which requests/s do not.
 */
async function measured(server: { child: ChildProcess; address: string }, requests: BenchRequest[], onBody?: (body: string) => void) {
  const before = await cpuUsed(server.child);
  const result = await load(server.address, requests, onBody);
  const cpuPerAnswerUs = (await cpuUsed(server.child) - before) / (result.requests.total || 1);
  return { ...result, cpuPerAnswerUs };
}

/** An impression beacon, sent by the browser that was served the ad: offers are bound to their visitor. */
interface Beacon {
  url: string;
  userAgent: string;
}

/** What the tag's request carries from a browser: it is a credentialed fetch from the publisher's page, so it names the page's origin. */
const headersOf = (visitor: BenchVisitor, pageOrigin: string, memberships: string | undefined) => ({
  "user-agent": visitor.userAgent,
  "cf-ipcountry": visitor.country,
  "accept-language": visitor.language,
  origin: pageOrigin,
  ...(memberships ? { cookie: `${MEMBERSHIPS_COOKIE}=${memberships}` } : {}),
});

/** Each zone asked for by one kind of visitor, in turn: the answers name their zone, so each beacon goes back from its visitor. */
function benchRequests(zones: { id: number; domain: string }[], audienceIds: readonly number[] = []): { requests: BenchRequest[]; visitorOfZone: Map<number, BenchVisitor> } {
  const visitorOfZone = new Map<number, BenchVisitor>();
  const requests = zones.map((zone, n) => {
    const visitor = BENCH_VISITORS[n % BENCH_VISITORS.length];
    visitorOfZone.set(zone.id, visitor);
    return { path: `/serve?zone=${zone.id}&page=${encodeURIComponent(`https://${zone.domain}/article`)}${visitorQuery(visitor)}`, headers: headersOf(visitor, `https://${zone.domain}`, benchMembershipsCookie(n, audienceIds, BENCH_JWT_SECRET)) };
  });
  return { requests, visitorOfZone };
}

/** The beacon of a filled answer, or null for an unfilled one. */
function beaconOf(body: string, visitorOfZone: Map<number, BenchVisitor>): Beacon | null {
  const answer = JSON.parse(body) as { fill: boolean; zoneId?: number; impressionUrl?: string };
  return answer.fill ? { url: answer.impressionUrl!, userAgent: visitorOfZone.get(answer.zoneId!)!.userAgent } : null;
}

/**
 * The app runs with the server's own V8 flags; the bare servers with Node's defaults, as anyone's
 * would. BENCH_PROFILE_DIR=… also writes a V8 CPU profile of each server there, for Chrome's DevTools.
 */
const nodeFlags = (role: string) => [
  ...(role.startsWith("app") ? SERVER_NODE_FLAGS : []),
  ...(process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`, `--cpu-prof-name=${role}-${process.pid}-${Date.now()}.cpuprofile`] : []),
];

/** One real answer of the ad server, to be replayed verbatim by a bare server. */
async function capturedAd(address: string, request: BenchRequest): Promise<FixedAnswer> {
  const response = await fetch(`${address}${request.path}`, { headers: request.headers });
  const headers: Record<string, string> = {};
  // Every header the ad server sent, but those Node's server writes itself.
  for (const [name, value] of response.headers) if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(name)) headers[name] = value;
  return { body: await response.text(), headers };
}

interface Started {
  child: ChildProcess;
  address: string;
  zones: { id: number; domain: string }[];
  /** The seeded audiences, which half the visitors' membership cookies name; none for a bare server. */
  audienceIds?: number[];
}

function start(role: string, setup: BenchDatabase | FixedAnswer): Promise<Started> {
  const child = fork(__filename, [role, JSON.stringify(setup)], { stdio: "inherit", execArgv: nodeFlags(role) });
  return new Promise((resolve, reject) => {
    child.once("message", (message: Omit<Started, "child">) => resolve({ child, ...message }));
    child.once("exit", (code) => reject(new Error(`${role} server exited with ${code}`)));
  });
}

function load(address: string, requests: BenchRequest[], onBody?: (body: string) => void): Promise<autocannon.Result> {
  return loadWith(address, requests, DURATION_SECONDS, onBody ? (_status, body) => onBody(body) : undefined);
}

/** Sends each beacon once; returns how many the server did not accept (204, or 200 with a capped campaign's new history). */
async function sendBeacons(beacons: Beacon[]): Promise<number> {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < beacons.length) {
      const { url, userAgent } = beacons[next++];
      const response = await fetch(url, { method: "POST", headers: { "user-agent": userAgent } }).catch((error: unknown) => error);
      if (!(response instanceof Response) || (response.status !== 204 && response.status !== 200)) {
        if (failed++ === 0) console.log(`first beacon not accepted: ${response instanceof Response ? `${response.status} ${await response.text()}` : String(response)} (${url})`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return failed;
}

async function countedImpressions(database: BenchDatabase): Promise<{ counted: number; refused: { event: string; reason: string; events: number }[] }> {
  const dataSource = await createDataSource(database);
  await dataSource.initialize();
  const { impressions } = await dailySums(dataSource, "network", 0);
  const refused = await dataSource.query("SELECT event, reason, SUM(count) AS events FROM invalid_traffic GROUP BY event, reason");
  await dataSource.destroy();
  return { counted: impressions, refused };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Whether the writer keeps up: each flush must end well inside the flush interval (1 s). */
function printFlushTimes(flushes: { rows: number; ms: number }[]): void {
  if (flushes.length === 0) return;
  const times = flushes.map((flush) => flush.ms).sort((a, b) => a - b);
  const rows = flushes.map((flush) => flush.rows).sort((a, b) => a - b);
  console.log(`writer: ${flushes.length} flushes, ${percentile(rows, 50)} rows at the median, up to ${rows[rows.length - 1]}; took p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times[times.length - 1])}`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-bench-"));
  const database: BenchDatabase = { dataDir, databaseUrl: MYSQL_URL ? await createBenchDatabase(MYSQL_URL) : null, port: await freePort() };
  try {
    await printDecisionCost();
    console.log(`Database: ${database.databaseUrl ? "MySQL/MariaDB" : "embedded SQLite"}`);
    console.log(`Seeding ${BENCH_CAMPAIGNS.toLocaleString("en-US")} active campaigns and ${BENCH_ZONES.toLocaleString("en-US")} zones…`);
    const app = await start("app", database);
    await printReloadTimes(app.child);
    const { requests, visitorOfZone } = benchRequests(app.zones, app.audienceIds);
    const sameBytes = await capturedAd(app.address, requests[0]);

    console.log(`autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`);
    const baselines = [];
    for (const answer of [UNFILLED_ANSWER, sameBytes]) {
      const bare = await start("bare", answer);
      // The same requests as the ad server's below, whose bodies the load generator reads as it does the ad server's.
      baselines.push(await measured(bare, requests, (body) => JSON.parse(body)));
      bare.child.kill();
    }
    const impressionUrls: Beacon[] = [];
    let unfilled = 0;
    const collectBeacon = (body: string) => {
      const beacon = beaconOf(body, visitorOfZone);
      if (beacon) impressionUrls.push(beacon);
      else unfilled++;
    };
    const adServer = await measured(app, requests, collectBeacon);
    // Latency is a figure of the load a server is run at, with headroom: at saturation it is only the
    // queue's length. Half of what the ad server just answered at most (the target's load), and a
    // quarter, the same requests, both servers. Each from a writer at rest, and long enough for the
    // app to write its counts twice as it goes.
    const paces = PACED_SHARES.map((share) => Math.round(adServer.requests.average * share));
    const pacedAdServer: PacedResult[] = [];
    for (const rate of paces) {
      await settled(app.child);
      pacedAdServer.push(await pacedLoad(app.address, requests, rate, PACED_SECONDS));
    }
    await settled(app.child);
    const bare = await start("bare", sameBytes);
    const pacedBare: PacedResult[] = [];
    for (const rate of paces) pacedBare.push(await pacedLoad(bare.address, requests, rate, PACED_SECONDS));
    bare.child.kill();

    const [unfilledFloor, sameBytesFloor] = baselines;
    const row = (name: string, result: Awaited<ReturnType<typeof measured>>) => [
      name,
      result.requests.average.toFixed(0),
      ms(result.latency.p50),
      ms(result.latency.p99),
      String(result.errors + result.non2xx),
      `${result.cpuPerAnswerUs.toFixed(1)} µs`,
    ];
    const rows = [
      ["", "requests/s", "p50", "p99", "errors", "server CPU/answer"],
      row("bare, {fill:false}", unfilledFloor),
      row("bare, same answer", sameBytesFloor),
      row("GET /serve", adServer),
    ];
    for (const cells of rows) console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(20) : cell.padStart(i === 5 ? 20 : 12))).join(""));
    const ratio = adServer.requests.average / sameBytesFloor.requests.average;
    console.log(`throughput ratio to a bare server sending the same ${sameBytes.body.length}-byte answer: ${ratio.toFixed(2)} (target ≥ 0.7) ${ratio >= 0.7 ? "PASS" : "FAIL"}`);
    console.log(`throughput ratio to a bare server sending {"fill":false}: ${(adServer.requests.average / unfilledFloor.requests.average).toFixed(2)}`);
    // The servers' own CPU per answer: what each would cost with the load generator on another machine.
    console.log(`CPU per answer, bare server to ad server: ${(sameBytesFloor.cpuPerAnswerUs / adServer.cpuPerAnswerUs).toFixed(2)}`);
    console.log(`p99 latency at full load: ${ms(adServer.latency.p99)} (the queue of ${CONNECTIONS} connections on two cores)`);
    paces.forEach((rate, index) => {
      console.log(`at a steady ${rate} requests/s, ${PACED_SHARES[index] * 100}% of the ad server's capacity, timed from when each request was due:`);
      for (const [name, result] of [["bare, same answer", pacedBare[index]], ["GET /serve", pacedAdServer[index]]] as const) {
        console.log(`  ${name.padEnd(18)} p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, p99.9 ${ms(result.p99_9)}, ${result.errors} errors of ${result.sent}`);
      }
    });
    const target = pacedAdServer[PACED_SHARES.indexOf(0.5)];
    console.log(`p99 latency at half capacity: ${ms(target.p99)} (target < 10 ms) ${target.p99 < 10 ? "PASS" : "FAIL"}`);

    console.log(`Sending ${impressionUrls.length.toLocaleString("en-US")} impression beacons (${unfilled} requests went unfilled)…`);
    const beaconsStarted = performance.now();
    const failedBeacons = await sendBeacons(impressionUrls);
    const beaconSeconds = (performance.now() - beaconsStarted) / 1000;
    const durableRate = impressionUrls.length / beaconSeconds;
    console.log(`beacons, durable (answered once in the event log): ${durableRate.toFixed(0)} per second over ${beaconSeconds.toFixed(1)} s`);
    if (failedBeacons > 0) console.log(`${failedBeacons} beacons were not accepted`);
    const stopped = new Promise((resolve) => app.child.once("exit", (code) => resolve(console.log(`app exited with ${code}`))));
    const flushes = new Promise<{ rows: number; ms: number }[]>((resolve) => app.child.once("message", (message: { flushTimes: { rows: number; ms: number }[] }) => resolve(message.flushTimes)));
    app.child.kill("SIGTERM");
    await stopped;
    printFlushTimes(await flushes);
    const { counted, refused } = await countedImpressions(database);
    for (const row of refused) console.log(`refused as invalid: ${row.event} ${row.reason} × ${row.events}`);
    const match = counted === impressionUrls.length;
    console.log(`impressions served ${impressionUrls.length}, counted ${counted}: ${match ? "PASS" : "FAIL"}`);
    process.exitCode = match ? 0 : 1;
    await compareWithBareRecorder(requests.length, impressionUrls.length, durableRate);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (database.databaseUrl) await dropBenchDatabase(database.databaseUrl);
  }
}

/** The same beacons sent to an app whose recorder keeps events in memory only: what durability costs. */
async function compareWithBareRecorder(zoneCount: number, beaconCount: number, durableRate: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-bench-bare-"));
  const database: BenchDatabase = { dataDir, databaseUrl: MYSQL_URL ? await createBenchDatabase(MYSQL_URL, "bare") : null, port: await freePort() };
  try {
    const app = await start("app-memory-log", database);
    const { requests, visitorOfZone } = benchRequests(app.zones.slice(0, zoneCount), app.audienceIds);
    const urls: Beacon[] = [];
    await load(app.address, requests, (body) => {
      const beacon = beaconOf(body, visitorOfZone);
      if (beacon && urls.length < beaconCount) urls.push(beacon);
    });
    const started = performance.now();
    await sendBeacons(urls);
    const bareRate = urls.length / ((performance.now() - started) / 1000);
    app.child.kill("SIGTERM");
    await new Promise((resolve) => app.child.once("exit", resolve));
    const ratio = durableRate / bareRate;
    console.log(`beacons, bare recorder (events in memory only): ${bareRate.toFixed(0)} per second over ${urls.length.toLocaleString("en-US")} beacons`);
    console.log(`beacon throughput ratio, durable to bare: ${ratio.toFixed(2)} (target ≥ 0.5) ${ratio >= 0.5 ? "PASS" : "FAIL"}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (database.databaseUrl) await dropBenchDatabase(database.databaseUrl);
  }
}

async function createBenchDatabase(serverUrl: string, suffix = ""): Promise<string> {
  const name = `adnet_bench_${process.pid}${suffix ? `_${suffix}` : ""}`;
  const connection = await createConnection({ uri: serverUrl });
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  await connection.end();
  return `${serverUrl.replace(/\/+$/, "")}/${name}`;
}

async function dropBenchDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = "/";
  const connection = await createConnection({ uri: url.toString() });
  await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await connection.end();
}

const [role, setup] = process.argv.slice(2);
if (role === "app") void runApp(JSON.parse(setup) as BenchDatabase);
else if (role === "app-memory-log") void runApp(JSON.parse(setup) as BenchDatabase, true);
else if (role === "bare") runBare(JSON.parse(setup) as FixedAnswer);
else void main();
