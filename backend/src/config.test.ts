import { chmodSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "./config";

const secret = "s".repeat(40);

it("refuses to start in production without JWT_SECRET", () => {
  expect(() => loadConfig({ NODE_ENV: "production" })).toThrow("JWT_SECRET is required when NODE_ENV=production");
});

it("refuses to start in production without PUBLIC_URL, since the Host header is the client's to write", () => {
  expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: secret })).toThrow("PUBLIC_URL is required when NODE_ENV=production");
});

it("lets a request name its own origin only from localhost, 127.0.0.1, PUBLIC_URL's host and ALLOWED_HOSTS", () => {
  expect(loadConfig({ JWT_SECRET: secret }).allowedHosts).toEqual(["localhost", "127.0.0.1"]);
  expect(loadConfig({ JWT_SECRET: secret, PUBLIC_URL: "https://ads.example.com", ALLOWED_HOSTS: " Dev.Local ,ads.test" }).allowedHosts).toEqual([
    "localhost",
    "127.0.0.1",
    "ads.example.com",
    "dev.local",
    "ads.test",
  ]);
  expect(() => loadConfig({ JWT_SECRET: secret, ALLOWED_HOSTS: "<script>" })).toThrow("ALLOWED_HOSTS must be host names");
});

it("keeps DATA_DIR and the generated secret to the account the server runs as, even when made world-readable before", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-config-"));
  chmodSync(dataDir, 0o755);
  loadConfig({ DATA_DIR: dataDir });
  chmodSync(join(dataDir, "jwt-secret"), 0o644);
  loadConfig({ DATA_DIR: dataDir });
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  expect(statSync(join(dataDir, "jwt-secret")).mode & 0o777).toBe(0o600);
});

it("needs JWT_SECRET with an external database", () => {
  expect(() => loadConfig({ DATABASE_URL: "mysql://root@127.0.0.1:3306/adnet" })).toThrow("JWT_SECRET is required with DATABASE_URL");
});

it("makes an embedded secret once and keeps it in DATA_DIR", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-config-"));
  const first = loadConfig({ DATA_DIR: dataDir });
  expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
  expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  expect(readFileSync(join(dataDir, "jwt-secret"), "utf8")).toBe(first.jwtSecret);
});

it("seeds demo data by default only on the embedded database outside production", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-config-"));
  expect(loadConfig({ DATA_DIR: dataDir }).seedDemo).toBe(true);
  expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "0" }).seedDemo).toBe(false);
  expect(loadConfig({ DATABASE_URL: "mysql://db/adnet", JWT_SECRET: secret }).seedDemo).toBe(false);
  expect(loadConfig({ DATABASE_URL: "mysql://db/adnet", JWT_SECRET: secret, SEED_DEMO: "1" }).seedDemo).toBe(true);
});

it("lets publishers add localhost sites outside production, and in production only when asked to", () => {
  expect(loadConfig({ JWT_SECRET: secret }).localhostSites).toBe(true);
  expect(loadConfig({ JWT_SECRET: secret, NODE_ENV: "production", PUBLIC_URL: "https://ads.example.com" }).localhostSites).toBe(false);
  expect(loadConfig({ JWT_SECRET: secret, NODE_ENV: "production", PUBLIC_URL: "https://ads.example.com", LOCALHOST_SITES: "1" }).localhostSites).toBe(true);
  expect(loadConfig({ JWT_SECRET: secret, LOCALHOST_SITES: "0" }).localhostSites).toBe(false);
});

it.each([
  [{ DATABASE_URL: "postgres://db/adnet", JWT_SECRET: secret }, "DATABASE_URL must be a mysql:// URL"],
  [{ JWT_SECRET: "short" }, "JWT_SECRET must be at least 32 characters"],
  [{ JWT_SECRET: secret, ADMIN_EMAIL: "a@b.co" }, "ADMIN_EMAIL and ADMIN_PASSWORD go together"],
  [{ JWT_SECRET: secret, PORT: "http" }, "PORT must be an integer"],
  [{ JWT_SECRET: secret, PUBLIC_URL: "ads.example.com" }, "PUBLIC_URL must be an origin"],
])("rejects %p", (env, message) => {
  expect(() => loadConfig(env)).toThrow(message);
});

it("reads the minimum campaign budget in dollars and keeps it in micros", () => {
  expect(loadConfig({ JWT_SECRET: secret, MIN_CAMPAIGN_BUDGET: "250" }).minCampaignBudgetMicros).toBe(250_000_000);
});

