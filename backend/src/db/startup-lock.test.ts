import { ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConnection } from "mysql2/promise";
import { ADMIN, engine } from "../../test/test-app";

declare const TEST_MYSQL_URL: string;

const BACKEND = join(__dirname, "..", "..");

/** An empty database no process has migrated yet. */
async function emptyDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "adnet-start-"));
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `adnet_start_${randomBytes(4).toString("hex")}`;
  const run = async (sql: string) => {
    const server = await createConnection({ uri: TEST_MYSQL_URL });
    await server.query(sql);
    await server.end();
  };
  await run(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  return { env: { DATABASE_URL: `${TEST_MYSQL_URL.replace(/\/+$/, "")}/${name}` }, drop: () => run(`DROP DATABASE IF EXISTS \`${name}\``) };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The app's own start-up (src/main.ts) in a process of its own, run from the sources. */
function startProcess(port: number, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["--require", join(BACKEND, "test", "register-ts.cjs"), join(BACKEND, "src", "main.ts")], {
    cwd: BACKEND,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      DELIVERY_WRITER: "inline",
      FRONTEND_DIR: join(tmpdir(), "adnet-no-frontend"),
    },
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function healthy(port: number, child: ChildProcess, output: () => string): Promise<number> {
  for (let waited = 0; waited < 90_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}: ${output()}`);
    const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    if (response) return response.status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer on /healthz: ${output()}`);
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

it("brings up two processes started together on one empty database, one migrating after the other", async () => {
  const database = await emptyDatabase();
  const ports = [await freePort(), await freePort()];
  // Two processes of one deployment on one machine: one event log folder each.
  const logs = ports.map(() => mkdtempSync(join(tmpdir(), "adnet-start-log-")));
  const processes = ports.map((port, i) => startProcess(port, { ...database.env, EVENT_LOG_DIR: logs[i] }));
  try {
    const statuses = await Promise.all(processes.map(({ child, output }, i) => healthy(ports[i], child, output)));
    expect(statuses).toEqual([200, 200]);
    for (const { output } of processes) expect(output()).not.toMatch(/already exists|Duplicate entry/);
  } finally {
    await Promise.all(processes.map(({ child }) => stop(child)));
    await database.drop();
    for (const dir of logs) rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
