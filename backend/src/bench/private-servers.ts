/**
 * Servers of a bench's or a test's own (MariaDB, Redis, NATS with JetStream), each on a free port
 * with its data in a folder of its own, so that it may kill, freeze, empty or restart them without
 * touching the shared services anyone else uses.
 */
import { ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./bench-app";

const START_TIMEOUT_MS = 60_000;

export interface PrivateServer {
  url: string;
  port: number;
  /** Stops the server: SIGTERM, or SIGKILL with `kill` (a crash). */
  stop(how?: "stop" | "kill"): Promise<void>;
  /** Starts it again on the same port and folder. */
  start(): Promise<void>;
  /** Stops it and starts it again. */
  restart(how?: "stop" | "kill"): Promise<void>;
  /** SIGSTOP freezes it (it holds its connections and answers nothing, as a hung host does); SIGCONT thaws it. */
  signal(signal: "SIGSTOP" | "SIGCONT"): void;
  /** Stops it with SIGKILL, which a frozen server obeys too, and removes its folder. */
  close(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000);
    socket.once("connect", () => done(true)).once("error", () => done(false)).once("timeout", () => done(false));
    socket.connect(port, "127.0.0.1");
  });
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * One server process started by `command(port, dir)`, ready once its port accepts connections.
 * `prepare` runs before each start (a Redis restarted empty gets a fresh folder, say).
 */
async function privateServer(name: string, scheme: string, command: (port: number, dir: string) => [string, string[]], prepare?: (dir: string) => void): Promise<PrivateServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), `adnet-${name}-`));
  let child: ChildProcess | null = null;
  let output = "";

  const start = async () => {
    prepare?.(dir);
    const [program, args] = command(port, dir);
    output = "";
    const started = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"] });
    started.stdout!.on("data", (chunk) => (output += chunk));
    started.stderr!.on("data", (chunk) => (output += chunk));
    child = started;
    for (const deadline = Date.now() + START_TIMEOUT_MS; !(await accepts(port)); ) {
      if (started.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start on port ${port}: ${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async (signal: NodeJS.Signals) => {
    const running = child;
    child = null;
    if (!running) return;
    running.kill(signal);
    await exited(running);
  };

  await start();
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    stop: (how = "stop") => stop(how === "kill" ? "SIGKILL" : "SIGTERM"),
    start,
    async restart(how = "stop") {
      await stop(how === "kill" ? "SIGKILL" : "SIGTERM");
      await start();
    },
    signal: (signal) => void child?.kill(signal),
    async close() {
      await stop("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A mariadbd with a data folder made for it (root, no password, reached over TCP only). */
export function startPrivateMariaDb(): Promise<PrivateServer> {
  let installed = false;
  return privateServer(
    "mariadb",
    "mysql",
    (port, dir) => [
      "mariadbd",
      ["--no-defaults", `--datadir=${join(dir, "data")}`, `--socket=${join(dir, "mariadb.sock")}`, `--pid-file=${join(dir, "mariadb.pid")}`, `--port=${port}`, "--bind-address=127.0.0.1", "--user=root", "--skip-name-resolve", "--skip-grant-tables", "--innodb-buffer-pool-size=128M", "--max-connections=500"],
    ],
    (dir) => {
      if (installed) return;
      const install = spawnSync("mariadb-install-db", ["--no-defaults", `--datadir=${join(dir, "data")}`, "--user=root", "--skip-test-db", "--auth-root-authentication-method=normal"], { encoding: "utf8" });
      if (install.status !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr}`);
      installed = true;
    },
  );
}

/** A redis-server keeping nothing on disk: a restart brings it back empty. */
export function startPrivateRedis(): Promise<PrivateServer> {
  return privateServer("redis", "redis", (port, dir) => ["redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir]]);
}

/** A nats-server with JetStream, its streams kept in its folder across restarts. */
export function startPrivateNats(): Promise<PrivateServer> {
  return privateServer("nats", "nats", (port, dir) => ["nats-server", ["-js", "-a", "127.0.0.1", "-p", String(port), "-sd", dir]]);
}
