import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import type { AdvertiserFunds, SpendSource } from "../src/modules/delivery/state/delivery-state";
import { RedisDeliveryState } from "../src/modules/delivery/state/redis-delivery-state";
import type { CampaignSpend } from "../src/modules/delivery/model";

/** The one advertiser of campaigns 100 and 101. */
export const ADVERTISER = 41;

/** The database as a delivery state loads it: the campaigns' ledger spend and the advertiser's account, as plain figures. */
export class Database implements SpendSource {
  campaigns = new Map<number, CampaignSpend>([
    [100, { total: 0, today: 0 }],
    [101, { total: 0, today: 0 }],
  ]);
  funds: AdvertiserFunds = { spentMicros: 0, allowanceMicros: 0 };

  campaignIds(): number[] {
    return [...this.campaigns.keys()];
  }

  async load(campaignIds: number[]): Promise<Map<number, CampaignSpend>> {
    return new Map(campaignIds.map((id) => [id, { ...(this.campaigns.get(id) ?? { total: 0, today: 0 }) }]));
  }

  pending(): Map<number, CampaignSpend> {
    return new Map();
  }

  advertiserIds(): number[] {
    return [ADVERTISER];
  }

  async loadFunds(advertiserIds: number[]): Promise<Map<number, AdvertiserFunds>> {
    return new Map(advertiserIds.map((id) => [id, id === ADVERTISER ? { ...this.funds } : { spentMicros: 0, allowanceMicros: 0 }]));
  }

  pendingFunds(): Map<number, number> {
    return new Map();
  }
}

const QUIET = { warn: () => undefined, error: () => undefined };

/**
 * Two processes' delivery states on the shared Redis, for the describe block that calls it: under a
 * key prefix of the suite's own, whose keys are deleted afterwards; nothing else is touched.
 */
export function sharedRedisStates(suite: string) {
  const url = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
  const prefix = `adnet-test-${suite}-${process.pid}-${randomBytes(4).toString("hex")}:`;
  let connections: Redis[] = [];
  beforeAll(() => {
    connections = [new Redis(url), new Redis(url)];
  });
  afterAll(async () => {
    const keys = await connections[0].keys(`${prefix}*`);
    if (keys.length > 0) await connections[0].del(...keys);
    for (const connection of connections) connection.disconnect();
  });
  return {
    /** The keys the states keep, e.g. `${prefix}g:*:adv-spent:41`. */
    keys: (pattern: string) => connections[0].keys(`${prefix}${pattern}`),
    get: (key: string) => connections[0].get(key),
    states: () => connections.map((connection) => new RedisDeliveryState(connection, prefix, { connectTimeoutMs: 2000, log: QUIET })),
  };
}
