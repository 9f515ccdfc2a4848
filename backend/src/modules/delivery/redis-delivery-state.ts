import type Redis from "ioredis";
import type { AdvertiserFunds, ChargeResult, DeliveryState } from "./delivery-state";
import type { CampaignSpend } from "./model";

const DAY_KEY_TTL_SECONDS = 2 * 24 * 3600;

/**
 * Check-then-increment in one server-side step: two processes cannot both pass the same check.
 * KEYS: campaign total, campaign day, advertiser spent, advertiser allowance. An advertiser
 * whose allowance was never set has none.
 */
const CHARGE_SCRIPT = `
local total = tonumber(redis.call('GET', KEYS[1]) or '0')
if total >= tonumber(ARGV[2]) then return {0, total, 0} end
local spent = tonumber(redis.call('GET', KEYS[3]) or '0')
if spent >= tonumber(redis.call('GET', KEYS[4]) or '0') then return {0, total, 1} end
total = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('INCRBY', KEYS[2], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('INCRBY', KEYS[3], ARGV[1])
return {1, total, 0}
`;

/** Shared state for several app processes behind one load balancer. */
export class RedisDeliveryState implements DeliveryState {
  /** The decision path reads this copy so that it never waits on the network. */
  private readonly cached = new Map<number, CampaignSpend & { day: string }>();
  private readonly cachedFunds = new Map<number, AdvertiserFunds>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async seed(spend: Map<number, CampaignSpend>, day: string, funds?: Map<number, AdvertiserFunds>): Promise<void> {
    if (spend.size === 0 && !funds?.size) return;
    const pipeline = this.redis.pipeline();
    for (const [campaignId, { total, today }] of spend) {
      pipeline.set(this.totalKey(campaignId), total, "NX");
      pipeline.set(this.dayKey(campaignId, day), today, "EX", DAY_KEY_TTL_SECONDS, "NX");
    }
    for (const [advertiserId, { spentMicros, allowanceMicros }] of funds ?? []) {
      pipeline.set(this.spentKey(advertiserId), spentMicros, "NX");
      pipeline.set(this.allowanceKey(advertiserId), allowanceMicros);
    }
    await pipeline.exec();
    await this.refreshSpend([...spend.keys()], day);
    await this.refreshFunds([...(funds?.keys() ?? [])]);
  }

  async setAllowance(advertiserId: number, allowanceMicros: number): Promise<void> {
    await this.redis.set(this.allowanceKey(advertiserId), allowanceMicros);
    await this.refreshFunds([advertiserId]);
  }

  async charge(campaignId: number, priceMicros: number, budgetMicros: number, day: string, advertiserId: number): Promise<ChargeResult> {
    const [charged, total, fundsOut] = (await this.redis.eval(
      CHARGE_SCRIPT,
      4,
      this.totalKey(campaignId),
      this.dayKey(campaignId, day),
      this.spentKey(advertiserId),
      this.allowanceKey(advertiserId),
      priceMicros,
      budgetMicros,
      DAY_KEY_TTL_SECONDS,
    )) as [number, number, number];
    const cached = this.spendOf(campaignId, day);
    this.cached.set(campaignId, { total, today: cached.today + (charged ? priceMicros : 0), day });
    const funds = this.cachedFunds.get(advertiserId) ?? { spentMicros: 0, allowanceMicros: 0 };
    if (charged) funds.spentMicros += priceMicros;
    // Refused for want of funds: this process stops offering the advertiser's ads before its next refresh.
    if (fundsOut) funds.allowanceMicros = Math.min(funds.allowanceMicros, funds.spentMicros);
    this.cachedFunds.set(advertiserId, funds);
    return { charged: charged === 1, totalMicros: total, fundsOut: fundsOut === 1 };
  }

  hasFunds(advertiserId: number): boolean {
    const funds = this.cachedFunds.get(advertiserId);
    return funds !== undefined && funds.spentMicros < funds.allowanceMicros;
  }

  async refreshFunds(advertiserIds: number[]): Promise<void> {
    if (advertiserIds.length === 0) return;
    const values = await this.redis.mget(advertiserIds.flatMap((id) => [this.spentKey(id), this.allowanceKey(id)]));
    advertiserIds.forEach((id, index) => {
      this.cachedFunds.set(id, { spentMicros: Number(values[index * 2] ?? 0), allowanceMicros: Number(values[index * 2 + 1] ?? 0) });
    });
  }

  spendOf(campaignId: number, day: string): CampaignSpend {
    const entry = this.cached.get(campaignId);
    if (!entry) return { total: 0, today: 0 };
    return { total: entry.total, today: entry.day === day ? entry.today : 0 };
  }

  async refreshSpend(campaignIds: number[], day: string): Promise<void> {
    if (campaignIds.length === 0) return;
    const keys = campaignIds.flatMap((id) => [this.totalKey(id), this.dayKey(id, day)]);
    const values = await this.redis.mget(keys);
    campaignIds.forEach((id, index) => {
      this.cached.set(id, { total: Number(values[index * 2] ?? 0), today: Number(values[index * 2 + 1] ?? 0), day });
    });
  }

  async claimImpression(offerId: string, _issuedAt: number, atMs: number, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}imp:${offerId}`, atMs, "EX", ttlSeconds, "NX")) === "OK";
  }

  async impressionTime(offerId: string): Promise<number | null> {
    const value = await this.redis.get(`${this.prefix}imp:${offerId}`);
    return value === null ? null : Number(value);
  }

  async claimClick(offerId: string, _issuedAt: number, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}clk:${offerId}`, 1, "EX", ttlSeconds, "NX")) === "OK";
  }

  async hit(key: string, windowSeconds: number): Promise<number> {
    const windowKey = `${this.prefix}hit:${key}:${Math.floor(Date.now() / (windowSeconds * 1000))}`;
    const [[, count]] = (await this.redis.multi().incr(windowKey).expire(windowKey, windowSeconds * 2).exec()) as [[null, number]];
    return count;
  }

  /** The connection is the app's, shared with the rate limiters; the app closes it after the ad server stops. */
  async close(): Promise<void> {}

  private totalKey(campaignId: number): string {
    return `${this.prefix}spend:${campaignId}`;
  }

  private spentKey(advertiserId: number): string {
    return `${this.prefix}adv-spent:${advertiserId}`;
  }

  private allowanceKey(advertiserId: number): string {
    return `${this.prefix}adv-allowance:${advertiserId}`;
  }

  private dayKey(campaignId: number, day: string): string {
    return `${this.prefix}spend:${campaignId}:${day}`;
  }
}
