import { liveAd, requestAd, sendBeacon, showAd } from "../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  // The writer applies only when a test says so: the backlog is what it is when the test reads it.
  t = await startTestApp({ METRICS_TOKEN: "an-operator-token-long-enough", DELIVERY_FLUSH_MS: "60000" });
});
afterAll(() => t.close());

/** A sample's value from the Prometheus text, 0 when the series is not there. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const scrape = async (headers: Record<string, string> = {}) => fetch(`${t.url}/metrics`, { headers });

describe("GET /metrics", () => {
  it("counts the ads served and unfilled, the impressions, the money and the event log, and times each kind of route", async () => {
    const ad = await liveAd(t, { pricing: { model: "cpm", bid: 4 } });
    const before = await (await scrape()).text();
    await showAd(t, ad);
    await requestAd(t, 999_999, { page: ad.page });
    await t.gql("{ formOptions { maxLength { memo } } }");
    const after = await (await scrape()).text();

    const grew = (series: string) => sample(after, series) - sample(before, series);
    expect(grew('adnet_ad_requests_total{outcome="filled"}')).toBe(1);
    expect(grew("adnet_impressions_counted_total")).toBe(1);
    expect(grew("adnet_spend_micros_total")).toBe(4_000);
    expect(grew('adnet_event_log_appends_total{type="impression"}')).toBe(1);
    expect(grew('adnet_requests_total{kind="serve",status="2xx"}')).toBe(1);
    expect(grew('adnet_requests_total{kind="serve",status="4xx"}')).toBe(1);
    expect(grew('adnet_requests_total{kind="beacon",status="2xx"}')).toBe(1);
    expect(grew('adnet_graphql_operations_total{operation="formOptions",outcome="ok"}')).toBe(1);
    expect(sample(after, 'adnet_request_duration_seconds_count{kind="serve"}')).toBeGreaterThanOrEqual(2);
    expect(after).toMatch(/^adnet_mail_outbox_pending \d+$/m);
  });

  it("shows the writer catching up: the backlog empties once the events are in the database", async () => {
    const ad = await liveAd(t);
    await showAd(t, ad);
    expect(sample(await (await scrape()).text(), "adnet_event_log_backlog_events")).toBeGreaterThanOrEqual(1);
    await t.app.services.delivery.flush();
    const text = await (await scrape()).text();
    expect(sample(text, "adnet_event_log_backlog_events")).toBe(0);
    expect(sample(text, "adnet_event_log_oldest_unapplied_seconds")).toBe(0);
  });

  it("is refused through a proxy and to a wrong token, and opens to the operator's token", async () => {
    const proxied = await scrape({ "x-forwarded-for": "203.0.113.9" });
    expect(proxied.status).toBe(403);
    expect(((await proxied.json()) as { detail: string }).detail).toMatch(/METRICS_TOKEN/);
    expect((await scrape({ authorization: "Bearer not-the-token-at-all" })).status).toBe(403);
    const opened = await scrape({ authorization: "Bearer an-operator-token-long-enough", "x-forwarded-for": "203.0.113.9" });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("counts refused beacons by reason", async () => {
    const ad = await liveAd(t);
    const { served } = await showAd(t, ad);
    const before = await (await scrape()).text();
    await sendBeacon(served.impressionUrl, { origin: `https://${ad.site.domain}` });
    const after = await (await scrape()).text();
    expect(sample(after, 'adnet_refusals_total{event="impression",reason="replay"}') - sample(before, 'adnet_refusals_total{event="impression",reason="replay"}')).toBe(1);
  });
});

describe("health and readiness", () => {
  it("reports the event log's backlog in /healthz, and /readyz is ready while the process takes requests", async () => {
    const health = await fetch(`${t.url}/healthz`);
    const body = (await health.json()) as Record<string, unknown>;
    expect(health.status).toBe(200);
    expect(body.eventLog).toEqual({ status: "ok", backlog: expect.any(Number), oldestUnappliedSeconds: expect.any(Number) });
    const ready = await fetch(`${t.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);
  });

  it("names each answer with the request id the proxy sent, or a new one", async () => {
    const named = await fetch(`${t.url}/healthz`, { headers: { "x-request-id": "3f2a9c0e8b7d4e1fa0b1c2d3e4f50617" } });
    expect(named.headers.get("x-request-id")).toBe("3f2a9c0e8b7d4e1fa0b1c2d3e4f50617");
    const hostile = await fetch(`${t.url}/healthz`, { headers: { "x-request-id": "a b<script>" } });
    expect(hostile.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
