// The frontend's weight and Lighthouse scores, reported rather than asserted: it fails only on a crash.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { withBackendServer } from "./perf/backend-server.mjs";
import { reportBundleSizes } from "./perf/bundle-size.mjs";
import { reportLighthouse } from "./perf/lighthouse-report.mjs";

const frontendDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = join(frontendDir, "..");

try {
  reportBundleSizes(join(frontendDir, "dist"), join(frontendDir, "src", "features", "public", "pages"));
  console.log();
  await withBackendServer(repoRoot, (origin) => reportLighthouse(`${origin}/`));
} catch (error) {
  console.error(`perf: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
}
