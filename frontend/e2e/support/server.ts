import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const REPO_ROOT = resolve(__dirname, "../../..");
const SERVER_ENTRY = join(REPO_ROOT, "backend/dist/main.js");
const FRONTEND_INDEX = join(REPO_ROOT, "frontend/dist/index.html");
// Two shared cores and a cold SQLite migration: start-up can take a while.
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface AppServer {
  baseUrl: string;
  /** Where the server keeps its SQLite database: the payout spec moves earnings back in time there. */
  dataDir: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app server did not answer ${baseUrl}/healthz within ${START_TIMEOUT_MS / 1000}s:\n${output()}`);
}

function stopChild(child: ChildProcess) {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const force = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    child.once("exit", () => {
      clearTimeout(force);
      done();
    });
    child.kill("SIGTERM");
  });
}

/** The built app, as production runs it, on a free port with an empty database of its own. */
export async function startServer(): Promise<AppServer> {
  for (const built of [SERVER_ENTRY, FRONTEND_INDEX]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run "npm run build" at the repository root first.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin = { email: "admin@e2e.adnet.test", password: randomBytes(12).toString("base64url") };

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    // Only what the app needs, so a developer's own DATABASE_URL cannot leak in;
    // production mode as the Docker image runs it.
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // Production asks every admin to enrol two-factor sign-in; the suite's admin signs in with a password alone.
      ADMIN_2FA: "optional",
      JWT_SECRET: randomBytes(48).toString("base64url"),
      LOG_LEVEL: "warn",
      // Production refuses to start without it; tags and links point here.
      PUBLIC_URL: baseUrl,
      // Every test registers its users from this one machine.
      REGISTRATIONS_PER_IP_PER_HOUR: "100000",
      // The delivery spec's publisher and third-party pages live on *.localhost, which resolves to this machine.
      LOCALHOST_SITES: "1",
      // The webhook spec's receiver listens on this machine, over plain http.
      WEBHOOKS_ANY_TARGET: "1",
      // Statements are issued within a second of being due, so a spec can download last month's.
      SCHEDULER_TICK_SECONDS: "1",
      STATEMENTS_DELAY_MINUTES: "0",
      // Where advertisers send their transfers: production offers bank transfers only when told.
      BANK_ACCOUNT_NAME: "AdNet E2E Ltd",
      BANK_NAME: "Example Bank",
      BANK_IBAN: "GB33BUKB20201555555555",
      BANK_BIC: "BUKBGB22",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  // An interrupted run skips global teardown; the server must not outlive it and hold its port.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, admin, stop };
}
