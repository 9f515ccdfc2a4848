/**
 * `npm run bench:openrtb`: header-bidding bid requests per second and their p99 against the same
 * seeded catalogue as `bench:serve`, beside the tag's ad requests to the same app in the same run.
 * The target: p99 at most 20 ms (Prebid's default timeout is 1,000 ms; a fast bidder wins more).
 * Then an exchange partner's server-side requests (Prebid Server's shape: the visitor in device and
 * user, the partner's credential, one calling address for every visitor), whose target is also a
 * throughput of at least 0.7 of /serve's.
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
const THROUGHPUT_TARGET = 0.7;

/** A block of addresses the offline IP database places in each bench visitor's country: a server-side request's country is its device.ip's. */
const ADDRESSES_IN: Record<string, string> = { US: "24.0", DE: "46.4", FR: "82.64", GB: "81.2", CA: "99.224", BR: "177.0" };

/** Child process: the real app on the seeded catalogue, answering until killed. */
async function runApp(database: BenchDatabase): Promise<void> {
  const app = await createApp(loadConfig(benchEnv(database)));
  const zones = await seedBenchInventory(app.dataSource);
  await app.services.delivery.inventory.reload();
  const { credential } = await app.services.exchangePartners.create({ name: "Bench exchange" });
  const address = await app.server.listen({ port: database.port, host: "127.0.0.1" });
  process.send!({ address, zones, credential });
}

/** For each zone, the tag's ad request, Prebid's bid request and an exchange's server-side one, of the same visitor on the same page. */
function requestsFor(zones: { id: number; domain: string }[], credential: string): Record<"tag" | "bidder" | "exchange", BenchRequest[]> {
  const tag: BenchRequest[] = [];
  const bidder: BenchRequest[] = [];
  const exchange: BenchRequest[] = [];
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
    const serverSide = {
      ...bidRequest,
      imp: [{ ...bidRequest.imp[0], ext: { bidder: { zone: zone.id } } }],
      device: { ...bidRequest.device, ip: `${ADDRESSES_IN[visitor.country] ?? "24.0"}.${(n >> 8) & 255}.${n & 255}` },
      user: { id: `exchange-user-${n}` },
      regs: { gdpr: 0 },
      source: { tid: `tid-${n}` },
      at: 1,
      cur: ["USD"],
      ext: { prebid: { targeting: { pricegranularity: "medium" } } },
    };
    exchange.push({ method: "POST", path: "/openrtb2/auction", headers: { "content-type": "application/json", "user-agent": "Go-http-client/1.1", authorization: `Bearer ${credential}` }, body: JSON.stringify(serverSide) });
  });
  return { tag, bidder, exchange };
}

type Started = { address: string; zones: { id: number; domain: string }[]; credential: string };

function startApp(database: BenchDatabase): Promise<{ child: ChildProcess } & Started> {
  const child = fork(__filename, ["app", JSON.stringify(database)], { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("message", (message: Started) => resolve({ child, ...message }));
    child.once("exit", (code) => reject(new Error(`app exited with ${code}`)));
  });
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-bench-openrtb-"));
  const app = await startApp({ dataDir, databaseUrl: null, port: await freePort() });
  try {
    const requests = requestsFor(app.zones, app.credential);
    console.log(`autocannon, ${BENCH_CONNECTIONS} connections, ${DURATION_SECONDS} s each, ${app.zones.length.toLocaleString("en-US")} zones, embedded SQLite`);
    const statuses = (tally: Map<number, number>) => [...tally].map(([status, n]) => `${status}×${n}`).join(" ");
    console.log(`${"".padEnd(30)}${"requests/s".padStart(12)}${"of /serve".padStart(11)}${"p50".padStart(12)}${"p99".padStart(12)}${"errors".padStart(8)}   answers`);
    const runs = [
      ["tag, GET /serve", requests.tag],
      ["browser bid, POST /openrtb2", requests.bidder],
      ["exchange bid, server-side", requests.exchange],
    ] as const;
    let serveRate = 0;
    const results = [];
    for (const [name, list] of runs) {
      const tally = new Map<number, number>();
      const result = await loadWith(app.address, list, DURATION_SECONDS, (status) => tally.set(status, (tally.get(status) ?? 0) + 1));
      serveRate ||= result.requests.average;
      const share = result.requests.average / serveRate;
      results.push({ name, result, share });
      console.log(`${name.padEnd(30)}${result.requests.average.toFixed(0).padStart(12)}${share.toFixed(2).padStart(11)}${ms(result.latency.p50).padStart(12)}${ms(result.latency.p99).padStart(12)}${String(result.errors).padStart(8)}   ${statuses(tally)}`);
    }
    let pass = true;
    for (const { name, result, share } of results.slice(1)) {
      const fits = result.latency.p99 <= P99_TARGET_MS && result.errors === 0 && share >= THROUGHPUT_TARGET;
      pass &&= fits;
      console.log(`${name}: p99 ${ms(result.latency.p99)} (target ≤ ${P99_TARGET_MS} ms), ${share.toFixed(2)} of /serve (target ≥ ${THROUGHPUT_TARGET}) ${fits ? "PASS" : "FAIL"}`);
    }
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
