import type { StateHealth } from "../../../http/health";
import type { CampaignSpend } from "../model";

/** Why the state cannot judge an event now: its shared counters were lost, or are out of reach. */
export type StateRefusal = "state_lost" | "state_unavailable";

export interface ChargeResult {
  charged: boolean;
  /** The campaign's total spend after this charge (or as it stood, when refused). */
  totalMicros: number;
  /** Set when the state could not charge at all; totalMicros is then meaningless. */
  refusal?: StateRefusal;
  /** Refused because the advertiser has nothing available (the campaign's budget may have room). */
  fundsOut?: boolean;
  /** Refused because the campaign spent its daily cap today. */
  dailyCapSpent?: boolean;
}

/**
 * An advertiser's account as the charge sees it: what they have spent in all, and what they may
 * spend in all (deposits + credits + credit limit). Available = allowance − spent.
 */
export interface AdvertiserFunds {
  spentMicros: number;
  allowanceMicros: number;
}

/** Thrown by a state call that cannot be made now: the caller takes its degraded path. */
export class StateUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("delivery state unavailable", { cause });
  }
}

/**
 * Where budget counters start from, and are rebuilt from when a shared store lost them: the
 * ledger, plus the spend this process counted and has not written yet.
 */
export interface SpendSource {
  /** The campaigns worth loading up front; others load on their first charge. */
  campaignIds(): number[];
  /** The ledger's spend of these campaigns plus pending(): never less than what was charged. */
  load(campaignIds: number[], day: string): Promise<Map<number, CampaignSpend>>;
  /** Spend this process counted that is not in the ledger yet; with `writtenSinceMs`, also what it wrote since. */
  pending(day: string, writtenSinceMs?: number): Map<number, CampaignSpend>;
  /** The advertisers worth loading up front (those with servable campaigns); others load on their first charge. */
  advertiserIds(): number[];
  /**
   * Each advertiser's spent counter (the ledger's spend plus pendingFunds(), never less than what
   * was charged) and allowance (deposits + credits + credit limit, from the database, their record).
   */
  loadFunds(advertiserIds: number[]): Promise<Map<number, AdvertiserFunds>>;
  /** Spend by advertiser this process counted that is not in the ledger yet; with `writtenSinceMs`, also what it wrote since. */
  pendingFunds(writtenSinceMs?: number): Map<number, number>;
  /**
   * What the books alone hold now: each campaign's spend in the ledger (all time and on `day`) and
   * each advertiser's spent and allowance, nothing pending added. A source without it (a unit
   * test's) is never reconciled.
   */
  books?(campaignIds: number[], advertiserIds: number[], day: string): Promise<{ spend: Map<number, CampaignSpend>; funds: Map<number, AdvertiserFunds> }>;
  /** The event log this process appends to: its id, and whether other processes append to it too. */
  eventLog?(): { id: string; shared: boolean };
  /** A shared log's newest position and the position the database has applied; null for a log of one process's own. */
  logPositions?(): Promise<{ last: number; applied: number } | null>;
}

/**
 * A single-use claim of an offer's event, held while the event is charged and appended to the log:
 * confirmed once the log holds the event, released when it could not be logged, so that a claim
 * never outlives a failed append (the beacon's retry then counts it).
 */
export interface Claim {
  /**
   * What a process that died holding this claim had charged for the event: the process completing
   * the claim logs the event with that charge rather than charging it again. 0 for a claim of its own.
   */
  readonly inheritedChargeMicros: number;
}

/**
 * The counters that must agree across every process serving ads: budgets, single-use offers
 * and per-IP rates. In memory for one process; in Redis when several share the work.
 * Calls that reach a store which is away throw StateUnavailableError.
 */
