/**
 * `npm run bench:junk`: what a flood of unique junk does to a real app process's memory. 45,000
 * ad requests, each with a page address of 14 KB never seen before (half on a site's domain, half
 * on made-up hosts) and a user agent of its own, against the app on a seeded SQLite database,
 * with the per-IP request limit lifted so every request goes the whole way through the ad server.
 * Prints the app's resident memory before, at its peak and after, against the ceiling.
 */
import "reflect-metadata";
import { ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../app";
import { SERVER_NODE_FLAGS } from "../bin/server-node-flags";
import { loadConfig } from "../config";
import { seedBenchInventory } from "./bench-inventory";

const REQUESTS = Number(process.env.JUNK_REQUESTS || 45_000);
const PAGE_BYTES = 14_000;
const CONNECTIONS = 50;
const CEILING_MB = 400;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

type Zone = { id: number; domain: string };

/** Child process: the real app, answering the parent's questions about its memory. */
async function runApp(dataDir: string): Promise<void> {
  const app = await createApp(
    loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: "bench-secret-that-is-long-enough-for-signing",
      SEED_DEMO: "0",
      NODE_ENV: "production",
      // Production needs it; this bench never follows the answers' links.
      PUBLIC_URL: "http://127.0.0.1",
      IP_REQUESTS_PER_MINUTE: "10000000",
    }),
  );
  const zones = await seedBenchInventory(app.dataSource);
  await app.services.delivery.inventory.reload();
  const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
  process.on("message", () => process.send!({ rss: process.memoryUsage().rss }));
  process.send!({ address, zones: zones.slice(0, 100) });
}

function rssOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once("message", (message: { rss: number }) => resolve(message.rss));
    child.send("rss");
  });
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A page address and a user agent nobody sent before. */
function junkFor(zone: Zone, n: number): { page: string; userAgent: string } {
  const unique = randomBytes(8).toString("hex");
  const host = n % 2 === 0 ? zone.domain : `${unique}.junk.example`;
  return { page: `https://${host}/${unique}/${"j".repeat(PAGE_BYTES)}`, userAgent: `${BROWSER} Junk/${unique}` };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-junk-"));
  // The app as production runs it: its memory is what this bench measures.
  const child = fork(__filename, ["app", dataDir], { stdio: "inherit", execArgv: [...SERVER_NODE_FLAGS] });
  try {
    const { address, zones } = await new Promise<{ address: string; zones: Zone[] }>((resolve, reject) => {
      child.once("message", resolve);
      child.once("exit", (code) => reject(new Error(`app exited with ${code}`)));
    });
    const before = await rssOf(child);
    let peak = before;
    const sampler = setInterval(() => void rssOf(child).then((rss) => (peak = Math.max(peak, rss))), 250);
    let sent = 0;
    let failed = 0;
    const started = Date.now();
    const worker = async () => {
      while (sent < REQUESTS) {
        const n = sent++;
        const zone = zones[n % zones.length];
        const { page, userAgent } = junkFor(zone, n);
        const response = await fetch(`${address}/serve?zone=${zone.id}&page=${encodeURIComponent(page)}`, { headers: { "user-agent": userAgent } }).catch(() => null);
        if (response?.status !== 200) failed++;
        await response?.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = await rssOf(child);
    peak = Math.max(peak, after);
    console.log(`${REQUESTS.toLocaleString("en-US")} /serve requests with unique ${PAGE_BYTES / 1000} KB pages in ${seconds.toFixed(1)} s (${failed} not answered 200)`);
    console.log(`app RSS before ${megabytes(before)}, peak ${megabytes(peak)}, after ${megabytes(after)}`);
    const pass = peak < CEILING_MB * 1024 * 1024;
    console.log(`ceiling ${CEILING_MB} MB: ${pass ? "PASS" : "FAIL"}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const [role, dataDir] = process.argv.slice(2);
if (role === "app") void runApp(dataDir);
else void main();
