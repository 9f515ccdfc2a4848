import { createHash, randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type Redis from "ioredis";
import { Admission, History, MemoryRateLimiter, RateLimit, RateLimiter, refused } from "./rate-limiter";

/**
 * A sliding window in a sorted set of attempts scored by time. Dropping old attempts, checking the
 * count and adding this one run as one script, so two processes cannot both take the last place.
 * Answers {milliseconds until the key may try again (0 when admitted), attempts in the window,
 * milliseconds until the oldest of them leaves it}.
 */
const ADMIT_SCRIPT = `
local now, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local wait = math.max(1, tonumber(oldest[2]) + window - now)
  return {wait, count, wait}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, count + 1, math.max(1, tonumber(oldest[2]) + window - now)}
`;

/** The count left in the window and the newest attempt's time, without adding one. */
const HISTORY_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
return {redis.call('ZCARD', KEYS[1]), newest[2] or false}
`;

/** Redis answers within a few milliseconds when healthy; past this a login stops waiting and counts locally. */
const REDIS_TIMEOUT_MS = 500;

/**
 * Counts shared by every app process, under `<prefix>limit:<name>:<hash of key>`, each expiring with its
 * window. When Redis fails or is slow, attempts are counted in this process instead, with a warning:
 * a Redis outage then weakens the limit to one allowance per process rather than locking everyone
 * out of signing in or leaving logins unlimited.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly local: MemoryRateLimiter;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly rule: RateLimit,
    private readonly log: Pick<FastifyBaseLogger, "warn">,
  ) {
    this.local = new MemoryRateLimiter(rule);
  }

  async admit(key: string): Promise<Admission> {
    const redisKey = this.redisKey(key);
    const attemptId = randomBytes(9).toString("base64url");
    try {
      const answer = this.redis.eval(ADMIT_SCRIPT, 1, redisKey, Date.now(), this.rule.windowMs, this.rule.limit, attemptId);
      const [retryAfterMs, count, resetMs] = ((await withinTimeout(answer)) as number[]).map(Number);
      if (retryAfterMs > 0) return refused(retryAfterMs);
      return {
        retryAfterMs: 0,
        remaining: this.rule.limit - count,
        resetMs,
        withdraw: () => this.tolerate("withdraw", this.redis.zrem(redisKey, attemptId)),
      };
    } catch (error) {
      this.log.warn({ err: error, limit: this.rule.name }, "rate limit unavailable in Redis; counting this attempt in this process only");
      return this.local.admit(key);
    }
  }

  async history(key: string): Promise<History> {
    try {
      const answer = this.redis.eval(HISTORY_SCRIPT, 1, this.redisKey(key), Date.now(), this.rule.windowMs);
      const [count, latestAt] = (await withinTimeout(answer)) as [number, string | null];
      return { count: Number(count), latestAt: latestAt === null ? null : Number(latestAt) };
    } catch (error) {
      this.log.warn({ err: error, limit: this.rule.name }, "rate limit unavailable in Redis; reading this process's count only");
      return this.local.history(key);
    }
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.local.reset(key), this.tolerate("reset", this.redis.del(this.redisKey(key)))]);
  }

  /** Hashed: the keys are e-mail addresses and IPs, which have no business sitting in Redis in clear. */
  private redisKey(key: string): string {
    return `${this.prefix}limit:${this.rule.name}:${createHash("sha256").update(key).digest("base64url")}`;
  }

  /** A lost withdraw or reset leaves attempts counted until their window ends: not worth failing a login over. */
  private async tolerate(operation: string, command: Promise<unknown>): Promise<void> {
    try {
      await withinTimeout(command);
    } catch (error) {
      this.log.warn({ err: error, limit: this.rule.name }, `rate limit ${operation} failed in Redis`);
    }
  }
}

function withinTimeout<T>(command: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`)), REDIS_TIMEOUT_MS);
  });
  return Promise.race([command, timeout]).finally(() => clearTimeout(timer));
}
