import type { Metric } from "prom-client";

/** Latency buckets from a cached ad answer (a fraction of a millisecond) to a slow report (seconds). */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** One kind of route's requests: how many in each latency bucket (the last counts the rest), their time, and how many by status class. */
interface KindTally {
  buckets: Float64Array;
  seconds: number;
  count: number;
  byStatusClass: Map<string, number>;
}

interface Sample {
  labels: Record<string, string>;
  value: number;
  metricName?: string;
}

/**
 * Requests answered and their latency by kind of route, as plain running counts that Prometheus
 * reads when it scrapes. prom-client's own histogram and counter hash their labels on every
 * observation, which cost the serve lane, at thousands of ad requests a second, as much as
 * signing the offer; here a request pays for a bucket search and three additions.
 */
export class RouteTallies {
  private readonly byKind = new Map<string, KindTally>();

  observe(kind: string, statusCode: number, seconds: number): void {
    let tally = this.byKind.get(kind);
    if (!tally) {
      tally = { buckets: new Float64Array(LATENCY_BUCKETS.length + 1), seconds: 0, count: 0, byStatusClass: new Map() };
      this.byKind.set(kind, tally);
    }
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]) bucket++;
    tally.buckets[bucket]++;
    tally.seconds += seconds;
    tally.count++;
    const statusClass = statusClassOf(statusCode);
    tally.byStatusClass.set(statusClass, (tally.byStatusClass.get(statusClass) ?? 0) + 1);
  }

  /** `<name>_bucket`, `_sum` and `_count` for each kind, as a Prometheus histogram. */
  latencyMetric(name: string, help: string): Metric {
    return metricOf(name, help, "histogram", () => {
      const samples: Sample[] = [];
      for (const [kind, tally] of this.byKind) {
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((bound, n) => {
          cumulative += tally.buckets[n];
          samples.push({ labels: { le: String(bound), kind }, value: cumulative, metricName: `${name}_bucket` });
        });
        samples.push({ labels: { le: "+Inf", kind }, value: tally.count, metricName: `${name}_bucket` });
        samples.push({ labels: { kind }, value: tally.seconds, metricName: `${name}_sum` });
        samples.push({ labels: { kind }, value: tally.count, metricName: `${name}_count` });
      }
      return samples;
    });
  }

  /** Requests by kind and status class (`2xx`…), as a Prometheus counter. */
  answeredMetric(name: string, help: string): Metric {
    return metricOf(name, help, "counter", () =>
      [...this.byKind].flatMap(([kind, tally]) => [...tally.byStatusClass].map(([status, value]) => ({ labels: { kind, status }, value }))),
    );
  }
}

const statusClassOf = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

/**
 * A metric the registry reads like its own: a registry asks a metric only for its name, help, type
 * and, through get(), its samples.
 */
function metricOf(name: string, help: string, type: "histogram" | "counter", samples: () => Sample[]): Metric {
  const metric = {
    name,
    help,
    type,
    aggregator: "sum",
    get: async () => ({ name, help, type, aggregator: "sum", values: samples() }),
  };
  return metric as unknown as Metric;
}
