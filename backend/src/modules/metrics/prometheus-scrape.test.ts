import { ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { liveAd, showAd } from "../../../test/ad-fixtures";
import { freePort } from "../../bench/bench-app";
import { startTestApp, TestApp } from "../../../test/test-app";
import { until } from "../../../test/until";

let t: TestApp;
let prometheus: ChildProcess;
let prometheusUrl: string;
let dir: string;

/** A real Prometheus (Debian's package) scraping the app every second, as an operator's would. */
beforeAll(async () => {
  t = await startTestApp();
  dir = mkdtempSync(join(tmpdir(), "adnet-prometheus-"));
  const target = new URL(t.url).host;
  writeFileSync(join(dir, "prometheus.yml"), `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: adnet\n    static_configs:\n      - targets: ["${target}"]\n`);
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn("prometheus", [`--config.file=${join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`], { stdio: "ignore" });
  await until(async () => (await fetch(`${prometheusUrl}/-/ready`).catch(() => null))?.status === 200, "Prometheus is ready", 30_000, 250);
}, 60_000);

afterAll(async () => {
  prometheus?.kill("SIGTERM");
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function query(promql: string): Promise<number | null> {
  const answer = (await (await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`)).json()) as { data: { result: { value: [number, string] }[] } };
  const [first] = answer.data.result;
  return first ? Number(first.value[1]) : null;
}

it("Prometheus scrapes the process and sees the impressions it counted", async () => {
  await showAd(t, await liveAd(t));
  await until(async () => (await query('up{job="adnet"}')) === 1 && ((await query('adnet_impressions_counted_total{job="adnet"}')) ?? 0) >= 1, "Prometheus scraped a counted impression", 30_000, 250);
  expect(await query('adnet_ad_requests_total{job="adnet",outcome="filled"}')).toBeGreaterThanOrEqual(1);
}, 60_000);