export interface DeliveryState {
  /** Starts every campaign's counters from the source where nothing newer is held. */
  start(source: SpendSource, day: string): Promise<void>;
  /** Whether events can be judged now: false while a shared store is away or not yet verified. */
  readonly available: boolean;
  /** Why an offer issued at `issuedAt` cannot be judged now, or null when it can. */
  offerRefusal(issuedAt: number): StateRefusal | null;
  /** Looks for lost state (and rebuilds it); run every second. */
  check(): Promise<void>;
  /**
   * Brings shared counters back to the books (see redis-reconciliation.ts) once the reconciliation
   * interval has passed since the last round, in the background; run every second.
   */
  reconcile(day: string): Promise<void>;
  health(): StateHealth;
  /**
   * Charges one event (an impression, a click or a conversion) unless it would take the campaign's
   * spend beyond its budget, today's spend beyond its daily cap (dailyCapSpent), or its advertiser's
   * beyond what they have available (fundsOut). The checks and the increments are one atomic step,
   * so concurrent charges never overshoot any of them. An offer issued before the state was rebuilt
   * is refused as state_lost. A charge made for a `claim` is kept with it, for whoever completes it.
   */
  charge(
    campaignId: number,
    priceMicros: number,
    budgetMicros: number,
    day: string,
    issuedAt: number,
    advertiserId: number,
    dailyCapMicros?: number | null,
    claim?: Claim,
  ): Promise<ChargeResult>;
  /**
   * Gives back a charge made for an event that was not counted after all: the event log held its claim
   * already (another process counted it), or the event could not be logged. Counters rebuilt meanwhile never held the charge: nothing is given back.
   */
  refund(campaignId: number, priceMicros: number, day: string, advertiserId: number): Promise<void>;
  /**
   * Loads advertisers' funds through the source: the allowance always replaced (a deposit, credit or
   * limit change), the spent counter only where none is held (it may hold charges not written yet).
   */
  loadFunds(advertiserIds: number[]): Promise<void>;
  /** Whether the advertiser has anything available, as the decision path sees it (may lag other processes by a refresh). */
  hasFunds(advertiserId: number): boolean;
  /** Pulls other processes' charges and allowance changes into hasFunds. */
  refreshFunds(advertiserIds: number[]): Promise<void>;
  /** The spend the decision path paces with; may lag other processes by a refresh. */
  spendOf(campaignId: number, day: string): CampaignSpend;
  /** Pulls other processes' charges into spendOf. */
  refreshSpend(campaignIds: number[], day: string): Promise<void>;
  /**
   * Claims an offer's impression until it is logged (see Claim); null when it was counted already
   * (or may have been). A claim whose process died before logging it is taken over, not refused.
   */
  claimImpression(offerId: string, issuedAt: number, atMs: number, ttlSeconds: number): Promise<Claim | null>;
  /** When the offer's impression was counted (or claimed), or null if it was not. */
  impressionTime(offerId: string): Promise<number | null>;
  /** Claims an offer's click until it is logged, as claimImpression. */
  claimClick(offerId: string, issuedAt: number, ttlSeconds: number): Promise<Claim | null>;
  /**
   * Marks a click's conversion counted before it is charged, so that the pixel firing twice, or in
   * two processes, charges the budget counters once; false when it already was (or may have been).
   */
  claimConversion(clickId: string, clickedAt: number, ttlSeconds: number): Promise<boolean>;
  /** Claims an offer's measured event (viewable, a video quartile) until it is logged, as claimImpression. */
  claimOfferEvent(offerId: string, event: string, issuedAt: number, ttlSeconds: number): Promise<Claim | null>;
  /** The log holds the claim's event: the claim stands for as long as its offer can be replayed. */
  confirmClaim(claim: Claim): Promise<void>;
  /** The claim's event was not logged: it may be claimed again (the charge made for it is the caller's to give back). */
  releaseClaim(claim: Claim): Promise<void>;
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

  /** Forgets a claim whose event was not logged, unless it was made again since (`atMs` tells). */
  release(offerId: string, atMs: number): void {
    if (this.claimed.get(offerId)?.value === atMs) this.claimed.delete(offerId);
  }

  sweep(now: number): void {
    for (const [offerId, held] of this.claimed) if (held.expiresAt <= now) this.claimed.delete(offerId);
  }
}

/** A claim in one process's memory: no other process can hold it, so none is ever inherited. */
class MemoryClaim implements Claim {
  readonly inheritedChargeMicros = 0;

  constructor(
    readonly claims: Claims,
    readonly id: string,
    readonly atMs: number,
  ) {}
}

