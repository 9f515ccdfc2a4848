/**
 * Counts events per key in a sliding window. In memory: one process holds the counts,
 * which is what a single-node deployment needs; shared state arrives with the Redis-backed
 * delivery work.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is under the limit. */
  retryAfterMs(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    return recent.length >= this.limit ? recent[0] + this.windowMs - now : 0;
  }

  record(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 100_000) this.prune(now);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((at) => at <= now - this.windowMs)) this.hits.delete(key);
    }
  }
}
