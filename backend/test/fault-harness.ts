import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Redis from "ioredis";
import { freePort } from "../src/bench/bench-app";
import { exited, startPrivateRedis as startRedisServer } from "../src/bench/private-servers";
import { ADMIN } from "./test-app";

const BACKEND = join(__dirname, "..");

/**
 * A redis-server of the test's own, on a port of its own, keeping nothing on disk: it can be killed,
 * started again empty and flushed without touching any Redis another test or person uses.
 */
export interface PrivateRedis {
  url: string;
  /** kill -9: the server is gone with everything it held. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** SIGSTOP: the server holds its connections and answers nothing, as a hung host does. */
  freeze(): void;
  /** SIGCONT after freeze. */
  thaw(): void;
  /** A client of the test's own, for FLUSHALL and looking around. */
  client(): Redis;
  close(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const server = await startRedisServer();
  const clients: Redis[] = [];
  return {
    url: server.url,
    kill: () => server.stop("kill"),
    start: server.start,
    freeze: () => server.signal("SIGSTOP"),
    thaw: () => server.signal("SIGCONT"),
    client() {
      const client = new Redis(server.port, "127.0.0.1", { maxRetriesPerRequest: 1 });
      client.on("error", () => undefined);
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.disconnect();
      await server.close();
    },
  };
}

/** The app's own start-up (src/main.ts) in a process of its own, run from the sources. */
export interface AppProcess {
  url: string;
  output(): string;
  /** SIGTERM, as an orchestrator stops it: it writes what it counted and exits. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash: nothing more is written. */
  kill(): Promise<void>;
}

export async function startAppProcess(env: Record<string, string>, restartsOnSlowStop = 1): Promise<AppProcess> {
  const port = await freePort();
  // Each process its own event log folder unless the test names one: a local log serves one process.
  const logDir = env.EVENT_LOG_DIR ? null : mkdtempSync(join(tmpdir(), "adnet-app-log-"));
  let output = "";
  const child = spawn(process.execPath, ["--require", join(BACKEND, "test", "register-ts.cjs"), join(BACKEND, "src", "main.ts")], {
    cwd: BACKEND,
    env: {
      ...process.env,
      JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      DELIVERY_WRITER: "inline",
      FRONTEND_DIR: join(tmpdir(), "adnet-no-frontend"),
      ...(logDir ? { EVENT_LOG_DIR: logDir } : {}),
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the app process exited with ${child.exitCode}: ${output}`);
    if (waited > 90_000) throw new Error(`no answer on /healthz: ${output}`);
    const response = await fetch(`${url}/healthz`).catch(() => null);
    if (response?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited(child);
      if (child.exitCode !== 0 && restartsOnSlowStop > 0) {
        // A stop that ran past its time (a loaded machine) leaves the rest in the event log, which
        // the next start applies, as an orchestrator's restart would: the test must count that too.
        console.log(`the app process exited with ${child.exitCode}; a restart on its event log applies what it left`);
        const restarted = await startAppProcess({ ...env, EVENT_LOG_DIR: env.EVENT_LOG_DIR ?? logDir! }, restartsOnSlowStop - 1);
        await restarted.stop();
      }
      if (logDir) rmSync(logDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited(child);
      if (logDir) rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/** What a fault test prints: every beacon accounted for, and what the money did. */
export interface FaultFigures {
  sent: number;
  acknowledged: number;
  inDatabase: number;
  refused: number;
  lost: number;
  duplicated: number;
  overspendMicros: number;
  overspendImpressions: number;
}

export function printFigures(scenario: string, figures: FaultFigures): void {
  console.log(
    `${scenario}: sent ${figures.sent} / acknowledged ${figures.acknowledged} / in database ${figures.inDatabase} (refused as invalid ${figures.refused})` +
      ` / lost ${figures.lost} / duplicated ${figures.duplicated} / overspend ${figures.overspendMicros} micros (${figures.overspendImpressions} impressions)`,
  );
}
