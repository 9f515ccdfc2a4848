import type Redis from "ioredis";
import { MAX_AUDIENCE_WINDOW_DAYS } from "./audience-rules";

/**
 * Distinct members per audience per day, counted where the pixel adds them and read without
 * counting anything again: Redis HyperLogLogs (12 KB at most each, about 0.8% off) when the ad
 * servers share Redis; in one process without it, the exact sets in memory (lost on a restart).
 */
export interface AudienceSizes {
  /** The member joined (or renewed) these audiences today. */
  add(audienceIds: readonly number[], memberId: string, day: number): Promise<void>;
  /** Distinct members seen in the `days` days up to `day`: the audience's size when `days` is its window. */
  count(audienceId: number, day: number, days: number): Promise<number>;
}

/** A day's count outlives the longest window, then goes. */
const KEEP_SECONDS = (MAX_AUDIENCE_WINDOW_DAYS + 1) * 86_400;

const daysUpTo = (day: number, days: number) => Array.from({ length: Math.max(1, days) }, (_, back) => day - back);

export class RedisAudienceSizes implements AudienceSizes {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(audienceId: number, day: number): string {
    return `${this.prefix}audience-members:${audienceId}:${day}`;
  }

  async add(audienceIds: readonly number[], memberId: string, day: number): Promise<void> {
    if (audienceIds.length === 0) return;
    const batch = this.redis.multi();
    for (const id of audienceIds) batch.pfadd(this.key(id, day), memberId).expire(this.key(id, day), KEEP_SECONDS);
    await batch.exec();
  }

  count(audienceId: number, day: number, days: number): Promise<number> {
    return this.redis.pfcount(...daysUpTo(day, days).map((each) => this.key(audienceId, each)));
  }
}

export class MemoryAudienceSizes implements AudienceSizes {
  private readonly members = new Map<string, Set<string>>();
  private sweptDay = 0;

  async add(audienceIds: readonly number[], memberId: string, day: number): Promise<void> {
    for (const id of audienceIds) {
      const key = `${id}:${day}`;
      const members = this.members.get(key) ?? new Set<string>();
      members.add(memberId);
      this.members.set(key, members);
    }
    if (day === this.sweptDay) return;
    this.sweptDay = day;
    for (const key of this.members.keys()) if (Number(key.split(":")[1]) < day - MAX_AUDIENCE_WINDOW_DAYS) this.members.delete(key);
  }

  async count(audienceId: number, day: number, days: number): Promise<number> {
    const union = new Set<string>();
    for (const each of daysUpTo(day, days)) for (const member of this.members.get(`${audienceId}:${each}`) ?? []) union.add(member);
    return union.size;
  }
}
