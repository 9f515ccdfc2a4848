import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createConnection } from "mysql2/promise";
import { SERVER_NODE_FLAGS } from "../bin/server-node-flags";
import { Cluster } from "./cluster";

/**
 * `npm run cluster`: the product on one machine as production runs it, nginx in front of
 * CLUSTER_PROCESSES app processes sharing MariaDB, Redis and JetStream (docs/operations.md).
 * SIGHUP restarts the processes one by one; SIGINT or SIGTERM stops everything.
 */
const env = process.env;
const port = Number(env.PORT || 4000);
const processes = Number(env.CLUSTER_PROCESSES || 3);
if (!Number.isInteger(processes) || processes < 1 || processes > 32) throw new Error("CLUSTER_PROCESSES must be 1 to 32");
const dataDir = resolve(env.DATA_DIR || "data");
const databaseUrl = env.DATABASE_URL || "mysql://root@127.0.0.1:3306/adnet_cluster";

/** The signing secret every process shares, made once and kept beside the data so sessions survive a restart. */
function sharedSecret(): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = join(dataDir, "cluster-jwt-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

async function ensureDatabase(url: string): Promise<void> {
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error("DATABASE_URL must name a database of letters, digits and _");
  parsed.pathname = "/";
  const server = await createConnection({ uri: parsed.toString() });
  await server.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4`);
  await server.end();
}

async function main(): Promise<void> {
  await ensureDatabase(databaseUrl);
  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  const cluster = new Cluster({
    app: { command: process.execPath, args: [...SERVER_NODE_FLAGS, join(__dirname, "..", "main.js")], cwd: join(__dirname, "..", "..") },
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: sharedSecret(),
      PUBLIC_URL: publicUrl,
      REDIS_URL: env.REDIS_URL || "redis://127.0.0.1:6379",
      REDIS_PREFIX: env.REDIS_PREFIX || "adnet-cluster:",
      EVENT_LOG: "jetstream",
      NATS_URL: env.NATS_URL || "nats://127.0.0.1:4222",
      EVENT_LOG_STREAM: env.EVENT_LOG_STREAM || "adnet-cluster",
      // nginx on this machine is the one proxy in front.
      TRUST_PROXY: "127.0.0.1",
      SEED_DEMO: env.SEED_DEMO ?? "1",
    },
    processes,
    basePort: Number(env.CLUSTER_BASE_PORT || port + 101),
    listenHost: env.CLUSTER_HOST || "127.0.0.1",
    listenPort: port,
    dir: mkdtempSync(join(tmpdir(), "adnet-nginx-")),
  });
  await cluster.start();
  console.log(`Rolling restart: kill -HUP ${process.pid}. Stop: Ctrl-C.`);
  let restarting: Promise<void> | null = null;
  process.on("SIGHUP", () => {
    restarting ??= cluster
      .rollingRestart()
      .then(() => console.log("rolling restart done"))
      .catch((error: Error) => console.error(`rolling restart failed: ${error.message}`))
      .finally(() => (restarting = null));
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void (restarting ?? Promise.resolve()).then(() => cluster.stop()).then(() => process.exit(0));
    });
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
