import type { FastifyBaseLogger } from "fastify";
import Redis from "ioredis";

/** The app's one Redis connection, shared by the ad server's state and the rate limiters. */
export function openRedis(url: string, log: Pick<FastifyBaseLogger, "warn">): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
  // Without a listener ioredis prints each failed reconnect to stderr; the app's log level decides instead.
  redis.on("error", (error) => log.warn({ err: error }, "Redis connection error"));
  return redis;
}

/** quit waits for queued commands, which never run while Redis is away; then the socket is simply dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === "ready") await redis.quit();
  else redis.disconnect();
}
