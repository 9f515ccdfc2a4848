import type { CampaignSpend } from "./model";

export interface ChargeResult {
  charged: boolean;
  /** The campaign's total spend after this charge (or as it stood, when refused). */
  totalMicros: number;
  /** Refused because the advertiser has nothing available (the campaign's budget may have room). */
  fundsOut: boolean;
}

/**
 * An advertiser's account as the charge sees it: what they have spent in all, and what they may
 * spend in all (deposits + credits + credit limit). Available = allowance − spent.
 */
export interface AdvertiserFunds {
  spentMicros: number;
  allowanceMicros: number;
}

/**
 * The counters that must agree across every process serving ads: budgets, single-use offers
 * and per-IP rates. In memory for one process; in Redis when several share the work.
 */
export interface DeliveryState {
  /**
   * Starts every campaign's counters, and each advertiser's spent counter, from the ledger where
   * nothing newer is held; advertisers' allowances come from the database, which is their record,
   * so they are always replaced.
   */
  seed(spend: Map<number, CampaignSpend>, day: string, funds?: Map<number, AdvertiserFunds>): Promise<void>;
  /**
   * Replaces an advertiser's allowance at once. An advertiser not seeded yet starts from nothing
   * spent: after a deposit, credit or limit change, seed them instead (their spend may predate it).
   */
  setAllowance(advertiserId: number, allowanceMicros: number): Promise<void>;
  /**
   * Charges one impression unless the campaign's budget is already spent or its advertiser has
   * nothing available. The checks and the increments are one atomic step, so concurrent charges
   * overshoot a budget, and an advertiser's funds, by less than one impression.
   */
  charge(campaignId: number, priceMicros: number, budgetMicros: number, day: string, advertiserId: number): Promise<ChargeResult>;
  /** Whether the advertiser has anything available, as the decision path sees it (may lag other processes by a refresh). */
  hasFunds(advertiserId: number): boolean;
  /** Pulls other processes' charges and allowance changes into hasFunds. */
  refreshFunds(advertiserIds: number[]): Promise<void>;
  /** The spend the decision path paces with; may lag other processes by a refresh. */
  spendOf(campaignId: number, day: string): CampaignSpend;
  /** Pulls other processes' charges into spendOf. */
  refreshSpend(campaignIds: number[], day: string): Promise<void>;
  /** Marks an offer's impression counted; false when it already was (or may have been). */
  claimImpression(offerId: string, issuedAt: number, atMs: number, ttlSeconds: number): Promise<boolean>;
  /** When the offer's impression was counted, or null if it was not. */
  impressionTime(offerId: string): Promise<number | null>;
  /** Marks an offer's click counted; false when it already was (or may have been). */
  claimClick(offerId: string, issuedAt: number, ttlSeconds: number): Promise<boolean>;
  /** Counts one hit in the current fixed window of `windowSeconds` and returns the window's count. */
  hit(key: string, windowSeconds: number): Promise<number>;
  close(): Promise<void>;
}

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/** How many offers' claims, and rate counters, one process holds: about 100 bytes each. */
export interface MemoryStateLimits {
  claims: number;
  counters: number;
}

const DEFAULT_LIMITS: MemoryStateLimits = { claims: 500_000, counters: 200_000 };

/**
 * Offers counted once each, in a bounded map. When it is full the oldest claim is forgotten, and
 * from then on every offer issued before that claim was made is refused: it may be the forgotten
 * one, and billing it twice is worse than not billing it. Offers issued later cannot have been
 * forgotten, so they are judged exactly.
 */
class Claims {
  /** By offer id, the moment its event was counted; a Map keeps them in that order. */
  private readonly claimed = new Map<string, Expiring<number>>();
  private forgottenUpTo = 0;

  constructor(private readonly limit: number) {}

  claim(offerId: string, issuedAt: number, atMs: number, expiresAt: number, now: number): boolean {
    const held = this.claimed.get(offerId);
    if ((held && held.expiresAt > now) || issuedAt <= this.forgottenUpTo) return false;
    if (held) this.claimed.delete(offerId);
    for (const [oldestId, oldest] of this.claimed) {
      if (this.claimed.size < this.limit) break;
      this.claimed.delete(oldestId);
      this.forgottenUpTo = Math.max(this.forgottenUpTo, oldest.value);
    }
    this.claimed.set(offerId, { value: atMs, expiresAt });
    return true;
  }

  /** When the offer's event was counted, or null. */
  claimedAt(offerId: string, now: number): number | null {
    const held = this.claimed.get(offerId);
    return held && held.expiresAt > now ? held.value : null;
  }

  sweep(now: number): void {
    for (const [offerId, held] of this.claimed) if (held.expiresAt <= now) this.claimed.delete(offerId);
  }
}

