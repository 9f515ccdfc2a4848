/**
 * `npm run bench:openrtb`: header-bidding bid requests per second and their p99 against the same
 * seeded catalogue as `bench:serve`, beside the tag's ad requests to the same app in the same run.
 * The target: p99 at most 20 ms (Prebid's default timeout is 1,000 ms; a fast bidder wins more).
 */
import "reflect-metadata";
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../app";
import { loadConfig } from "../config";
import { BENCH_CONNECTIONS, type BenchDatabase, benchEnv, type BenchRequest, freePort, loadWith } from "./bench-app";
import { seedBenchInventory } from "./bench-inventory";
import { BENCH_VISITORS, visitorQuery } from "./request-mix";

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 5);
const P99_TARGET_MS = 20;

/** Child process: the real app on the seeded catalogue, answering until killed. */
async function runApp(database: BenchDatabase): Promise<void> {
  const app = await createApp(loadConfig(benchEnv(database)));
  const zones = await seedBenchInventory(app.dataSource);
  await app.services.delivery.inventory.reload();
  const address = await app.server.listen({ port: database.port, host: "127.0.0.1" });
  process.send!({ address, zones });
}

/** For each zone, the tag's ad request and Prebid's bid request of the same visitor on the same page. */
function requestsFor(zones: { id: number; domain: string }[]): { tag: BenchRequest[]; bidder: BenchRequest[] } {
  const tag: BenchRequest[] = [];
  const bidder: BenchRequest[] = [];
  zones.forEach((zone, n) => {
    const visitor = BENCH_VISITORS[n % BENCH_VISITORS.length];
    const page = `https://${zone.domain}/article`;
    const headers = { "user-agent": visitor.userAgent, "cf-ipcountry": visitor.country, "accept-language": visitor.language };
    tag.push({ method: "GET", path: `/serve?zone=${zone.id}&page=${encodeURIComponent(page)}${visitorQuery(visitor)}`, headers });
    const bidRequest = {
      id: `bench-${n}`,
      imp: [{ id: "1", tagid: String(zone.id), banner: { format: [{ w: 300, h: 250 }] }, bidfloor: 0.01, bidfloorcur: "USD" }],
      site: { page, domain: zone.domain },
      device: { ua: visitor.userAgent, language: visitor.language.slice(0, 2) },
      tmax: 1000,
    };
    bidder.push({ method: "POST", path: "/openrtb2/auction", headers: { ...headers, "content-type": "text/plain", origin: `https://${zone.domain}` }, body: JSON.stringify(bidRequest) });
  });
  return { tag, bidder };
}

function startApp(database: BenchDatabase): Promise<{ child: ChildProcess; address: string; zones: { id: number; domain: string }[] }> {
  const child = fork(__filename, ["app", JSON.stringify(database)], { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("message", (message: { address: string; zones: { id: number; domain: string }[] }) => resolve({ child, ...message }));
    child.once("exit", (code) => reject(new Error(`app exited with ${code}`)));
  });
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-bench-openrtb-"));
  const app = await startApp({ dataDir, databaseUrl: null, port: await freePort() });
  try {
    const { tag, bidder } = requestsFor(app.zones);
    console.log(`autocannon, ${BENCH_CONNECTIONS} connections, ${DURATION_SECONDS} s each, ${app.zones.length.toLocaleString("en-US")} zones, embedded SQLite`);
    const answered = { tag: new Map<number, number>(), bidder: new Map<number, number>() };
    const count = (tally: Map<number, number>) => (status: number) => tally.set(status, (tally.get(status) ?? 0) + 1);
    const tagResult = await loadWith(app.address, tag, DURATION_SECONDS, count(answered.tag));
    const bidderResult = await loadWith(app.address, bidder, DURATION_SECONDS, count(answered.bidder));
    const statuses = (tally: Map<number, number>) => [...tally].map(([status, n]) => `${status}×${n}`).join(" ");
    console.log(`${"".padEnd(24)}${"requests/s".padStart(12)}${"p50".padStart(12)}${"p99".padStart(12)}${"errors".padStart(8)}   answers`);
    for (const [name, result, tally] of [
      ["tag, GET /serve", tagResult, answered.tag],
      ["bidder, POST /openrtb2", bidderResult, answered.bidder],
    ] as const) {
      console.log(`${name.padEnd(24)}${result.requests.average.toFixed(0).padStart(12)}${ms(result.latency.p50).padStart(12)}${ms(result.latency.p99).padStart(12)}${String(result.errors).padStart(8)}   ${statuses(tally)}`);
    }
    const pass = bidderResult.latency.p99 <= P99_TARGET_MS && bidderResult.errors === 0;
    console.log(`bidder p99 ${ms(bidderResult.latency.p99)} (target ≤ ${P99_TARGET_MS} ms) ${pass ? "PASS" : "FAIL"}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    app.child.kill("SIGTERM");
    await new Promise((resolve) => app.child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const [role, setup] = process.argv.slice(2);
if (role === "app") void runApp(JSON.parse(setup) as BenchDatabase);
else void main();
