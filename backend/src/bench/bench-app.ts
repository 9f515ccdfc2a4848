import { createServer } from "node:http";
import autocannon from "autocannon";

/** Where a benchmark's app keeps its data, and the port it listens on. */
export interface BenchDatabase {
  dataDir: string;
  databaseUrl: string | null;
  /** Chosen before the app starts, so its links (PUBLIC_URL) lead back to it. */
  port: number;
}

/** The benchmarks' app secret: the signed cookies their visitors carry are made with it. */
export const BENCH_JWT_SECRET = "bench-secret-that-is-long-enough-for-signing";

/** The app's settings in the ad-serving benchmarks (bench:serve, bench:openrtb). */
export const benchEnv = ({ dataDir, databaseUrl, port }: BenchDatabase) => ({
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  JWT_SECRET: BENCH_JWT_SECRET,
  SEED_DEMO: "0",
  NODE_ENV: "production",
  // Production needs it, and the beacons the bench sends back follow the answers' links.
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // One load generator on one IP: the per-IP fraud thresholds would rightly refuse it.
  IP_IMPRESSIONS_PER_MINUTE: "10000000",
  IP_REQUESTS_PER_MINUTE: "10000000",
  // The load generator plays the CDN in front, naming the visitors' country.
  TRUST_PROXY: "127.0.0.1",
  COUNTRY_HEADER: "cf-ipcountry",
  // How often counted requests and events are written to the database, to measure its cost.
  ...Object.fromEntries(["DELIVERY_FLUSH_MS", "DELIVERY_COUNTS_FLUSH_MS"].filter((name) => process.env[name]).map((name) => [name, process.env[name]])),
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** One request of a benchmark's mix, as a visitor's browser or Prebid sends it. */
export interface BenchRequest {
  method?: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export const BENCH_CONNECTIONS = 50;

/** autocannon on the server for `durationSeconds`, going round the mix of requests; `onResponse` sees every answer. */
export function loadWith(address: string, requests: BenchRequest[], durationSeconds: number, onResponse?: (status: number, body: string) => void): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: address,
    connections: BENCH_CONNECTIONS,
    duration: durationSeconds,
    requests: [
      {
        setupRequest: (request) => {
          const { method = "GET", path, headers, body } = requests[next++ % requests.length];
          return { ...request, method, path, headers: { ...request.headers, ...headers }, body };
        },
        onResponse,
      },
    ],
  });
}