it("runs the scheduler by default, every minute under a two-minute lease, and refuses nonsense", () => {
  expect(loadConfig({ JWT_SECRET: secret }).scheduler).toEqual({ enabled: true, tickMs: 60_000, leaseMs: 120_000, statementsDelayMs: 1_800_000 });
  expect(loadConfig({ JWT_SECRET: secret, SCHEDULER: "0", SCHEDULER_TICK_SECONDS: "5", SCHEDULER_LEASE_SECONDS: "30", STATEMENTS_DELAY_MINUTES: "0" }).scheduler).toEqual({
    enabled: false,
    tickMs: 5_000,
    leaseMs: 30_000,
    statementsDelayMs: 0,
  });
  expect(() => loadConfig({ JWT_SECRET: secret, SCHEDULER: "yes" })).toThrow("SCHEDULER must be 0 or 1");
  expect(() => loadConfig({ JWT_SECRET: secret, SCHEDULER_LEASE_SECONDS: "1" })).toThrow("SCHEDULER_LEASE_SECONDS must be an integer from 5 to 86400");
});

it("bounds every Redis and database call with a timeout, each configurable and refused when out of range", () => {
  expect(loadConfig({ JWT_SECRET: secret }).timeouts).toEqual({ redisConnectMs: 2000, redisCommandMs: 150, databaseConnectMs: 5000, databaseQueryMs: 15_000 });
  const set = loadConfig({ JWT_SECRET: secret, REDIS_CONNECT_TIMEOUT_MS: "500", REDIS_COMMAND_TIMEOUT_MS: "80", DB_CONNECT_TIMEOUT_MS: "1000", DB_QUERY_TIMEOUT_MS: "0" });
  expect(set.timeouts).toEqual({ redisConnectMs: 500, redisCommandMs: 80, databaseConnectMs: 1000, databaseQueryMs: 0 });
  expect(() => loadConfig({ JWT_SECRET: secret, REDIS_COMMAND_TIMEOUT_MS: "0" })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
  expect(() => loadConfig({ JWT_SECRET: secret, DB_QUERY_TIMEOUT_MS: "soon" })).toThrow(/DB_QUERY_TIMEOUT_MS/);
});

it("reconciles the shared budget and funds counters with the books every minute unless configured, from a second to an hour", () => {
  expect(loadConfig({ JWT_SECRET: secret }).delivery.reconcileIntervalMs).toBe(60_000);
  expect(loadConfig({ JWT_SECRET: secret, DELIVERY_RECONCILE_MS: "5000" }).delivery.reconcileIntervalMs).toBe(5000);
  expect(() => loadConfig({ JWT_SECRET: secret, DELIVERY_RECONCILE_MS: "10" })).toThrow(/DELIVERY_RECONCILE_MS/);
});

it("keeps counted events in a local log under DATA_DIR by default, and on JetStream only with a NATS server named", () => {
  const local = loadConfig({ JWT_SECRET: secret, DATABASE_URL: "mysql://root@127.0.0.1:3306/adnet", DATA_DIR: "/srv/adnet" });
  expect(local.eventLog).toEqual({ kind: "local", dir: "/srv/adnet/event-log", groupCommitMs: 1, segmentBytes: 16_384 * 1024 });
  const jetstream = loadConfig({ JWT_SECRET: secret, EVENT_LOG: "jetstream", NATS_URL: "nats://127.0.0.1:4222", EVENT_LOG_STREAM: "ads-eu" });
  expect(jetstream.eventLog).toEqual({ kind: "jetstream", natsUrl: "nats://127.0.0.1:4222", stream: "ads-eu" });
  expect(() => loadConfig({ JWT_SECRET: secret, EVENT_LOG: "jetstream" })).toThrow("EVENT_LOG=jetstream needs NATS_URL");
  expect(() => loadConfig({ JWT_SECRET: secret, EVENT_LOG: "kafka" })).toThrow("EVENT_LOG must be local or jetstream");
  expect(() => loadConfig({ JWT_SECRET: secret, EVENT_LOG: "jetstream", NATS_URL: "nats://x:4222", EVENT_LOG_STREAM: "a.b" })).toThrow("EVENT_LOG_STREAM must be");
  expect(() => loadConfig({ JWT_SECRET: secret, EVENT_LOG_GROUP_COMMIT_MS: "-1" })).toThrow("EVENT_LOG_GROUP_COMMIT_MS must be an integer");
});

it("reads the network's legal name, address and VAT number for its invoices, with the demo's where unset", () => {
  const env = { JWT_SECRET: "x".repeat(40) };
  expect(loadConfig({ ...env, NETWORK_LEGAL_NAME: " AdNet GmbH ", NETWORK_ADDRESS: "Torstrasse 1, 10119 Berlin", NETWORK_VAT_NUMBER: "DE123456789" }).issuer).toEqual({
    legalName: "AdNet GmbH",
    address: "Torstrasse 1, 10119 Berlin",
    vatNumber: "DE123456789",
  });
  expect(loadConfig(env).issuer).toEqual({ legalName: "AdNet Example Ltd", address: "1 Example Street, London EC1A 1AA, United Kingdom", vatNumber: "GB123456789" });
});
