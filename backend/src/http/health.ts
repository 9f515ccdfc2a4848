import type { FastifyInstance } from "fastify";
import type { DataSource } from "typeorm";

/** A health check answers quickly even when a dependency hangs: a load balancer waits for no one. */
const CHECK_TIMEOUT_MS = 1000;

/** What /healthz says of the delivery state (Redis, when several processes share it). */
export interface StateHealth {
  status: "ok" | "unavailable";
  detail?: string;
  /** When the shared counters were last (re)built, as an ISO time. */
  since?: string;
}

export interface DependencyHealth {
  status: "ok" | "unavailable";
  detail?: string;
  /** How long the check took, in milliseconds. */
  ms?: number;
  since?: string;
}

/**
 * What /healthz answers: one entry per dependency, and "ok" (HTTP 200) only when every one is ok.
 * Without Redis (when configured) no paid ad is served and no beacon can be judged, and without
 * the database nothing can be signed in to or written: either answers "unavailable" (HTTP 503), so
 * that a load balancer sends the traffic elsewhere.
 */
export interface HealthReport {
  status: "ok" | "unavailable";
  database: DependencyHealth;
  /** Present when REDIS_URL is set: the shared budgets, offers and rates. */
  redis?: DependencyHealth;
  /** Counted events this process logged that the database has not applied yet. */
  eventLog: EventLogHealth;
}

export interface EventLogHealth {
  status: "ok" | "unavailable";
  backlog: number;
  /** How long the oldest of them has waited, in seconds. */
  oldestUnappliedSeconds: number;
  detail?: string;
}

export interface HealthSources {
  dataSource: DataSource;
  /** The delivery state's own view; null when the process keeps its state in memory. */
  redis: (() => StateHealth) | null;
  backlog: () => { events: number; oldestSeconds: number };
  /** Past this lag the process is unhealthy: its database writes are stuck or too slow for its traffic. */
  maxEventLagSeconds: number;
  /** False once the process has begun to stop: the load balancer should send it nothing new. */
  accepting: () => boolean;
}

function eventLogHealth({ backlog, maxEventLagSeconds }: HealthSources): EventLogHealth {
  const { events, oldestSeconds } = backlog();
  const oldestUnappliedSeconds = Math.round(oldestSeconds);
  if (oldestSeconds <= maxEventLagSeconds) return { status: "ok", backlog: events, oldestUnappliedSeconds };
  return { status: "unavailable", backlog: events, oldestUnappliedSeconds, detail: `counted events have waited over ${maxEventLagSeconds} s for the database` };
}

async function databaseHealth(dataSource: DataSource): Promise<DependencyHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    if (!dataSource.isInitialized) return { status: "unavailable", detail: "not connected" };
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    await Promise.race([dataSource.query("SELECT 1"), timeout]);
    return { status: "ok", ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: "unavailable", detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export async function healthReport(sources: HealthSources): Promise<HealthReport> {
  const database = await databaseHealth(sources.dataSource);
  const report: HealthReport = { status: "ok", database, eventLog: eventLogHealth(sources) };
  if (sources.redis) report.redis = sources.redis();
  if (database.status !== "ok" || report.redis?.status === "unavailable" || report.eventLog.status !== "ok") report.status = "unavailable";
  return report;
}

/**
 * Unready while stopping, and while its shared counters are unverified (Redis away, or back and
 * not yet rebuilt): such a process would leave every ad request unfilled and refuse every beacon,
 * which another process can take.
 */
function readinessOf(sources: HealthSources): { status: "ready" | "stopping" | "state_unavailable"; detail?: string } {
  if (!sources.accepting()) return { status: "stopping" };
  const state = sources.redis?.();
  if (state?.status === "unavailable") return { status: "state_unavailable", detail: state.detail };
  return { status: "ready" };
}

/**
 * /healthz: whether this process works (its dependencies and its writer). /readyz: whether it takes
 * new requests, for a load balancer; it turns unready as soon as the process begins to stop, while
 * what is in flight finishes and the event log is drained, and while its shared counters are away.
 */
export function healthRoute(server: FastifyInstance, sources: HealthSources): void {
  server.get("/healthz", async (_request, reply) => {
    const report = await healthReport(sources);
    return reply.code(report.status === "ok" ? 200 : 503).header("cache-control", "no-store").send(report);
  });
  server.get("/readyz", async (_request, reply) => {
    const readiness = readinessOf(sources);
    return reply.code(readiness.status === "ready" ? 200 : 503).header("cache-control", "no-store").send(readiness);
  });
}
