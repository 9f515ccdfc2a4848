import { rateKeyOf } from "../request/client-network";

/**
 * Ad requests per address (an IPv6 visitor's /64) in the current minute, counted in this process:
 * the decision path never waits on the network, so with N processes behind a load balancer an
 * address gets up to N times the rate. At most `maxAddresses` are counted a minute; past that,
 * newcomers go uncounted until the minute turns rather than grow memory.
 */
export class RequestRate {
  private minute = -1;
  private counts = new Map<string, number>();

  constructor(private readonly maxAddresses = 100_000) {}

  /** Counts one request and returns the address's count this minute. */
  hit(address: string, now: number): number {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts = new Map();
    }
    const key = rateKeyOf(address);
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count > 1 || this.counts.size < this.maxAddresses) this.counts.set(key, count);
    return count;
  }
}
