import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import type { DataSource } from "typeorm";
import type Redis from "ioredis";
import type { DeliveryTallies } from "../delivery/counting/delivery-tallies";
import { MailMessage, MailStatus } from "../mail/mail-message.entity";
import type { Scheduler } from "../scheduler/scheduler";
import { RouteTallies } from "./route-tallies";

/** What a request is, for the operator: ad traffic and the app's doors are watched apart. */
export type RouteKind = "serve" | "openrtb" | "beacon" | "click" | "vast" | "api" | "graphql" | "app";

export interface MetricSources {
  dataSource: DataSource;
  tallies: () => DeliveryTallies;
  scheduler: Scheduler;
  redis: Redis | null;
}

/**
 * Node's own figures (CPU, memory, event loop, GC), once per process: their collectors are
 * process-wide and never stop, so they must not hold on to any one app.
 */
let nodeRegistry: Registry | null = null;

export function nodeMetrics(): Registry {
  if (!nodeRegistry) {
    nodeRegistry = new Registry();
    collectDefaultMetrics({ register: nodeRegistry, prefix: "adnet_" });
  }
  return nodeRegistry;
}

/**
 * One process's metrics in the Prometheus text format (GET /metrics, see metrics.routes.ts). The
 * ad server's figures are read from its running totals when Prometheus scrapes, so a request pays
 * only for its latency sample; each app has its own registry, never the library's global one.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly routes = new RouteTallies();
  private readonly graphqlOperations: Counter<"operation" | "outcome">;
  private redisErrors = 0;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    this.registry.registerMetric(this.routes.latencyMetric("adnet_request_duration_seconds", "Time to answer a request, by kind of route"));
    this.registry.registerMetric(this.routes.answeredMetric("adnet_requests_total", "Requests answered, by kind of route and status class"));
    this.graphqlOperations = new Counter({ name: "adnet_graphql_operations_total", help: "GraphQL operations, by root field and outcome", labelNames: ["operation", "outcome"], registers });
    sources.redis?.on("error", () => (this.redisErrors += 1));
    this.deliveryMetrics(sources.tallies, registers);
    this.operationsMetrics(sources, registers);
  }

  /** The text Prometheus reads: Node's figures, then the app's. */
  async text(): Promise<string> {
    return `${await nodeMetrics().metrics()}\n${await this.registry.metrics()}`;
  }

  /** A request answered: its kind, HTTP status and time in seconds. */
  observe(kind: RouteKind, statusCode: number, seconds: number): void {
    this.routes.observe(kind, statusCode, seconds);
  }

  graphqlOperation(operation: string, outcome: "ok" | "error"): void {
    this.graphqlOperations.inc({ operation, outcome });
  }

  private deliveryMetrics(tallies: () => DeliveryTallies, registers: Registry[]): void {
    const totals = (name: string, help: string, value: (tallies: DeliveryTallies) => number) =>
      new Counter({ name, help, registers, collect() { this.reset(); this.inc(value(tallies())); } });
    const labelled = (name: string, help: string, labelNames: string[], entries: (tallies: DeliveryTallies) => [Record<string, string>, number][]) =>
      new Counter({
        name,
        help,
        labelNames,
        registers,
        collect() {
          this.reset();
          for (const [labels, value] of entries(tallies())) this.inc(labels, value);
        },
      });
    labelled("adnet_ad_requests_total", "Ad requests decided, filled or not", ["outcome"], (t) => [
      [{ outcome: "filled" }, t.filledRequests],
      [{ outcome: "unfilled" }, t.unfilledRequests],
    ]);
    labelled("adnet_refusals_total", "Requests and events refused, by what and why (invalid traffic, publishers' controls, state)", ["event", "reason"], (t) =>
      [...t.refusals].map(([key, value]) => {
        const [event, reason] = key.split("|");
        return [{ event, reason }, value];
      }),
    );
    labelled("adnet_event_log_appends_total", "Counted events made durable in the event log, by type", ["type"], (t) => [...t.appended].map(([type, value]) => [{ type }, value]));
    totals("adnet_impressions_counted_total", "Impressions counted (and charged where the model says so)", (t) => t.impressions);
    totals("adnet_spend_micros_total", "Advertisers' spend counted, in micros of a dollar", (t) => t.spendMicros);
    totals("adnet_earnings_micros_total", "Publishers' earnings counted, in micros of a dollar", (t) => t.earningMicros);
    totals("adnet_writer_batches_total", "Batches the writer applied to the database", (t) => t.batchesWritten);
    totals("adnet_writer_rows_total", "Rows in the batches the writer applied", (t) => t.batchRowsWritten);
    totals("adnet_writer_seconds_total", "Time the writer spent applying batches", (t) => t.batchSecondsWritten);
    totals("adnet_writer_failures_total", "Batches the database did not take (retried whole)", (t) => t.batchFailures);
    new Gauge({ name: "adnet_event_log_backlog_events", help: "Events this process logged that the database has not applied yet", registers, collect() { this.set(tallies().backlog().events); } });
    new Gauge({ name: "adnet_event_log_oldest_unapplied_seconds", help: "How long the oldest unapplied event has waited", registers, collect() { this.set(tallies().backlog().oldestSeconds); } });
  }

  private operationsMetrics({ dataSource, scheduler }: MetricSources, registers: Registry[]): void {
    const metrics = this;
    new Counter({ name: "adnet_redis_errors_total", help: "Errors of the Redis connection", registers, collect() { this.reset(); this.inc(metrics.redisErrors); } });
    new Counter({
      name: "adnet_scheduled_job_runs_total",
      help: "Runs of each scheduled job in this process, by outcome (a job runs in one process at a time)",
      labelNames: ["job", "outcome"],
      registers,
      collect() {
        this.reset();
        for (const [job, runs] of scheduler.runs) {
          this.inc({ job, outcome: "succeeded" }, runs.succeeded);
          this.inc({ job, outcome: "failed" }, runs.failed);
        }
      },
    });
    new Gauge({
      name: "adnet_mail_outbox_pending",
      help: "E-mails waiting for an attempt (-1 when the database did not answer)",
      registers,
      async collect() {
        this.set(await dataSource.getRepository(MailMessage).count({ where: { status: MailStatus.PENDING } }).catch(() => -1));
      },
    });
  }
}
