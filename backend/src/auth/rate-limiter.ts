/** At most `limit` attempts per key in any `windowMs`; `name` keeps one limit's keys apart from another's. */
export interface RateLimit {
  name: string;
  limit: number;
  windowMs: number;
}

/** The answer to one attempt. */
export interface Admission {
  /** 0 when the attempt was admitted and counted; otherwise how long until the key may try again. */
  retryAfterMs: number;
  /** Attempts the key has left in the window after this one. */
  remaining: number;
  /** How long until the window has room again: when its oldest counted attempt leaves it. */
  resetMs: number;
  /** Takes an admitted attempt back off the count, e.g. a login that proved right. */
  withdraw(): Promise<void>;
}

/** The attempts of a key still in the window. */
export interface History {
  count: number;
  /** When the latest of them was made (epoch ms), or null when there is none. */
  latestAt: number | null;
}

/**
 * Counts attempts per key in a sliding window. Admitting checks and counts in one step, so
 * concurrent requests cannot all pass the check before any of them is counted.
 */
export interface RateLimiter {
  admit(key: string): Promise<Admission>;
  /** Reads the count without adding to it. */
  history(key: string): Promise<History>;
  /** Forgets every attempt of the key. */
  reset(key: string): Promise<void>;
}

/** Builds the limiter for one limit; the composition root decides where limiters keep their counts. */
export type RateLimiterFactory = (limit: RateLimit) => RateLimiter;

export const refused = (retryAfterMs: number): Admission => ({ retryAfterMs, remaining: 0, resetMs: retryAfterMs, withdraw: async () => undefined });

interface Attempt {
  at: number;
}

/** One process's counts: what a single-node deployment needs, and what Redis falls back to. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly attempts = new Map<string, Attempt[]>();

  constructor(private readonly rule: RateLimit) {}

  async admit(key: string): Promise<Admission> {
    const now = Date.now();
    const recent = (this.attempts.get(key) ?? []).filter((attempt) => attempt.at > now - this.rule.windowMs);
    this.attempts.set(key, recent);
    if (recent.length >= this.rule.limit) return refused(recent[0].at + this.rule.windowMs - now);
    const attempt = { at: now };
    recent.push(attempt);
    if (this.attempts.size > 100_000) this.prune(now);
    return {
      retryAfterMs: 0,
      remaining: this.rule.limit - recent.length,
      resetMs: recent[0].at + this.rule.windowMs - now,
      withdraw: async () => this.remove(key, attempt),
    };
  }

  async history(key: string): Promise<History> {
    const recent = (this.attempts.get(key) ?? []).filter((attempt) => attempt.at > Date.now() - this.rule.windowMs);
    return { count: recent.length, latestAt: recent.length ? Math.max(...recent.map((attempt) => attempt.at)) : null };
  }

  async reset(key: string): Promise<void> {
    this.attempts.delete(key);
  }

  private remove(key: string, attempt: Attempt): void {
    const recent = this.attempts.get(key);
    const index = recent?.indexOf(attempt) ?? -1;
    if (index >= 0) recent!.splice(index, 1);
  }

  private prune(now: number): void {
    for (const [key, attempts] of this.attempts) {
      if (attempts.every((attempt) => attempt.at <= now - this.rule.windowMs)) this.attempts.delete(key);
    }
  }
}