/** One process's state: exact, fast, bounded, and gone on restart (budgets re-seed from the ledger). */
export class MemoryDeliveryState implements DeliveryState {
  private readonly spend = new Map<number, { total: number; day: string; today: number }>();
  private readonly funds = new Map<number, AdvertiserFunds>();
  private readonly impressions: Claims;
  private readonly clicks: Claims;
  private readonly hits = new Map<string, Expiring<number>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits: MemoryStateLimits = DEFAULT_LIMITS,
  ) {
    this.impressions = new Claims(limits.claims);
    this.clicks = new Claims(limits.claims);
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async seed(spend: Map<number, CampaignSpend>, day: string, funds?: Map<number, AdvertiserFunds>): Promise<void> {
    for (const [campaignId, { total, today }] of spend) {
      if (!this.spend.has(campaignId)) this.spend.set(campaignId, { total, day, today });
    }
    for (const [advertiserId, { spentMicros, allowanceMicros }] of funds ?? []) {
      const held = this.funds.get(advertiserId);
      this.funds.set(advertiserId, { spentMicros: held ? held.spentMicros : spentMicros, allowanceMicros });
    }
  }

  async setAllowance(advertiserId: number, allowanceMicros: number): Promise<void> {
    const funds = this.funds.get(advertiserId);
    if (funds) funds.allowanceMicros = allowanceMicros;
    else this.funds.set(advertiserId, { spentMicros: 0, allowanceMicros });
  }

  async charge(campaignId: number, priceMicros: number, budgetMicros: number, day: string, advertiserId: number): Promise<ChargeResult> {
    const entry = this.entryFor(campaignId, day);
    if (entry.total >= budgetMicros) return { charged: false, totalMicros: entry.total, fundsOut: false };
    // An advertiser never seeded has no allowance; nothing is recorded for them, so their seed still counts.
    const funds = this.funds.get(advertiserId);
    if (!funds || funds.spentMicros >= funds.allowanceMicros) return { charged: false, totalMicros: entry.total, fundsOut: true };
    entry.total += priceMicros;
    entry.today += priceMicros;
    funds.spentMicros += priceMicros;
    return { charged: true, totalMicros: entry.total, fundsOut: false };
  }

  hasFunds(advertiserId: number): boolean {
    const funds = this.funds.get(advertiserId);
    return funds !== undefined && funds.spentMicros < funds.allowanceMicros;
  }

  async refreshFunds(): Promise<void> {}

  spendOf(campaignId: number, day: string): CampaignSpend {
    const entry = this.entryFor(campaignId, day);
    return { total: entry.total, today: entry.today };
  }

  async refreshSpend(): Promise<void> {}

  async claimImpression(offerId: string, issuedAt: number, atMs: number, ttlSeconds: number): Promise<boolean> {
    const now = this.now();
    return this.impressions.claim(offerId, issuedAt, atMs, now + ttlSeconds * 1000, now);
  }

  async impressionTime(offerId: string): Promise<number | null> {
    return this.impressions.claimedAt(offerId, this.now());
  }

  async claimClick(offerId: string, issuedAt: number, ttlSeconds: number): Promise<boolean> {
    const now = this.now();
    return this.clicks.claim(offerId, issuedAt, now, now + ttlSeconds * 1000, now);
  }

  /** When the counters are full the oldest window is dropped: a rate may then undercount, never grow memory. */
  async hit(key: string, windowSeconds: number): Promise<number> {
    const windowMs = windowSeconds * 1000;
    const windowKey = `${key}:${Math.floor(this.now() / windowMs)}`;
    const entry = this.hits.get(windowKey);
    if (this.live(entry)) return ++entry!.value;
    for (const oldest of this.hits.keys()) {
      if (this.hits.size < this.limits.counters) break;
      this.hits.delete(oldest);
    }
    this.hits.set(windowKey, { value: 1, expiresAt: this.now() + windowMs });
    return 1;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private entryFor(campaignId: number, day: string) {
    let entry = this.spend.get(campaignId);
    if (!entry) {
      entry = { total: 0, day, today: 0 };
      this.spend.set(campaignId, entry);
    }
    if (entry.day !== day) {
      entry.day = day;
      entry.today = 0;
    }
    return entry;
  }

  private live<T>(entry: Expiring<T> | undefined): boolean {
    return entry !== undefined && entry.expiresAt > this.now();
  }

  private sweep(): void {
    const now = this.now();
    this.impressions.sweep(now);
    this.clicks.sweep(now);
    for (const [key, entry] of this.hits) if (entry.expiresAt <= now) this.hits.delete(key);
  }
}
