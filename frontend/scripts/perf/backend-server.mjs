import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const STARTUP_LIMIT_MS = 60_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin, child) {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer ${origin}/healthz within ${STARTUP_LIMIT_MS / 1000} s`);
}

/**
 * Runs `work(origin)` against the production server as it ships: built backend serving the built
 * frontend, on a free port with an empty database of its own, then stops it and removes the data.
 */
export async function withBackendServer(repoRoot, work) {
  const main = join(repoRoot, "backend", "dist", "main.js");
  if (!existsSync(main)) throw new Error(`${main} is missing; build the backend first (npm run build)`);

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-perf-"));
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      JWT_SECRET: randomBytes(48).toString("base64url"),
      NODE_ENV: "production",
      // Production names its public origin; here it is this server's own.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));

  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForHealth(origin, child);
    return await work(origin);
  } finally {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
