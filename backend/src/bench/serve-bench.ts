/**
 * `npm run bench:serve`: the decision endpoint under load, beside a bare Node HTTP server
 * answering fixed JSON on the same machine in the same run; then every served ad's beacon is
 * sent and the impressions counted in the database are compared with the ads served.
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
import { createDataSource } from "../db/data-source";
import { seedBenchInventory, BENCH_CAMPAIGNS, BENCH_ZONES } from "./bench-inventory";

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 10);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The engine under test: MySQL/MariaDB when MYSQL_URL names a server, else the embedded SQLite. */
const MYSQL_URL = process.env.MYSQL_URL || "";

interface BenchDatabase {
  dataDir: string;
  databaseUrl: string | null;
}

const benchEnv = ({ dataDir, databaseUrl }: BenchDatabase) => ({
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  JWT_SECRET: "bench-secret-that-is-long-enough-for-signing",
  SEED_DEMO: "0",
  NODE_ENV: "production",
  // One load generator on one IP: the per-IP fraud threshold would rightly refuse it.
  IP_IMPRESSIONS_PER_MINUTE: "10000000",
});

/** Child process: the real app on a seeded database, until SIGTERM (which flushes). */
async function runApp(database: BenchDatabase): Promise<void> {
  const app = await createApp(loadConfig(benchEnv(database)));
  const zones = await seedBenchInventory(app.dataSource);
  await app.services.delivery.inventory.reload();
  const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
  process.send!({ address, zones });
  process.once("SIGTERM", () => {
    app.close().then(
      () => process.exit(0),
      (error) => {
        console.error("shutdown failed", error);
        process.exit(1);
      },
    );
  });
}

/** Child process: the floor any Node server stands on. */
function runBare(): void {
  const body = JSON.stringify({ fill: false });
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.send!({ address: `http://127.0.0.1:${port}`, zones: [] });
  });
}

function start(role: string, database?: BenchDatabase): Promise<{ child: ChildProcess; address: string; zones: { id: number; domain: string }[] }> {
  const child = fork(__filename, [role, JSON.stringify(database ?? null)], { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("message", (message: { address: string; zones: { id: number; domain: string }[] }) => resolve({ child, ...message }));
    child.once("exit", (code) => reject(new Error(`${role} server exited with ${code}`)));
  });
}

async function load(address: string, paths: string[], onBody?: (body: string) => void): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: address,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { "user-agent": BROWSER, "cf-ipcountry": "US" },
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
        onResponse: onBody ? (_status, body) => onBody(body) : undefined,
      },
    ],
  });
}

/** Sends each beacon once; returns how many the server did not accept with 204. */
async function sendBeacons(urls: string[]): Promise<number> {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const response = await fetch(url, { method: "POST", headers: { "user-agent": BROWSER } }).catch(() => null);
      if (response?.status !== 204) failed++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return failed;
}

async function countedImpressions(database: BenchDatabase): Promise<{ counted: number; refused: { event: string; reason: string; events: number }[] }> {
  const dataSource = await createDataSource(database);
  await dataSource.initialize();
  const [row] = await dataSource.query("SELECT COALESCE(SUM(impressions), 0) AS impressions FROM delivery_stats");
  const refused = await dataSource.query("SELECT event, reason, SUM(count) AS events FROM invalid_traffic GROUP BY event, reason");
  await dataSource.destroy();
  return { counted: Number(row.impressions), refused };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-bench-"));
  const database: BenchDatabase = { dataDir, databaseUrl: MYSQL_URL ? await createBenchDatabase(MYSQL_URL) : null };
  try {
    console.log(`Database: ${database.databaseUrl ? "MySQL/MariaDB" : "embedded SQLite"}`);
    console.log(`Seeding ${BENCH_CAMPAIGNS.toLocaleString("en-US")} active campaigns and ${BENCH_ZONES.toLocaleString("en-US")} zones…`);
    const app = await start("app", database);
    const bare = await start("bare");
    const paths = app.zones.map((zone) => `/serve?zone=${zone.id}&page=${encodeURIComponent(`https://${zone.domain}/article`)}`);

    console.log(`autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`);
    const baseline = await load(bare.address, ["/"]);
    const impressionUrls: string[] = [];
    let unfilled = 0;
    const adServer = await load(app.address, paths, (body) => {
      const answer = JSON.parse(body) as { fill: boolean; impressionUrl?: string };
      if (answer.fill) impressionUrls.push(answer.impressionUrl!);
      else unfilled++;
    });
    bare.child.kill();

    const rows = [
      ["", "requests/s", "p50", "p99", "errors"],
      ["bare node http", baseline.requests.average.toFixed(0), ms(baseline.latency.p50), ms(baseline.latency.p99), String(baseline.errors + baseline.non2xx)],
      ["GET /serve", adServer.requests.average.toFixed(0), ms(adServer.latency.p50), ms(adServer.latency.p99), String(adServer.errors + adServer.non2xx)],
    ];
    for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(16) : cell.padStart(12))).join(""));
    const ratio = adServer.requests.average / baseline.requests.average;
    console.log(`throughput ratio: ${ratio.toFixed(2)} (target ≥ 0.5) ${ratio >= 0.5 ? "PASS" : "FAIL"}`);
    console.log(`p99 latency: ${ms(adServer.latency.p99)} (target < 20 ms) ${adServer.latency.p99 < 20 ? "PASS" : "FAIL"}`);

    console.log(`Sending ${impressionUrls.length.toLocaleString("en-US")} impression beacons (${unfilled} requests went unfilled)…`);
    const failedBeacons = await sendBeacons(impressionUrls);
    if (failedBeacons > 0) console.log(`${failedBeacons} beacons were not accepted`);
    const stopped = new Promise((resolve) => app.child.once("exit", (code) => resolve(console.log(`app exited with ${code}`))));
    app.child.kill("SIGTERM");
    await stopped;
    const { counted, refused } = await countedImpressions(database);
    for (const row of refused) console.log(`refused as invalid: ${row.event} ${row.reason} × ${row.events}`);
    const match = counted === impressionUrls.length;
    console.log(`impressions served ${impressionUrls.length}, counted ${counted}: ${match ? "PASS" : "FAIL"}`);
    process.exitCode = match ? 0 : 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (database.databaseUrl) await dropBenchDatabase(database.databaseUrl);
  }
}

async function createBenchDatabase(serverUrl: string): Promise<string> {
  const name = `adnet_bench_${process.pid}`;
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

const [role, database] = process.argv.slice(2);
if (role === "app") void runApp(JSON.parse(database) as BenchDatabase);
else if (role === "bare") runBare();
else void main();
