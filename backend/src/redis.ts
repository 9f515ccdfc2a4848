import type { FastifyBaseLogger } from "fastify";
import Redis from "ioredis";
import type { Timeouts } from "./config";

/** Between reconnection attempts while Redis is away: soon enough to notice its return within a second. */
const RECONNECT_MAX_MS = 1000;

/**
 * The app's one Redis connection, shared by the ad server's state and the rate limiters. Every
 * command has a timeout, and nothing queues while the connection is down: a caller learns at once
 * that Redis is away and takes its degraded path, instead of waiting for a reconnection.
 */
export function openRedis(url: string, timeouts: Pick<Timeouts, "redisConnectMs" | "redisCommandMs">, log: Pick<FastifyBaseLogger, "warn">): Redis {
  const redis = new Redis(url, {
    connectTimeout: timeouts.redisConnectMs,
    commandTimeout: timeouts.redisCommandMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_MAX_MS),
  });
  // Without a listener ioredis prints each failed reconnect to stderr; the app's log level decides
  // instead, and an outage is logged once rather than at every attempt.
  let reported = false;
  redis.on("error", (error) => {
    if (!reported) log.warn({ err: error }, "Redis connection error; retrying until it answers");
    reported = true;
  });
  redis.on("ready", () => (reported = false));
  return redis;
}

/** Waits until the connection is ready, up to `timeoutMs`; false when it is not. */
export function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on("ready", onReady);
  });
}

/** quit waits for queued commands, which never run while Redis is away; then the socket is simply dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
