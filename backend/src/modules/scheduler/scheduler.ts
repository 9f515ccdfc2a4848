import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { DataSource } from "typeorm";
import { Leases } from "./leases";

/** What a job is told while it runs: whether this process still holds its lease. */
export interface JobRun {
  /** The moment the run is for (the scheduler's clock). */
  nowMs: number;
  /** False once the lease was lost: stop before writing anything more. */
  stillHeld(): boolean;
}

export interface ScheduledJob {
  name: string;
  /** Does whatever is due at `run.nowMs`, including what was missed while no process ran: called every tick. */
  run(run: JobRun): Promise<void>;
}

export interface SchedulerOptions {
  /** How often each job is asked to run. */
  tickMs: number;
  /** How long a lease lasts unless renewed; renewed every third of it while a job runs. */
  leaseMs: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
  log?: { warn(object: unknown, message?: string): void };
}

/**
 * Runs scheduled jobs on exactly one of the processes sharing a database: before each run a
 * process takes the job's lease (a row in `scheduler_leases`), renews it while the job works,
 * and keeps it between runs, so the same process goes on running the job until it stops or
 * stalls past the lease. Jobs catch up by themselves: each run does everything due by now.
 */
export class Scheduler {
  readonly holder = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString("hex")}`;
  private readonly leases: Leases;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Runs of each job in this process since it started, for the operator's metrics. */
  readonly runs = new Map<string, { succeeded: number; failed: number }>();

  constructor(
    dataSource: DataSource,
    private readonly jobs: ScheduledJob[],
    private readonly options: SchedulerOptions,
  ) {
    this.leases = new Leases(dataSource);
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    for (const job of this.jobs) await this.leases.release(job.name, this.holder).catch(() => undefined);
  }

  /** One round: each job whose lease this process gets runs once. Rounds never overlap. */
  tick(): Promise<void> {
    if (!this.running) this.running = this.runJobs().finally(() => (this.running = null));
    return this.running;
  }

  private async runJobs(): Promise<void> {
    for (const job of this.jobs) {
      const runs = this.runs.get(job.name) ?? { succeeded: 0, failed: 0 };
      this.runs.set(job.name, runs);
      try {
        if (await this.runJob(job)) runs.succeeded += 1;
      } catch (error) {
        runs.failed += 1;
        this.options.log?.warn({ err: error, job: job.name }, "Scheduled job failed; it runs again at the next tick");
      }
    }
  }

  /** Runs the job if this process gets its lease; true when it ran. */
  private async runJob(job: ScheduledJob): Promise<boolean> {
    const { leaseMs } = this.options;
    if (!(await this.leases.acquire(job.name, this.holder, leaseMs, this.now()))) return false;
    let held = true;
    const renewal = setInterval(() => {
      this.leases.renew(job.name, this.holder, leaseMs, this.now()).then(
        (renewed) => (held &&= renewed),
        () => (held = false),
      );
    }, Math.max(1, Math.floor(leaseMs / 3)));
    renewal.unref();
    try {
      await job.run({ nowMs: this.now(), stillHeld: () => held });
      return true;
    } finally {
      clearInterval(renewal);
    }
  }
}
