import type { FastifyInstance } from "fastify";
import type { DataSource } from "typeorm";
import type { StateHealth } from "../modules/delivery/delivery-state";

/** A health check answers quickly even when a dependency hangs: a load balancer waits for no one. */
const CHECK_TIMEOUT_MS = 1000;

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
}

export interface HealthSources {
  dataSource: DataSource;
  /** The delivery state's own view; null when the process keeps its state in memory. */
  redis: (() => StateHealth) | null;
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

export async function healthReport({ dataSource, redis }: HealthSources): Promise<HealthReport> {
  const database = await databaseHealth(dataSource);
  const report: HealthReport = { status: "ok", database };
  if (redis) report.redis = redis();
  if (database.status !== "ok" || report.redis?.status === "unavailable") report.status = "unavailable";
  return report;
}

export function healthRoute(server: FastifyInstance, sources: HealthSources): void {
  server.get("/healthz", async (_request, reply) => {
    const report = await healthReport(sources);
    return reply.code(report.status === "ok" ? 200 : 503).header("cache-control", "no-store").send(report);
  });
}
