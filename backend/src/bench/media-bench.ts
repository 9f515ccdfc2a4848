/**
 * `npm run bench:media`: how many requests a second the app answers for an uploaded creative, as a
 * CDN's edge or a browser without the file would ask for it. A real app process (production mode,
 * its own SQLite database and media folder) takes a 300×250 PNG through the upload service, then
 * autocannon asks for it from this process, on the loopback only: whole-file GETs, then 64 KB
 * ranges of a 2-second MP4 as a video player asks. Prints requests/s against the target.
 */
import "reflect-metadata";
import { execFileSync, fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";
import { createApp } from "../app";
import { Role } from "../auth/roles";
import { loadConfig } from "../config";
import { User } from "../modules/users/user.entity";

const TARGET_PER_SECOND = 10_000;
const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.MEDIA_BENCH_SECONDS || 10);

/** Child process: the real app with one advertiser's uploaded PNG and MP4. */
async function runApp(dir: string): Promise<void> {
  const app = await createApp(loadConfig({ DATA_DIR: dir, JWT_SECRET: "bench-secret-that-is-long-enough-for-signing", SEED_DEMO: "0", NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1", LOG_LEVEL: "warn" }));
  const advertiser = await app.dataSource.getRepository(User).save({ email: "advertiser@bench.example", fullName: "Bench advertiser", role: Role.ADVERTISER, passwordHash: "-" });
  const png = await sharp({ create: { width: 300, height: 250, channels: 3, background: "#3366cc" } }).png().toBuffer();
  const image = await app.services.media.upload(advertiser, png);
  const video = await app.services.media.upload(advertiser, readFileSync(join(dir, "bench.mp4")));
  const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
  process.send!({ address, image: `/media/${image.file}`, video: `/media/${video.file}`, videoBytes: video.bytes, imageBytes: image.bytes });
}

async function measure(url: string, headers: Record<string, string>, expected: number): Promise<{ perSecond: number; wrong: number; p99: number }> {
  let wrong = 0;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  wrong = result.non2xx + result.errors + result.timeouts;
  // autocannon counts every answer; a wrong status shows as non-2xx, a wrong code (206 vs 200) is checked once below.
  const check = await fetch(url, { headers });
  if (check.status !== expected) wrong++;
  return { perSecond: result.requests.average, wrong, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "adnet-media-bench-"));
  execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=640x360:rate=25", "-f", "lavfi", "-i", "sine=duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", join(dir, "bench.mp4")]);
  const child = fork(__filename, ["app", dir], { stdio: "inherit" });
  try {
    const started = await new Promise<{ address: string; image: string; video: string; videoBytes: number; imageBytes: number }>((resolve, reject) => {
      child.once("message", resolve);
      child.once("exit", (code) => reject(new Error(`app exited with ${code}`)));
    });
    const served = await fetch(`${started.address}${started.image}`);
    console.log(`GET ${started.image.slice(0, 20)}…: ${served.status}, ${served.headers.get("content-type")}, cache-control "${served.headers.get("cache-control")}", etag ${served.headers.get("etag")?.slice(0, 12)}…`);
    console.log(`autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, app and load generator on this machine's ${require("node:os").cpus().length} cores`);
    const image = await measure(`${started.address}${started.image}`, {}, 200);
    console.log(`300×250 PNG (${started.imageBytes} B) whole:      ${Math.round(image.perSecond).toLocaleString("en-US")} requests/s, p99 ${image.p99} ms, ${image.wrong} wrong answers`);
    const ranges = await measure(`${started.address}${started.video}`, { range: "bytes=0-65535" }, 206);
    console.log(`MP4 (${started.videoBytes} B), 64 KB range (206): ${Math.round(ranges.perSecond).toLocaleString("en-US")} requests/s, p99 ${ranges.p99} ms, ${ranges.wrong} wrong answers`);
    const pass = image.perSecond >= TARGET_PER_SECOND && image.wrong === 0;
    console.log(`target ${TARGET_PER_SECOND.toLocaleString("en-US")} requests/s for an uploaded creative: ${pass ? "PASS" : "FAIL"}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

const [role, dir] = process.argv.slice(2);
if (role === "app") void runApp(dir);
else void main();
