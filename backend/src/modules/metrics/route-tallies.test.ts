import { Registry } from "prom-client";
import { RouteTallies } from "./route-tallies";

async function exposition(observations: [string, number, number][]): Promise<string> {
  const tallies = new RouteTallies();
  for (const [kind, status, seconds] of observations) tallies.observe(kind, status, seconds);
  const registry = new Registry();
  registry.registerMetric(tallies.latencyMetric("adnet_request_duration_seconds", "Time to answer"));
  registry.registerMetric(tallies.answeredMetric("adnet_requests_total", "Requests answered"));
  return registry.metrics();
}

it("writes a Prometheus histogram of each kind's latency: cumulative buckets, +Inf, sum and count", async () => {
  const text = await exposition([
    ["serve", 200, 0.0004],
    ["serve", 200, 0.003],
    ["serve", 404, 7],
    ["api", 201, 0.0005],
  ]);
  expect(text).toContain("# TYPE adnet_request_duration_seconds histogram");
  expect(text).toContain('adnet_request_duration_seconds_bucket{le="0.0005",kind="serve"} 1');
  expect(text).toContain('adnet_request_duration_seconds_bucket{le="0.0025",kind="serve"} 1');
  expect(text).toContain('adnet_request_duration_seconds_bucket{le="0.005",kind="serve"} 2');
  expect(text).toContain('adnet_request_duration_seconds_bucket{le="5",kind="serve"} 2');
  expect(text).toContain('adnet_request_duration_seconds_bucket{le="+Inf",kind="serve"} 3');
  expect(text).toContain('adnet_request_duration_seconds_sum{kind="serve"} 7.0034');
  expect(text).toContain('adnet_request_duration_seconds_count{kind="serve"} 3');
  // A sample on a bound falls in that bound's bucket, as Prometheus's `le` says.
  expect(text).toContain('adnet_request_duration_seconds_bucket{le="0.0005",kind="api"} 1');
});

it("counts requests by kind and status class", async () => {
  const text = await exposition([
    ["serve", 200, 0.001],
    ["serve", 204, 0.001],
    ["serve", 404, 0.001],
    ["beacon", 503, 0.001],
  ]);
  expect(text).toContain("# TYPE adnet_requests_total counter");
  expect(text).toContain('adnet_requests_total{kind="serve",status="2xx"} 2');
  expect(text).toContain('adnet_requests_total{kind="serve",status="4xx"} 1');
  expect(text).toContain('adnet_requests_total{kind="beacon",status="5xx"} 1');
});
