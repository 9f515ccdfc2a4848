import type { CampaignSpend } from "./model";

export interface ChargeResult {
  charged: boolean;
  /** The campaign's total spend after this charge (or as it stood, when refused). */
  totalMicros: number;
}

/**
 * The counters that must agree across every process serving ads: budgets, single-use offers
 * and per-IP rates. In memory for one process; in Redis when several share the work.
 */
export interface DeliveryState {
  /** Starts every campaign's counters from the ledger where nothing newer is held. */
  seed(spend: Map<number, CampaignSpend>, day: string): Promise<void>;
  /**
   * Charges one impression unless the budget is already spent. The check and the increment are
   * one atomic step, so concurrent charges overshoot a budget by less than one impression.
   */
  charge(campaignId: number, priceMicros: number, budgetMicros: number, day: string): Promise<ChargeResult>;
  /** The spend the decision path paces with; may lag other processes by a refresh. */
  spendOf(campaignId: number, day: string): CampaignSpend;
  /** Pulls other processes' charges into spendOf. */
  refreshSpend(campaignIds: number[], day: string): Promise<void>;
  /** Marks an offer's impression counted; false when it already was. */
  claimImpression(offerId: string, atMs: number, ttlSeconds: number): Promise<boolean>;
  /** When the offer's impression was counted, or null if it was not. */
  impressionTime(offerId: string): Promise<number | null>;
  /** Marks an offer's click counted; false when it already was. */
  claimClick(offerId: string, ttlSeconds: number): Promise<boolean>;
  /** Counts one hit in the current fixed window of `windowSeconds` and returns the window's count. */
  hit(key: string, windowSeconds: number): Promise<number>;
  close(): Promise<void>;
}

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/** One process's state: exact, fast, and gone on restart (budgets re-seed from the ledger). */
export class MemoryDeliveryState implements DeliveryState {
  private readonly spend = new Map<number, { total: number; day: string; today: number }>();
  private readonly impressions = new Map<string, Expiring<number>>();
  private readonly clicks = new Map<string, Expiring<true>>();
  private readonly hits = new Map<string, Expiring<number>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async seed(spend: Map<number, CampaignSpend>, day: string): Promise<void> {
    for (const [campaignId, { total, today }] of spend) {
      if (!this.spend.has(campaignId)) this.spend.set(campaignId, { total, day, today });
    }
  }

  async charge(campaignId: number, priceMicros: number, budgetMicros: number, day: string): Promise<ChargeResult> {
    const entry = this.entryFor(campaignId, day);
    if (entry.total >= budgetMicros) return { charged: false, totalMicros: entry.total };
    entry.total += priceMicros;
    entry.today += priceMicros;
    return { charged: true, totalMicros: entry.total };
  }

  spendOf(campaignId: number, day: string): CampaignSpend {
    const entry = this.entryFor(campaignId, day);
    return { total: entry.total, today: entry.today };
  }

  async refreshSpend(): Promise<void> {}

  async claimImpression(offerId: string, atMs: number, ttlSeconds: number): Promise<boolean> {
    if (this.live(this.impressions.get(offerId))) return false;
    this.impressions.set(offerId, { value: atMs, expiresAt: this.now() + ttlSeconds * 1000 });
    return true;
  }

  async impressionTime(offerId: string): Promise<number | null> {
    const entry = this.impressions.get(offerId);
    return this.live(entry) ? entry!.value : null;
  }

  async claimClick(offerId: string, ttlSeconds: number): Promise<boolean> {
    if (this.live(this.clicks.get(offerId))) return false;
    this.clicks.set(offerId, { value: true, expiresAt: this.now() + ttlSeconds * 1000 });
    return true;
  }

  async hit(key: string, windowSeconds: number): Promise<number> {
    const windowMs = windowSeconds * 1000;
    const windowKey = `${key}:${Math.floor(this.now() / windowMs)}`;
    const entry = this.hits.get(windowKey);
    if (this.live(entry)) return ++entry!.value;
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
    for (const map of [this.impressions, this.clicks, this.hits] as Map<string, Expiring<unknown>>[]) {
      for (const [key, entry] of map) if (entry.expiresAt <= now) map.delete(key);
    }
  }
}