/** One process's state: exact, fast, bounded, and gone on restart (budgets re-seed from the ledger). */
export class MemoryDeliveryState implements DeliveryState {
  private readonly spend = new Map<number, { total: number; day: string; today: number }>();
  private readonly funds = new Map<number, AdvertiserFunds>();
  /** Advertisers a charge was refused for want of funds: what they have left pays for no event, until their allowance changes. */
  private readonly fundsOut = new Set<number>();
  private readonly impressions: Claims;
  private readonly clicks: Claims;
  private readonly conversions: Claims;
  /** By offer and event (viewable, a video's quartiles): held to the impressions' bound, so memory stays as it was; past it, older offers' events are refused. */
  private readonly offerEvents: Claims;
  private readonly hits = new Map<string, Expiring<number>>();
  private readonly sweeper: NodeJS.Timeout;
  private source: SpendSource | null = null;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits: MemoryStateLimits = DEFAULT_LIMITS,
  ) {
    this.impressions = new Claims(limits.claims);
    this.clicks = new Claims(limits.claims);
    this.conversions = new Claims(limits.claims);
    this.offerEvents = new Claims(limits.claims);
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  readonly available = true;

  /** Gone only with the process, and then so are the offers' claims: see the event log's replay. */
  offerRefusal(): null {
    return null;
  }

  async check(): Promise<void> {}

  /** Rebuilt only with the process, from the ledger after the log is applied: nothing to reconcile. */
  async reconcile(): Promise<void> {}

  health(): StateHealth {
    return { status: "ok" };
  }

  async start(source: SpendSource, day: string): Promise<void> {
    this.source = source;
    await this.load(source.campaignIds(), day);
    await this.loadFunds(source.advertiserIds());
  }

  async charge(
    campaignId: number,
    priceMicros: number,
    budgetMicros: number,
    day: string,
    _issuedAt: number,
    advertiserId: number,
    dailyCapMicros: number | null = null,
  ): Promise<ChargeResult> {
    // A campaign that was not servable at start (paused, not yet approved) starts from the ledger, not from 0;
    // so does an advertiser's spent counter, with their allowance.
    if (!this.spend.has(campaignId)) await this.load([campaignId], day);
    if (!this.funds.has(advertiserId)) await this.loadFunds([advertiserId]);
    const entry = this.entryFor(campaignId, day);
    if (entry.total + priceMicros > budgetMicros) return { charged: false, totalMicros: entry.total, fundsOut: false };
    if (dailyCapMicros !== null && entry.today + priceMicros > dailyCapMicros) return { charged: false, totalMicros: entry.total, fundsOut: false, dailyCapSpent: true };
    const funds = this.funds.get(advertiserId);
    if (!funds || funds.spentMicros + priceMicros > funds.allowanceMicros) {
      this.fundsOut.add(advertiserId);
      return { charged: false, totalMicros: entry.total, fundsOut: true };
    }
    entry.total += priceMicros;
    entry.today += priceMicros;
    funds.spentMicros += priceMicros;
    return { charged: true, totalMicros: entry.total, fundsOut: false };
  }

  async refund(campaignId: number, priceMicros: number, day: string, advertiserId: number): Promise<void> {
    const entry = this.entryFor(campaignId, day);
    entry.total -= priceMicros;
    entry.today -= priceMicros;
    const funds = this.funds.get(advertiserId);
    if (funds) funds.spentMicros -= priceMicros;
    this.fundsOut.delete(advertiserId);
  }

  async loadFunds(advertiserIds: number[]): Promise<void> {
    if (!this.source || advertiserIds.length === 0) return;
    const loaded = await this.source.loadFunds(advertiserIds);
    for (const [advertiserId, { spentMicros, allowanceMicros }] of loaded) {
      const held = this.funds.get(advertiserId);
      // A deposit or credit may pay for the event refused; the same allowance reloaded does not.
      if (held?.allowanceMicros !== allowanceMicros) this.fundsOut.delete(advertiserId);
      if (held) held.allowanceMicros = allowanceMicros;
      else this.funds.set(advertiserId, { spentMicros, allowanceMicros });
    }
  }

  hasFunds(advertiserId: number): boolean {
    const funds = this.funds.get(advertiserId);
    return funds !== undefined && funds.spentMicros < funds.allowanceMicros && !this.fundsOut.has(advertiserId);
  }

  async refreshFunds(): Promise<void> {}

  spendOf(campaignId: number, day: string): CampaignSpend {
    const entry = this.entryFor(campaignId, day);
    return { total: entry.total, today: entry.today };
  }

  async refreshSpend(): Promise<void> {}

  async claimImpression(offerId: string, issuedAt: number, atMs: number, ttlSeconds: number): Promise<Claim | null> {
    return this.claim(this.impressions, offerId, issuedAt, atMs, ttlSeconds);
  }

  async impressionTime(offerId: string): Promise<number | null> {
    return this.impressions.claimedAt(offerId, this.now());
  }

  async claimClick(offerId: string, issuedAt: number, ttlSeconds: number): Promise<Claim | null> {
    return this.claim(this.clicks, offerId, issuedAt, this.now(), ttlSeconds);
  }

  async claimConversion(clickId: string, clickedAt: number, ttlSeconds: number): Promise<boolean> {
    const now = this.now();
    return this.conversions.claim(clickId, clickedAt, now, now + ttlSeconds * 1000, now);
  }

  async claimOfferEvent(offerId: string, event: string, issuedAt: number, ttlSeconds: number): Promise<Claim | null> {
    return this.claim(this.offerEvents, `${offerId}|${event}`, issuedAt, this.now(), ttlSeconds);
  }

  async confirmClaim(): Promise<void> {}

  async releaseClaim(claim: Claim): Promise<void> {
    const { claims, id, atMs } = claim as MemoryClaim;
    claims.release(id, atMs);
  }

  private claim(claims: Claims, id: string, issuedAt: number, atMs: number, ttlSeconds: number): MemoryClaim | null {
    const now = this.now();
    return claims.claim(id, issuedAt, atMs, now + ttlSeconds * 1000, now) ? new MemoryClaim(claims, id, atMs) : null;
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

  private async load(campaignIds: number[], day: string): Promise<void> {
    if (!this.source || campaignIds.length === 0) return;
    const spend = await this.source.load(campaignIds, day);
    for (const [campaignId, { total, today }] of spend) {
      if (!this.spend.has(campaignId)) this.spend.set(campaignId, { total, day, today });
    }
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
    this.conversions.sweep(now);
    this.offerEvents.sweep(now);
    for (const [key, entry] of this.hits) if (entry.expiresAt <= now) this.hits.delete(key);
  }
}
