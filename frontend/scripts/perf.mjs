// The frontend's weight and Lighthouse scores, reported rather than asserted: it fails only on a crash.
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { withBackendServer } from "./perf/backend-server.mjs";
import { reportBundleSizes, reportPrerenderedHtml } from "./perf/bundle-size.mjs";
import { reportLighthouse } from "./perf/lighthouse-report.mjs";

const frontendDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = join(frontendDir, "..");

try {
  const distDir = join(frontendDir, "dist");
  reportBundleSizes(distDir, join(frontendDir, "src", "features", "public", "pages"));
  reportPrerenderedHtml(distDir);
  console.log();
  // Lighthouse's timings slow down with everything else the machine runs.
  const [oneMinute] = loadavg();
  console.log(`Load average ${oneMinute.toFixed(2)} on ${cpus().length} cores`);
  await withBackendServer(repoRoot, (origin) => reportLighthouse([`${origin}/`, `${origin}/traffic-inventory`]));
} catch (error) {
  console.error(`perf: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
}
