import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Redis from "ioredis";
import { createConnection } from "mysql2/promise";
import { App, createApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import { TYPESCRIPT_WRITER_THREAD } from "./writer-thread-entry";

declare const TEST_ENGINE: "sqlite" | "mysql";
declare const TEST_MYSQL_URL: string;

export const engine = TEST_ENGINE;
export const ADMIN = { email: "root-admin@adnet.test", password: "admin-password-for-tests" };

export interface GraphQLResult<T = Record<string, any>> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
}

export interface RestResult<T = any> {
  status: number;
  body: T;
}

export interface TestApp {
  app: App;
  url: string;
  /** The configuration the app runs with, for tools that work on the same deployment. */
  config: Config;
  /** Where this app's data lives: pass it to another startTestApp to share the database. */
  databaseEnv: Record<string, string>;
  /** Stops the app as SIGTERM would and starts it again on the same database. */
  restart(): Promise<void>;
  gql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphQLResult<T>>;
  rest<T = any>(method: string, path: string, options?: { body?: unknown; token?: string; rawBody?: string; headers?: Record<string, string> }): Promise<RestResult<T>>;
  close(): Promise<void>;
}

/** A fresh database on the engine under test. */
async function freshDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "adnet-test-"));
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `adnet_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const server = await createConnection({ uri: TEST_MYSQL_URL });
  await server.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  await server.end();
  return {
    env: { DATABASE_URL: `${TEST_MYSQL_URL.replace(/\/+$/, "")}/${name}` },
    async drop() {
      const connection = await createConnection({ uri: TEST_MYSQL_URL });
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}

/** The whole product over real HTTP on a random port, with its own database. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const sharedEnv: Record<string, string> | null = env.DATA_DIR ? { DATA_DIR: env.DATA_DIR } : env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : null;
  const database = sharedEnv ? { env: sharedEnv, drop: async () => undefined } : await freshDatabase();
  // Each app is a process of its own as far as the event log goes: one log folder each.
  const logDir = env.EVENT_LOG_DIR ? null : mkdtempSync(join(tmpdir(), "adnet-test-log-"));
  const config = loadConfig({
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "0",
    LOG_LEVEL: "silent",
    FRONTEND_DIR: join(tmpdir(), "adnet-no-frontend"),
    // Every test signs its users up from 127.0.0.1; the registration limit has its own test.
    REGISTRATIONS_PER_IP_PER_HOUR: "1000000",
    // The scheduler would issue statements for the months the tests' backdated entries fall in; its tests start it themselves.
    SCHEDULER: "0",
    ...database.env,
    ...(logDir ? { EVENT_LOG_DIR: logDir } : {}),
    ...env,
  });
  let app = await createApp(config, { writerThread: TYPESCRIPT_WRITER_THREAD });
  app.startScheduler();
  let address = await app.server.listen({ port: 0, host: "127.0.0.1" });

  return {
    get app() {
      return app;
    },
    get url() {
      return address;
    },
    config,
    databaseEnv: database.env,
    async restart() {
      await app.close();
      app = await createApp(config, { writerThread: TYPESCRIPT_WRITER_THREAD });
      app.startScheduler();
      address = await app.server.listen({ port: 0, host: "127.0.0.1" });
    },
    async gql(query, variables, token) {
      const response = await fetch(`${address}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as GraphQLResult<never>;
    },
    async rest(method, path, options = {}) {
      const hasBody = options.body !== undefined || options.rawBody !== undefined;
      const response = await fetch(`${address}/api${path}`, {
        method,
        headers: {
          ...(hasBody ? { "content-type": "application/json" } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
      });
      const text = await response.text();
      // Downloads (CSV, PDF) answer as they are; everything else is JSON.
      const json = (response.headers.get("content-type") ?? "").includes("json");
      return { status: response.status, body: !text ? null : json ? JSON.parse(text) : text };
    },
    async close() {
      await app.close();
      await database.drop();
      if (logDir) rmSync(logDir, { recursive: true, force: true });
    },
  };
}

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/** Fails, never skips, when Redis is missing: a skipped test would pass CI without testing anything. */
async function requireRedis(): Promise<void> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new Error(`This test needs Redis at ${TEST_REDIS_URL} (set TEST_REDIS_URL): ${(error as Error).message}`);
  } finally {
    probe.disconnect();
  }
}

export interface AppPair {
  first: TestApp;
  second: TestApp;
  close(): Promise<void>;
}

/**
 * Two app processes behind one load balancer: one database, and one Redis under a prefix of their
 * own; `own` gives either settings of its own (an event log, say).
 */
export async function startAppPair(env: Record<string, string> = {}, own: { first?: Record<string, string>; second?: Record<string, string> } = {}): Promise<AppPair> {
  await requireRedis();
  const shared = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `adnet-test-${process.pid}-${randomBytes(4).toString("hex")}:`, ...env };
  const first = await startTestApp({ ...shared, ...own.first });
  const second = await startTestApp({ ...shared, ...own.second, ...first.databaseEnv });
  return {
    first,
    second,
    async close() {
      // The first app made the database, so it goes last and drops it.
      await second.close();
      await first.close();
    },
  };
}
