import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { privateDirectory, privateFile } from "./common/private-files";
import { reportTimeZoneProblem } from "./modules/reports/calendar";
import type { Retention } from "./modules/reports/grains";

export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** Unset means the embedded SQLite database under `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** Where uploaded creatives are kept, by content hash: MEDIA_DIR, or `media` under `dataDir`. */
  mediaDir: string;
  jwtSecret: string;
  /** Origin written into ad tags and links; required in production. */
  publicUrl: string | null;
  /**
   * Outside production without PUBLIC_URL, the hosts a request may name for its own origin to be
   * written into tags and links: localhost, 127.0.0.1 and ALLOWED_HOSTS.
   */
  allowedHosts: string[];
  /** Accounts one address may register in an hour. */
  registrationsPerIpPerHour: number;
  admin: { email: string; password: string } | null;
  seedDemo: boolean;
  /** Whether publishers may add `localhost` and `*.localhost`, to try the ad tag on their own machine. */
  localhostSites: boolean;
  /** Whether webhooks may be sent to http:// and private addresses: always outside production, in production only when WEBHOOKS_ANY_TARGET says so (a closed network, a test). */
  webhooksAnyTarget: boolean;
  minCampaignBudgetMicros: number;
  funds: FundsConfig;
  /** Who issues the invoices: a tax invoice names the seller, its address and its VAT number. */
  issuer: Issuer;
  frontendDir: string;
  logLevel: string;
  /** Which X-Forwarded-* to believe; none by default, so clients cannot spoof their IP. */
  trustProxy: TrustProxy;
  /** Unset keeps budget, dedupe and rate state in this process only. */
  redisUrl: string | null;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** How long any one Redis or database call may take before it fails; see Timeouts. */
  timeouts: Timeouts;
  delivery: DeliveryConfig;
  eventLog: EventLogConfig;
  /** How long the read model keeps its hourly and daily totals. */
  retention: Retention;
  /** The IANA zone whose days and months reports, stat cards, daily budgets and flights count in. */
  reportTimeZone: string;
  mail: MailConfig;
  scheduler: SchedulerConfig;
  accounts: AccountsConfig;
  operations: OperationsConfig;
  sellerIdentity: SellerIdentityConfig;
}

/** What an operator watches: metrics, health and slow requests. */
export interface OperationsConfig {
  /** A bearer token that opens /metrics from anywhere; unset, only METRICS_ALLOW's addresses may read it. */
  metricsToken: string | null;
  /** Addresses and CIDR ranges (or loopback, linklocal, uniquelocal) that may read /metrics without the token. */
  metricsAllow: string[];
  /** /healthz answers 503 once the oldest counted event not yet in the database is older than this. */
  maxEventLagSeconds: number;
  /** A request that takes longer is logged with its timings. */
  slowRequestMs: number;
}

/** How the network names itself in publishers' ads.txt files and in its sellers.json. */
export interface SellerIdentityConfig {
  /** ADS_TXT_DOMAIN: the first field of each publisher's ads.txt line; the public origin's host by default. */
  networkDomain: string;
  /** ADS_TXT_CERTIFICATION_ID: the network's certification authority id (TAG-ID), the line's fourth field when set. */
  certificationAuthorityId: string | null;
  /** SELLERS_CONTACT_EMAIL and SELLERS_CONTACT_ADDRESS: who buyers write to about sellers.json. */
  contactEmail: string | null;
  contactAddress: string;
  /** ADS_TXT_TIMEOUT_SECONDS and ADS_TXT_MAX_KB bound each fetch of a site's ads.txt. */
  fetchTimeoutMs: number;
  fetchMaxBytes: number;
  /** ADS_TXT_HTTP_PORT and ADS_TXT_HTTPS_PORT, outside production only: where a local test site listens instead of 80 and 443. */
  fetchPorts: { http?: number; https?: number };
}

export interface MailConfig {
  /** smtp:// or smtps:// with optional user:password; unset keeps every message in the outbox table. */
  smtpUrl: string | null;
  /** The From of every message. */
  from: string;
}

/** Scheduled work (monthly statements): run by one process at a time, under a lease in the database. */
export interface SchedulerConfig {
  enabled: boolean;
  /** How often each process asks for the jobs' leases and runs what is due. */
  tickMs: number;
  /** How long a lease lasts unless its holder renews it. */
  leaseMs: number;
  /** How long after a month ends its statements are issued, so the month's last events are written first. */
  statementsDelayMs: number;
}

export interface AccountsConfig {
  /** ACCOUNT_APPROVAL: "auto" lets new accounts work at once; "manual" makes them wait for an admin. */
  approval: "auto" | "manual";
  /** REQUIRE_IDENTITY=1: payouts only to, and campaigns only for, users whose identity an admin verified. */
  requireIdentity: boolean;
  /** ADMIN_2FA: "required" takes an admin without two-factor sign-in to enrolment; "optional" leaves it to them. */
  adminTwoFactor: "required" | "optional";
  /** Live API keys one user may hold. */
  apiKeysPerUser: number;
  /** Requests one API key may make in a window (API_KEY_RATE_LIMIT per API_KEY_RATE_WINDOW_SECONDS). */
  apiKeyRateLimit: { limit: number; windowSeconds: number };
}

/**
 * The proxies in front: how many hops of X-Forwarded-For are ours, or the addresses and CIDR
 * ranges they connect from (as Fastify's trustProxy takes them); false believes no header.
 */
export type TrustProxy = false | number | string[];

export interface DeliveryConfig {
  /** Publishers' share of what an impression costs, in basis points, unless an admin set theirs. */
  defaultRevenueShareBps: number;
  /** The visitor-country header of the CDN in front; believed only from a trusted proxy. */
  countryHeader: string | null;
  flushIntervalMs: number;
  /** How often the request and refusal counts, kept in memory, ride along with a flush. */
  countsFlushIntervalMs: number;
  /** A writer thread keeps large flushes off the thread that decides and counts. */
  writer: "thread" | "inline";
  refreshIntervalMs: number;
  /**
   * How often the budget and funds counters shared in Redis are brought back to the books: how long
   * a rebuild after a lost Redis may keep an advertiser's money from being spent.
   */
  reconcileIntervalMs: number;
  /** How long a served offer's impression beacon and click link stay valid. */
  offerTtlSeconds: number;
  /** Counted impressions from one IP per minute beyond which the rest are invalid traffic. */
  ipImpressionsPerMinute: number;
  ipClicksPerHour: number;
  /** Ad requests from one IP (an IPv6 /64) per minute beyond which it gets no ad. */
  ipRequestsPerMinute: number;
  /** A click sooner than this after its impression is too fast for a person. */
  minClickDelayMs: number;
  /** REQUIRE_ADS_TXT=1: a site whose ads.txt does not list the network's line gets no ads. */
  requireAdsTxt: boolean;
}

/**
 * Every call to Redis and to the database has a bound, so that an outage answers quickly with an
 * error (and the degraded mode) rather than holding requests and memory until the client gives up.
 */
export interface Timeouts {
  redisConnectMs: number;
  /** A Redis command answers in a millisecond when healthy; past this it fails and Redis is left alone for a second. */
  redisCommandMs: number;
  databaseConnectMs: number;
  /** 0 turns the query timeout off; migrations always run without it. */
  databaseQueryMs: number;
}

/** Where counted events are made durable before their beacons are answered. */
export type EventLogConfig =
  | {
      kind: "local";
      /** Segment files of this process's log; one process per folder. */
      dir: string;
      groupCommitMs: number;
      segmentBytes: number;
    }
  | {
      kind: "jetstream";
      natsUrl: string;
      /** The stream of one deployment: every app process of it appends there. */
      stream: string;
    };
/** Where advertisers send bank transfers, as the Add funds dialog shows it. */
export interface BankDetails {
  accountName: string;
  bankName: string;
  iban: string;
  bic: string;
}

export interface FundsConfig {
  /** The smallest deposit an advertiser may announce. */
  minDepositMicros: number;
  /** Null when not configured: bank transfers are then not offered. */
  bank: BankDetails | null;
}

/** Shown outside production when no bank is configured, so the demo can be tried end to end. */
const EXAMPLE_BANK: BankDetails = { accountName: "AdNet Example Ltd", bankName: "Example Bank", iban: "GB33BUKB20201555555555", bic: "BUKBGB22" };

function fundsConfig(env: Env, production: boolean): FundsConfig {
  const given = { accountName: env.BANK_ACCOUNT_NAME?.trim() ?? "", bankName: env.BANK_NAME?.trim() ?? "", iban: env.BANK_IBAN?.replace(/\s+/g, "").toUpperCase() ?? "", bic: env.BANK_BIC?.trim().toUpperCase() ?? "" };
  const set = Object.values(given).filter(Boolean).length;
  if (set > 0 && (!given.accountName || !given.iban)) fail("BANK_ACCOUNT_NAME and BANK_IBAN are both required to offer bank transfers");
  return {
    minDepositMicros: integer(env, "MIN_DEPOSIT", 500, 1, 1_000_000_000) * 1_000_000,
    bank: set > 0 ? given : production ? null : EXAMPLE_BANK,
  };
}

export interface Issuer {
  legalName: string;
  address: string;
  vatNumber: string;
}

/** The demo network's identity, used for whatever NETWORK_* is not set. */
const EXAMPLE_ISSUER: Issuer = { legalName: "AdNet Example Ltd", address: "1 Example Street, London EC1A 1AA, United Kingdom", vatNumber: "GB123456789" };

function issuerConfig(env: Env): Issuer {
  return {
    legalName: env.NETWORK_LEGAL_NAME?.trim() || EXAMPLE_ISSUER.legalName,
    address: env.NETWORK_ADDRESS?.trim() || EXAMPLE_ISSUER.address,
    vatNumber: env.NETWORK_VAT_NUMBER?.trim() || EXAMPLE_ISSUER.vatNumber,
  };
}

/** The publisher shares admins may grant, in basis points. */
export const MIN_REVENUE_SHARE_BPS = 100;
export const MAX_REVENUE_SHARE_BPS = 8500;

type Env = Record<string, string | undefined>;

function fail(message: string): never {
  throw new Error(`Configuration error: ${message}`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) fail(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

function flag(env: Env, name: string): boolean | null {
  const raw = env[name];
  if (raw === undefined || raw === "") return null;
  if (raw === "1" || raw === "true") return true;
  if (raw === "0" || raw === "false") return false;
  return fail(`${name} must be 0 or 1`);
}

export const EMBEDDED_JWT_SECRET_FILE = "jwt-secret";

/**
 * On the embedded database a development secret is made once and kept beside the data,
 * so tokens survive a restart without anyone having to configure anything.
 */
function embeddedJwtSecret(dataDir: string): string {
  const file = join(dataDir, EMBEDDED_JWT_SECRET_FILE);
  privateDirectory(dataDir);
  if (existsSync(file)) {
    privateFile(file);
    return readFileSync(file, "utf8").trim();
  }
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === "production";
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^mysql:\/\//.test(databaseUrl)) fail("DATABASE_URL must be a mysql:// URL, or unset for SQLite");
  const dataDir = resolve(env.DATA_DIR || "./data");

  let jwtSecret = env.JWT_SECRET || "";
  if (!jwtSecret) {
    if (production) fail("JWT_SECRET is required when NODE_ENV=production");
    if (databaseUrl) fail("JWT_SECRET is required with DATABASE_URL");
    jwtSecret = embeddedJwtSecret(dataDir);
  }
  if (jwtSecret.length < 32) fail("JWT_SECRET must be at least 32 characters");

  const adminEmail = env.ADMIN_EMAIL?.trim();
  const adminPassword = env.ADMIN_PASSWORD;
  if (Boolean(adminEmail) !== Boolean(adminPassword)) fail("ADMIN_EMAIL and ADMIN_PASSWORD go together");

  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, "") : null;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl)) fail("PUBLIC_URL must be an origin such as https://ads.example.com");
  // Behind a proxy the Host header is whatever the client sent: production writes only its own origin into tags.
  if (production && !publicUrl) fail("PUBLIC_URL is required when NODE_ENV=production");

  const minBudgetDollars = integer(env, "MIN_CAMPAIGN_BUDGET", 500, 0, 1_000_000_000);

  return {
    production,
    port: integer(env, "PORT", 4000, 0, 65535),
    host: env.HOST || "0.0.0.0",
    databaseUrl,
    dataDir,
    mediaDir: resolve(env.MEDIA_DIR || join(dataDir, "media")),
    jwtSecret,
    publicUrl,
    allowedHosts: allowedHosts(env, publicUrl),
    registrationsPerIpPerHour: integer(env, "REGISTRATIONS_PER_IP_PER_HOUR", 10, 1, 1_000_000),
    admin: adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : null,
    seedDemo: flag(env, "SEED_DEMO") ?? (!databaseUrl && !production),
    localhostSites: flag(env, "LOCALHOST_SITES") ?? !production,
    webhooksAnyTarget: flag(env, "WEBHOOKS_ANY_TARGET") ?? !production,
    minCampaignBudgetMicros: minBudgetDollars * 1_000_000,
    funds: fundsConfig(env, production),
    issuer: issuerConfig(env),
    frontendDir: resolve(env.FRONTEND_DIR || join(__dirname, "..", "..", "frontend", "dist")),
    logLevel: env.LOG_LEVEL || (production ? "info" : "warn"),
    trustProxy: trustProxy(env),
    redisUrl: redisUrl(env),
    redisPrefix: env.REDIS_PREFIX || "adnet:",
    timeouts: {
      redisConnectMs: integer(env, "REDIS_CONNECT_TIMEOUT_MS", 2000, 50, 60_000),
      redisCommandMs: integer(env, "REDIS_COMMAND_TIMEOUT_MS", 150, 5, 60_000),
      databaseConnectMs: integer(env, "DB_CONNECT_TIMEOUT_MS", 5000, 100, 120_000),
      databaseQueryMs: integer(env, "DB_QUERY_TIMEOUT_MS", 15_000, 0, 3_600_000),
    },
    delivery: deliveryConfig(env),
    eventLog: eventLogConfig(env, dataDir),
    retention: {
      hourlyDays: integer(env, "HOURLY_FACTS_DAYS", 35, 2, 400),
      dailyMonths: integer(env, "DAILY_FACTS_MONTHS", 25, 25, 1200),
    },
    reportTimeZone: reportTimeZone(env),
    mail: mailConfig(env, publicUrl),
    scheduler: {
      enabled: flag(env, "SCHEDULER") ?? true,
      tickMs: integer(env, "SCHEDULER_TICK_SECONDS", 60, 1, 86_400) * 1000,
      leaseMs: integer(env, "SCHEDULER_LEASE_SECONDS", 120, 5, 86_400) * 1000,
      statementsDelayMs: integer(env, "STATEMENTS_DELAY_MINUTES", 30, 0, 24 * 60) * 60_000,
    },
    accounts: accountsConfig(env, production),
    operations: operationsConfig(env),
    sellerIdentity: sellerIdentityConfig(env, production, publicUrl, issuerConfig(env)),
  };
}

const ADDRESS_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function operationsConfig(env: Env): OperationsConfig {
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken && metricsToken.length < 16) fail("METRICS_TOKEN must be at least 16 characters");
  const metricsAllow = (env.METRICS_ALLOW ?? "loopback").split(",").map((entry) => entry.trim()).filter(Boolean);
  if (!metricsAllow.every((entry) => ADDRESS_RANGES.has(entry) || proxyAddress(entry))) {
    fail("METRICS_ALLOW must be addresses, CIDR ranges or loopback, linklocal, uniquelocal, separated by commas");
  }
  return {
    metricsToken,
    metricsAllow,
    maxEventLagSeconds: integer(env, "HEALTH_MAX_EVENT_LAG_SECONDS", 300, 5, 86_400),
    slowRequestMs: integer(env, "SLOW_REQUEST_MS", 2000, 10, 600_000),
  };
}

function sellerIdentityConfig(env: Env, production: boolean, publicUrl: string | null, issuer: Issuer): SellerIdentityConfig {
  if (production && (env.ADS_TXT_HTTP_PORT || env.ADS_TXT_HTTPS_PORT)) fail("ADS_TXT_HTTP_PORT and ADS_TXT_HTTPS_PORT are for local test sites, not production");
  const networkDomain = (env.ADS_TXT_DOMAIN?.trim() || (publicUrl ? new URL(publicUrl).hostname : "localhost")).toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(networkDomain)) fail("ADS_TXT_DOMAIN must be a host name, such as ads.example.com");
  const certificationAuthorityId = env.ADS_TXT_CERTIFICATION_ID?.trim() || null;
  if (certificationAuthorityId && !/^[A-Za-z0-9]+$/.test(certificationAuthorityId)) fail("ADS_TXT_CERTIFICATION_ID must be letters and digits, such as f08c47fec0942fa0");
  const contactEmail = env.SELLERS_CONTACT_EMAIL?.trim() || null;
  if (contactEmail && !/^[^\s@]+@[^\s@]+$/.test(contactEmail)) fail("SELLERS_CONTACT_EMAIL must be an e-mail address");
  return {
    networkDomain,
    certificationAuthorityId,
    contactEmail,
    contactAddress: env.SELLERS_CONTACT_ADDRESS?.trim() || issuer.address,
    fetchTimeoutMs: integer(env, "ADS_TXT_TIMEOUT_SECONDS", 10, 1, 60) * 1000,
    fetchMaxBytes: integer(env, "ADS_TXT_MAX_KB", 512, 1, 10_240) * 1024,
    fetchPorts: {
      http: env.ADS_TXT_HTTP_PORT ? integer(env, "ADS_TXT_HTTP_PORT", 80, 1, 65535) : undefined,
      https: env.ADS_TXT_HTTPS_PORT ? integer(env, "ADS_TXT_HTTPS_PORT", 443, 1, 65535) : undefined,
    },
  };
}

function choice<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) fail(`${name} must be ${allowed.join(" or ")}`);
  return raw as T;
}

function accountsConfig(env: Env, production: boolean): AccountsConfig {
  return {
    approval: choice(env, "ACCOUNT_APPROVAL", ["auto", "manual"], "auto"),
    requireIdentity: flag(env, "REQUIRE_IDENTITY") ?? false,
    // Required in production; development and tests sign the configured admin in with a password alone unless told.
    adminTwoFactor: choice(env, "ADMIN_2FA", ["required", "optional"], production ? "required" : "optional"),
    apiKeysPerUser: integer(env, "API_KEYS_PER_USER", 10, 1, 1000),
    apiKeyRateLimit: {
      limit: integer(env, "API_KEY_RATE_LIMIT", 600, 1, 1_000_000),
      windowSeconds: integer(env, "API_KEY_RATE_WINDOW_SECONDS", 60, 1, 86_400),
    },
  };
}

function reportTimeZone(env: Env): string {
  const zone = env.REPORT_TIME_ZONE || "UTC";
  const problem = reportTimeZoneProblem(zone);
  if (problem) fail(`REPORT_TIME_ZONE: ${problem}`);
  return zone;
}

function mailConfig(env: Env, publicUrl: string | null): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) fail("SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587");
  const from = env.MAIL_FROM?.trim() || `AdNet <no-reply@${publicUrl ? new URL(publicUrl).hostname : "localhost"}>`;
  if (/[\r\n]/.test(from) || !/@/.test(from)) fail("MAIL_FROM must be one address, such as AdNet <no-reply@ads.example.com>");
  return { smtpUrl, from };
}

function allowedHosts(env: Env, publicUrl: string | null): string[] {
  const listed = (env.ALLOWED_HOSTS ?? "").split(",").map((host) => host.trim().toLowerCase()).filter(Boolean);
  for (const host of listed) if (!/^[a-z0-9.-]+$/.test(host)) fail("ALLOWED_HOSTS must be host names separated by commas, such as ads.test,dev.local");
  return [...new Set(["localhost", "127.0.0.1", ...(publicUrl ? [new URL(publicUrl).hostname] : []), ...listed])];
}

function redisUrl(env: Env): string | null {
  const url = env.REDIS_URL || null;
  if (url && !/^rediss?:\/\//.test(url)) fail("REDIS_URL must be a redis:// or rediss:// URL");
  return url;
}

function deliveryWriter(env: Env): DeliveryConfig["writer"] {
  const writer = env.DELIVERY_WRITER || "thread";
  if (writer !== "thread" && writer !== "inline") fail("DELIVERY_WRITER must be thread or inline");
  return writer;
}

function eventLogConfig(env: Env, dataDir: string): EventLogConfig {
  const kind = env.EVENT_LOG || "local";
  if (kind === "jetstream") {
    const natsUrl = env.NATS_URL || "";
    if (!/^(nats|tls):\/\/[^/\s]+$|^[^:/\s]+:\d+$/.test(natsUrl)) fail("EVENT_LOG=jetstream needs NATS_URL, such as nats://127.0.0.1:4222");
    const stream = env.EVENT_LOG_STREAM || "adnet-events";
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(stream)) fail("EVENT_LOG_STREAM must be 1 to 32 letters, digits, - or _");
    return { kind, natsUrl, stream };
  }
  if (kind !== "local") fail("EVENT_LOG must be local or jetstream");
  return {
    kind,
    dir: resolve(env.EVENT_LOG_DIR || join(dataDir, "event-log")),
    groupCommitMs: integer(env, "EVENT_LOG_GROUP_COMMIT_MS", 1, 0, 100),
    segmentBytes: integer(env, "EVENT_LOG_SEGMENT_KB", 16_384, 64, 1_048_576) * 1024,
  };
}

const CIDR = /^(.+)\/(\d{1,3})$/;

function proxyAddress(entry: string): boolean {
  const [, address, bits] = CIDR.exec(entry) ?? [null, entry, null];
  const family = isIP(address);
  return family !== 0 && (bits === null || Number(bits) <= (family === 4 ? 32 : 128));
}

/** Never "believe every X-Forwarded-For": anyone could then name any address and country. */
function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === "0" || raw === "false") return false;
  if (/^\d+$/.test(raw)) return integer(env, "TRUST_PROXY", 0, 1, 10);
  const entries = raw.split(",").map((entry) => entry.trim()).filter(Boolean);
  if (!entries.every(proxyAddress)) {
    fail("TRUST_PROXY must be the number of proxies in front (e.g. 1) or their addresses and CIDR ranges (e.g. 10.0.0.0/8,::1)");
  }
  return entries;
}

function deliveryConfig(env: Env): DeliveryConfig {
  const countryHeader = env.COUNTRY_HEADER?.trim().toLowerCase() || null;
  if (countryHeader && !/^[a-z0-9-]+$/.test(countryHeader)) fail("COUNTRY_HEADER must be a header name");
  if (countryHeader && trustProxy(env) === false) fail("COUNTRY_HEADER needs TRUST_PROXY: only the proxy in front may name the visitor's country");
  return {
    defaultRevenueShareBps: integer(env, "REVENUE_SHARE_PERCENT", 70, MIN_REVENUE_SHARE_BPS / 100, MAX_REVENUE_SHARE_BPS / 100) * 100,
    countryHeader,
    flushIntervalMs: integer(env, "DELIVERY_FLUSH_MS", 1000, 10, 60_000),
    countsFlushIntervalMs: integer(env, "DELIVERY_COUNTS_FLUSH_MS", 10_000, 10, 300_000),
    writer: deliveryWriter(env),
    refreshIntervalMs: integer(env, "DELIVERY_REFRESH_MS", 5000, 100, 300_000),
    reconcileIntervalMs: integer(env, "DELIVERY_RECONCILE_MS", 60_000, 1000, 3_600_000),
    offerTtlSeconds: integer(env, "OFFER_TTL_SECONDS", 7200, 10, 86_400),
    ipImpressionsPerMinute: integer(env, "IP_IMPRESSIONS_PER_MINUTE", 120, 1, 10_000_000),
    ipClicksPerHour: integer(env, "IP_CLICKS_PER_HOUR", 30, 1, 10_000_000),
    ipRequestsPerMinute: integer(env, "IP_REQUESTS_PER_MINUTE", 300, 1, 10_000_000),
    minClickDelayMs: integer(env, "MIN_CLICK_DELAY_MS", 1000, 0, 60_000),
    requireAdsTxt: flag(env, "REQUIRE_ADS_TXT") ?? false,
  };
}
