import { ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nginxConfig, Upstream, WORKER_SHUTDOWN_SECONDS } from "./nginx-config";
import { nginxWorkers, running } from "./nginx-workers";

export interface ClusterOptions {
  /** How to start one app process: the command and its arguments (PORT, HOST are added to `env`). */
  app: { command: string; args: string[]; cwd: string };
  /** The environment every app process shares: one database, Redis and JetStream. */
  env: Record<string, string>;
  processes: number;
  /** Where the app processes listen: basePort, basePort + 1, … */
  basePort: number;
  listenHost: string;
  listenPort: number;
  /** nginx's own folder: configuration, pid, logs, buffers. */
  dir: string;
  nginx?: string;
  log?: (line: string) => void;
}

interface Member {
  port: number;
  child: ChildProcess;
  down: boolean;
  /** Set while the supervisor itself stops the process, so its exit is not taken for a crash. */
  stopping: boolean;
}

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
/** nginx closes what its old workers still hold after WORKER_SHUTDOWN_SECONDS; they are gone soon after. */
const OLD_WORKERS_TIMEOUT_MS = (WORKER_SHUTDOWN_SECONDS + 10) * 1000;

/**
 * N app processes behind nginx on one machine, as a production cluster runs them (see
 * docs/operations.md): the first process starts alone (it runs the migrations and the demo seed),
 * the others once it is ready; a process that dies is started again; a rolling restart takes each
 * process out of nginx's rotation, waits until no nginx worker can send it anything, stops it
 * (SIGTERM: it finishes what is in flight and drains its event log writer), starts it again, waits
 * for it to be ready and puts it back, one at a time.
 */
export class Cluster {
  private readonly members: Member[] = [];
  private nginx: ChildProcess | null = null;
  private closing = false;
  private readonly log: (line: string) => void;

  constructor(private readonly options: ClusterOptions) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  get url(): string {
    return `http://${this.options.listenHost}:${this.options.listenPort}`;
  }

  get pids(): number[] {
    return this.members.map((member) => member.child.pid ?? 0);
  }

  get ports(): number[] {
    return this.members.map((member) => member.port);
  }

  /** Resolves once the process at this index answers /readyz again (after a respawn, say). */
  memberReady(index: number): Promise<void> {
    return this.ready(this.members[index]);
  }

  async start(): Promise<void> {
    mkdirSync(this.options.dir, { recursive: true });
    for (let index = 0; index < this.options.processes; index++) {
      const port = this.options.basePort + index;
      const member: Member = { port, child: this.startProcess(port), down: false, stopping: false };
      this.members.push(member);
      this.respawnOnCrash(member);
      await this.ready(member);
    }
    this.writeNginxConfig();
    const nginx = this.options.nginx ?? "nginx";
    this.nginx = spawn(nginx, ["-p", this.options.dir, "-c", join(this.options.dir, "nginx.conf")], { stdio: ["ignore", "inherit", "inherit"] });
    this.nginx.once("exit", (code) => {
      if (!this.closing) this.log(`nginx exited with ${code}`);
    });
    await this.until(async () => (await fetch(`${this.url}/readyz`).catch(() => null))?.status === 200, READY_TIMEOUT_MS, "nginx did not answer");
    this.log(`AdNet cluster: ${this.url} (nginx) in front of ${this.members.length} processes on ports ${this.members.map((member) => member.port).join(", ")}`);
  }

  /** Restarts every process, one after the other, without a request lost. */
  async rollingRestart(): Promise<void> {
    for (const member of this.members) {
      member.down = true;
      await this.reloaded();
      // Every worker left knows the process is out, and those that did not know it have finished
      // their requests: nothing new reaches it now, and nothing is in flight through nginx.
      await this.stopMember(member);
      member.stopping = false;
      member.child = this.startProcess(member.port);
      this.respawnOnCrash(member);
      await this.ready(member);
      member.down = false;
      await this.reloaded();
      this.log(`process on port ${member.port} restarted (pid ${member.child.pid})`);
    }
  }

  async stop(): Promise<void> {
    this.closing = true;
    if (this.nginx && this.nginx.exitCode === null) {
      this.nginx.kill("SIGQUIT");
      await exited(this.nginx, STOP_TIMEOUT_MS);
    }
    await Promise.all(this.members.map((member) => this.stopMember(member)));
  }

  private startProcess(port: number): ChildProcess {
    const { app, env } = this.options;
    return spawn(app.command, app.args, { cwd: app.cwd, env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" }, stdio: ["ignore", "inherit", "inherit"] });
  }

  /** Should the member's process die unasked, the same member is started again on its port (and watched again). */
  private respawnOnCrash(member: Member): void {
    const child = member.child;
    child.once("exit", (code, signal) => {
      if (this.closing || member.stopping || member.child !== child) return;
      // As an orchestrator would: a process that died is started again on its port.
      this.log(`process on port ${member.port} exited with ${code ?? signal}; starting it again`);
      member.child = this.startProcess(member.port);
      this.respawnOnCrash(member);
    });
  }

  private async stopMember(member: Member): Promise<void> {
    member.stopping = true;
    if (member.child.exitCode === null && member.child.signalCode === null) member.child.kill("SIGTERM");
    await exited(member.child, STOP_TIMEOUT_MS);
  }

  private ready(member: Member): Promise<void> {
    return this.until(
      async () => (await fetch(`http://127.0.0.1:${member.port}/readyz`).catch(() => null))?.status === 200,
      READY_TIMEOUT_MS,
      `the process on port ${member.port} did not become ready`,
    );
  }

  private writeNginxConfig(): void {
    const upstreams: Upstream[] = this.members.map(({ port, down }) => ({ address: `127.0.0.1:${port}`, down }));
    writeFileSync(join(this.options.dir, "nginx.conf"), nginxConfig({ dir: this.options.dir, listenHost: this.options.listenHost, listenPort: this.options.listenPort, upstreams }));
    for (const folder of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(this.options.dir, folder), { recursive: true });
  }

  /** nginx re-reads its configuration with new workers; the old ones finish their requests first. */
  private reloadNginx(): void {
    this.writeNginxConfig();
    const nginx = this.options.nginx ?? "nginx";
    const result = spawnSync(nginx, ["-p", this.options.dir, "-c", join(this.options.dir, "nginx.conf"), "-s", "reload"], { stdio: "inherit" });
    if (result.status !== 0) throw new Error(`nginx did not reload its configuration (exit ${result.status})`);
  }

  /**
   * Reloads and waits until every worker from before the reload has exited. Old workers keep the
   * old upstream list until then: while one lives, it may still open connections to a process the
   * new configuration took out (a request it holds, or one it tries again on the next process).
   */
  private async reloaded(): Promise<void> {
    const master = this.nginx?.pid;
    if (master === undefined) throw new Error("nginx is not running");
    const oldWorkers = nginxWorkers(master);
    // Waiting on workers it cannot see would wait on nothing.
    if (oldWorkers.length === 0) throw new Error(`nginx (pid ${master}) shows no worker processes in /proc`);
    this.reloadNginx();
    await this.until(async () => !oldWorkers.some(running), OLD_WORKERS_TIMEOUT_MS, `nginx's workers from before the reload did not exit (pids ${oldWorkers.join(", ")})`);
  }

  private async until(check: () => Promise<boolean>, timeoutMs: number, failure: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(failure);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function exited(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
    }, timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
