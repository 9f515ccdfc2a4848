import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type Redis from "ioredis";
import { redisReady } from "../../../redis";
import { reportDay } from "../decision/decision";
import type { StateHealth } from "../../../http/health";
import { AdvertiserFunds, ChargeResult, Claim, DeliveryState, SpendSource, StateRefusal, StateUnavailableError } from "./delivery-state";
import type { CampaignSpend } from "../model";
import { Reconciliation, type ReconciledState, type Unsettled } from "./redis-reconciliation";

const DAY_KEY_TTL_SECONDS = 2 * 24 * 3600;
/** A campaign nobody charged for a week is loaded again from the ledger, which by then holds all of it. */
const TOTAL_KEY_TTL_SECONDS = 7 * 24 * 3600;
/** After a failed command, Redis is left alone this long: later beacons take the degraded path at once. */
const BACK_OFF_MS = 1000;
/**
 * How long a beacon waits for a resync or a campaign's load (a ledger read) before it is refused as
 * state_unavailable; the work goes on for the next beacons. A beacon answers quickly whatever the database does.
 */
const WAIT_FOR_REBUILD_MS = 150;
/**
 * A process joining a generation another made adds what it wrote since that one read the ledger,
 * from this much earlier: the processes' clocks may differ a little, and counting a write twice
 * only stops a budget a little early.
 */
const CLOCK_MARGIN_MS = 500;
/** How often the counters are reconciled with the books unless configured: a rebuild's over-count lasts at most about this long. */
const DEFAULT_RECONCILE_MS = 60_000;

/**
 * Check-then-increment in one server-side step: two processes cannot both pass the same check.
 * A process charges only in the generation it knows (its own pending spend is in that generation's
 * totals), and a missing counter is never read as 0: -2 asks for a resync, -1 for the campaign's
 * load, -3 for the advertiser's (spent counter and allowance). The budget is checked first, then
 * the daily cap (ARGV[6], -1 for none) against today's key, then the advertiser's funds; the third
 * value is 1 when refused for want of funds (the fifth then what is left), the fourth when refused at the daily cap. Today's key
 * is made with the campaign's load, so a missing one is a day with nothing charged yet. With a sixth
 * key, the claim the charge is made for: still holding this process's value (ARGV[7]), it is given
 * the value that records the charge (ARGV[8]), in the same step, for whoever completes the claim.
 * KEYS: total, day, marker, advertiser spent, advertiser allowance[, claim].
 */
const CHARGE_SCRIPT = `
if redis.call('HGET', KEYS[3], 'generation') ~= ARGV[4] then return {-2, 0, 0} end
local held = redis.call('GET', KEYS[1])
if not held then return {-1, 0, 0} end
local total = tonumber(held)
if total + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return {0, total, 0, 0} end
if tonumber(ARGV[6]) >= 0 and tonumber(redis.call('GET', KEYS[2]) or '0') + tonumber(ARGV[1]) > tonumber(ARGV[6]) then return {0, total, 0, 1} end
local spent = redis.call('GET', KEYS[4])
local allowance = redis.call('GET', KEYS[5])
if not spent or not allowance then return {-3, 0, 0, 0} end
if tonumber(spent) + tonumber(ARGV[1]) > tonumber(allowance) then return {0, total, 1, 0, tonumber(allowance) - tonumber(spent)} end
total = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('INCRBY', KEYS[2], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('INCRBY', KEYS[4], ARGV[1])
redis.call('EXPIRE', KEYS[4], ARGV[5])
redis.call('EXPIRE', KEYS[5], ARGV[5])
if KEYS[6] and redis.call('GET', KEYS[6]) == ARGV[7] then redis.call('SET', KEYS[6], ARGV[8], 'KEEPTTL') end
return {1, total, 0, 0}
`;

/** Gives a claim a new value (ARGV[2]) if it still holds ARGV[1]: answers 1 if it did. */
const SWAP_CLAIM_SCRIPT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1
`;

/** Deletes a claim if it still holds ARGV[1]. */
const RELEASE_CLAIM_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

/** How long a claim's repeat waits for the live process holding it to log its event or release it; then it is a replay. */
const PENDING_CLAIM_WAIT_MS = 2000;
const PENDING_CLAIM_POLL_MS = 10;

/**
 * A claim's value while its event is not logged yet: \`p|atMs|owner|generation|charge\`, the owner
 * being the Redis connection (CLIENT ID) of the process holding it, and the charge made for it in a
 * generation of the counters (empty and 0 before it is charged). Once logged: the event's time for
 * an impression, 1 otherwise.
 */
const PENDING = "p|";

interface PendingClaim {
  atMs: number;
  owner: string;
  generation: string;
  chargeMicros: number;
}

function pendingClaim(value: string): PendingClaim | null {
  if (!value.startsWith(PENDING)) return null;
  const [, atMs, owner, generation, chargeMicros] = value.split("|");
  return { atMs: Number(atMs), owner, generation, chargeMicros: Number(chargeMicros) };
}

const pendingValue = ({ atMs, owner, generation, chargeMicros }: PendingClaim) => `${PENDING}${atMs}|${owner}|${generation}|${chargeMicros}`;

/** A claim this process holds in Redis, with its value now (it changes once charged). */
class RedisClaim implements Claim {
  constructor(
    readonly key: string,
    public value: string,
    /** Its value once logged. */
    readonly logged: string,
    readonly inheritedChargeMicros: number,
  ) {}
}

/**
 * Takes a charge back from the counters of the generation it was made in (ARGV[2]); a generation
 * rebuilt since never held it. KEYS: total, day, marker, advertiser spent. ARGV: price, generation.
 */
const REFUND_SCRIPT = `
if redis.call('HGET', KEYS[3], 'generation') ~= ARGV[2] then return 0 end
for i = 1, 4 do
  if i ~= 3 and redis.call('EXISTS', KEYS[i]) == 1 then redis.call('DECRBY', KEYS[i], ARGV[1]) end
end
return 1
`;

/**
 * Starts a new generation of the counters for this Redis server, unless another process already
 * did: then its generation is answered and this process adds what it owes to it instead.
 * KEYS: marker, then a total and a day key per campaign, then a spent and an allowance key per
 * advertiser; ARGV: run id, generation, since, the two TTLs, when the ledger was read, the number
 * of campaigns, then a total and a day value per campaign and a spent and an allowance per advertiser.
 */
const REBUILD_SCRIPT = `
local held = redis.call('HMGET', KEYS[1], 'generation', 'runId', 'since', 'readAt')
if held[1] and held[2] == ARGV[1] then return {held[1], held[3], held[4], 0} end
local campaignKeys = 1 + 2 * tonumber(ARGV[7])
for i = 2, #KEYS, 2 do
  local secondTtl = ARGV[4]
  if i > campaignKeys then secondTtl = ARGV[5] end
  redis.call('SET', KEYS[i], ARGV[i + 6], 'EX', ARGV[5])
  redis.call('SET', KEYS[i + 1], ARGV[i + 7], 'EX', secondTtl)
end
redis.call('HSET', KEYS[1], 'generation', ARGV[2], 'runId', ARGV[1], 'since', ARGV[3], 'readAt', ARGV[6])
return {ARGV[2], ARGV[3], ARGV[6], 1}
`;

/**
 * Loads campaigns into the current generation. A campaign nobody loaded yet gets its full spend
 * (ledger plus this process's pending); one another process loaded gets only what this process
 * owes it (see RedisDeliveryState.adopt), which that process could not know. Answers -1 when the generation changed.
 * KEYS: marker, then a total and a day key per campaign; ARGV: generation, the two TTLs, then per
 * campaign the full total, the full day, the owed total and the owed day.
 */
const LOAD_SCRIPT = `
if redis.call('HGET', KEYS[1], 'generation') ~= ARGV[1] then return -1 end
for i = 2, #KEYS, 2 do
  local at = (i - 2) * 2 + 4
  if redis.call('SET', KEYS[i], ARGV[at], 'NX', 'EX', ARGV[3]) then
    redis.call('SET', KEYS[i + 1], ARGV[at + 1], 'EX', ARGV[2])
  else
    redis.call('INCRBY', KEYS[i], ARGV[at + 2])
    redis.call('INCRBY', KEYS[i + 1], ARGV[at + 3])
    redis.call('EXPIRE', KEYS[i + 1], ARGV[2])
  end
end
return 1
`;

/**
 * Loads advertisers' funds into the current generation, as LOAD_SCRIPT does campaigns: a spent
 * counter nobody loaded yet gets the full figure (ledger plus this process's pending), one another
 * process loaded gets only what this process owes it; the allowance, the database's, is always
 * replaced. Answers -1 when the generation changed.
 * KEYS: marker, then a spent and an allowance key per advertiser; ARGV: generation, TTL, then per
 * advertiser the full spent, the owed spent and the allowance.
 */
const LOAD_FUNDS_SCRIPT = `
if redis.call('HGET', KEYS[1], 'generation') ~= ARGV[1] then return -1 end
for i = 2, #KEYS, 2 do
  local at = (i - 2) * 3 / 2 + 3
  if not redis.call('SET', KEYS[i], ARGV[at], 'NX', 'EX', ARGV[2]) then
    redis.call('INCRBY', KEYS[i], ARGV[at + 1])
    redis.call('EXPIRE', KEYS[i], ARGV[2])
  end
  redis.call('SET', KEYS[i + 1], ARGV[at + 2], 'EX', ARGV[2])
end
return 1
`;

export interface RedisStateOptions {
  /** How long start-up waits for Redis before serving in the degraded mode. */
  connectTimeoutMs: number;
  /** How often the counters are brought back to the books (see Reconciliation): how long a rebuild's over-count may last. */
  reconcileIntervalMs?: number;
  log?: Pick<FastifyBaseLogger, "warn" | "error">;
}

/**
 * Shared state for several app processes behind one load balancer.
 *
 * Budgets live in a generation of counters named by a marker hash (generation, the Redis server's
 * run_id, since). A Redis restarted empty, wiped or failed over has no marker or another run_id:
 * the first process to notice starts a new generation from the ledger plus its own unwritten
 * spend, and every other process adds its own unwritten spend before it charges again. Offers
 * issued before the new generation began are refused as state_lost, since their single-use claims
 * may have gone with the old Redis.
 */
export class RedisDeliveryState implements DeliveryState, ReconciledState {
  /** The decision path reads this copy so that it never waits on the network. */
  private readonly cached = new Map<number, CampaignSpend & { day: string }>();
  /** Advertisers' funds as hasFunds reads them, refreshed every second. */
  private readonly cachedFunds = new Map<number, AdvertiserFunds>();
  /**
   * Advertisers a charge here was refused for want of funds, with what they had left then: until that
   * grows (a deposit, a refund, a reconciliation), their ads are not offered.
   */
  private readonly fundsOutAt = new Map<number, number>();
  /** Charges sent to Redis and not answered yet, by a number of their own: a reconciliation counts them as charged. */
  private readonly charging = new Map<number, { campaignId: number; advertiserId: number; day: string; priceMicros: number }>();
  private charges = 0;
  private readonly reconciliation: Reconciliation;
  private readonly loadingFunds = new Map<number, Promise<void>>();
  private readonly log: Pick<FastifyBaseLogger, "warn" | "error">;
  source: SpendSource | null = null;
  generation: string | null = null;
  private since = 0;
  /** Whether the connection's server was checked against the marker since it (re)connected. */
  private verified = false;
  private downUntil = 0;
  private syncing: Promise<void> | null = null;
  private readonly loading = new Map<number, Promise<void>>();
  private lastProblem: string | null = null;
  /** This connection's CLIENT ID, which names the owner of the claims it holds: read again on each (re)connection. */
  private clientId = "";

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: RedisStateOptions = { connectTimeoutMs: 2000 },
  ) {
    this.log = options.log ?? console;
    this.reconciliation = new Reconciliation(redis, this, options.reconcileIntervalMs ?? DEFAULT_RECONCILE_MS, TOTAL_KEY_TTL_SECONDS, this.log, randomBytes(6).toString("base64url"));
    redis.on("close", () => (this.verified = false));
    redis.on("ready", () => void this.check().catch(() => undefined));
  }

  get available(): boolean {
    return this.redis.status === "ready" && this.verified && this.generation !== null && Date.now() >= this.downUntil;
  }

  offerRefusal(issuedAt: number): StateRefusal | null {
    if (!this.available) return "state_unavailable";
    return issuedAt < this.since ? "state_lost" : null;
  }

  health(): StateHealth {
    if (this.available) return { status: "ok", since: new Date(this.since).toISOString() };
    const detail =
      this.redis.status !== "ready" ? `redis ${this.redis.status}` : this.generation === null || !this.verified ? "counters not verified yet" : "redis timed out";
    return { status: "unavailable", detail: this.lastProblem ? `${detail}: ${this.lastProblem}` : detail };
  }

  async start(source: SpendSource): Promise<void> {
    this.source = source;
    if (!(await redisReady(this.redis, this.options.connectTimeoutMs))) {
      this.log.warn("Redis is not reachable at start: serving no paid ads until it is");
      return;
    }
    await this.check().catch((error) => this.log.warn({ err: error }, "could not check the delivery state in Redis; retrying"));
  }

  /** Compares the server and the marker with what this process knows, and rebuilds or adopts. */
  check(): Promise<void> {
    if (!this.source || this.redis.status !== "ready") return Promise.resolve();
    this.syncing ??= this.sync()
      .then(() => {
        this.lastProblem = null;
      })
      .catch((error: unknown) => {
        // Until a check succeeds, beacons are refused at once rather than each waiting for another try.
        this.downUntil = Date.now() + BACK_OFF_MS;
        this.lastProblem = error instanceof Error ? error.message : String(error);
        throw error;
      })
      .finally(() => {
        this.syncing = null;
      });
    return this.syncing;
  }

  async charge(
    campaignId: number,
    priceMicros: number,
    budgetMicros: number,
    day: string,
    issuedAt: number,
    advertiserId: number,
    dailyCapMicros: number | null = null,
    claim?: Claim,
  ): Promise<ChargeResult> {
    const held = claim as RedisClaim | undefined;
    for (let attempt = 1; ; attempt++) {
      const refusal = this.offerRefusal(issuedAt);
      if (refusal) return { charged: false, totalMicros: 0, refusal };
      const generation = this.generation!;
      const flight = ++this.charges;
      this.charging.set(flight, { campaignId, advertiserId, day, priceMicros });
      const charged = held ? pendingValue({ ...pendingClaim(held.value)!, generation, chargeMicros: priceMicros }) : null;
      const [code, total, fundsOut, dailyCapSpent, left] = (await this.call(() =>
        this.redis.eval(
          CHARGE_SCRIPT,
          held ? 6 : 5,
          this.totalKey(generation, campaignId),
          this.dayKey(generation, campaignId, day),
          this.markerKey(),
          this.spentKey(generation, advertiserId),
          this.allowanceKey(generation, advertiserId),
          ...(held ? [held.key] : []),
          priceMicros,
          budgetMicros,
          DAY_KEY_TTL_SECONDS,
          generation,
          TOTAL_KEY_TTL_SECONDS,
          dailyCapMicros ?? -1,
          ...(held ? [held.value, charged!] : []),
        ),
      ).finally(() => this.charging.delete(flight))) as [number, number, number, number, number?];
      if (code >= 0) {
        if (held && code === 1) held.value = charged!;
        const cached = this.spendOf(campaignId, day);
        this.cached.set(campaignId, { total, today: cached.today + (code === 1 ? priceMicros : 0), day });
        const funds = this.cachedFunds.get(advertiserId);
        if (funds && code === 1) funds.spentMicros += priceMicros;
        // What is left pays for no event of this price (a click may cost far more than an impression):
        // this process stops offering the advertiser's ads until it grows.
        if (fundsOut === 1) this.fundsOutAt.set(advertiserId, left ?? 0);
        return { charged: code === 1, totalMicros: total, fundsOut: fundsOut === 1, ...(dailyCapSpent === 1 ? { dailyCapSpent: true } : {}) };
      }
      if (attempt >= 3) return { charged: false, totalMicros: 0, refusal: "state_unavailable" };
      // The counters are gone (-2), this campaign's is not loaded (-1) or the advertiser's (-3): none is read as 0.
      if (code === -2) await this.call(() => within(this.check(), WAIT_FOR_REBUILD_MS), { evenWhileAway: true });
      else if (code === -1) await this.call(() => within(this.loadOnce(campaignId, day), WAIT_FOR_REBUILD_MS), { evenWhileAway: true });
      else await this.call(() => within(this.loadFundsOnce(advertiserId), WAIT_FOR_REBUILD_MS), { evenWhileAway: true });
    }
  }

  async refund(campaignId: number, priceMicros: number, day: string, advertiserId: number): Promise<void> {
    const generation = this.generation;
    if (generation === null) return;
    const keys = [this.totalKey(generation, campaignId), this.dayKey(generation, campaignId, day), this.markerKey(), this.spentKey(generation, advertiserId)];
    await this.call(() => this.redis.eval(REFUND_SCRIPT, keys.length, ...keys, priceMicros, generation));
    const cached = this.cached.get(campaignId);
    if (cached) this.cached.set(campaignId, { ...cached, total: cached.total - priceMicros, today: cached.today - (cached.day === day ? priceMicros : 0) });
    const funds = this.cachedFunds.get(advertiserId);
    if (funds) funds.spentMicros -= priceMicros;
    this.fundsOutAt.delete(advertiserId);
  }

  async loadFunds(advertiserIds: number[]): Promise<void> {
    const generation = this.generation;
    // With Redis away the rebuild on its return reads every allowance from the database.
    if (advertiserIds.length === 0 || generation === null || !this.source || !this.available) return;
    await this.call(() => this.loadAdvertisers(generation, advertiserIds));
    await this.refreshFunds(advertiserIds);
  }

  hasFunds(advertiserId: number): boolean {
    const funds = this.cachedFunds.get(advertiserId);
    return funds !== undefined && funds.spentMicros < funds.allowanceMicros && !this.fundsOutAt.has(advertiserId);
  }

  /** A spent counter or allowance missing from Redis keeps the cached figures and is loaded again, never read as 0. */
  async refreshFunds(advertiserIds: number[]): Promise<void> {
    const generation = this.generation;
    if (advertiserIds.length === 0 || generation === null || !this.available) return;
    const keys = advertiserIds.flatMap((id) => [this.spentKey(generation, id), this.allowanceKey(generation, id)]);
    const values = await this.call(() => this.redis.mget(keys));
    const missing: number[] = [];
    advertiserIds.forEach((id, index) => {
      const [spent, allowance] = [values[index * 2], values[index * 2 + 1]];
      if (spent === null || allowance === null) missing.push(id);
      else {
        if (this.fundsOutAt.has(id) && Number(allowance) - Number(spent) > this.fundsOutAt.get(id)!) this.fundsOutAt.delete(id);
        this.cachedFunds.set(id, { spentMicros: Number(spent), allowanceMicros: Number(allowance) });
      }
    });
    if (missing.length > 0) await this.call(() => this.loadAdvertisers(generation, missing), { evenWhileAway: true });
  }

  spendOf(campaignId: number, day: string): CampaignSpend {
    const entry = this.cached.get(campaignId);
    if (!entry) return { total: 0, today: 0 };
    return { total: entry.total, today: entry.day === day ? entry.today : 0 };
  }

  /** A total missing from Redis keeps the cached figure and is loaded again, never read as 0. */
  async refreshSpend(campaignIds: number[], day: string): Promise<void> {
    const generation = this.generation;
    if (campaignIds.length === 0 || generation === null || !this.available) return;
    const keys = campaignIds.flatMap((id) => [this.totalKey(generation, id), this.dayKey(generation, id, day)]);
    const values = await this.call(() => this.redis.mget(keys));
    const missing: number[] = [];
    campaignIds.forEach((id, index) => {
      const total = values[index * 2];
      if (total === null) missing.push(id);
      else this.cached.set(id, { total: Number(total), today: Number(values[index * 2 + 1] ?? 0), day });
    });
    if (missing.length > 0) await this.call(() => this.loadCampaigns(generation, missing, day), { evenWhileAway: true });
  }

  async claimImpression(offerId: string, _issuedAt: number, atMs: number, ttlSeconds: number): Promise<Claim | null> {
    return this.claim(`${this.prefix}imp:${offerId}`, atMs, String(atMs), ttlSeconds);
  }

  async impressionTime(offerId: string): Promise<number | null> {
    const value = await this.call(() => this.redis.get(`${this.prefix}imp:${offerId}`));
    return value === null ? null : (pendingClaim(value)?.atMs ?? Number(value));
  }

  async claimClick(offerId: string, _issuedAt: number, ttlSeconds: number): Promise<Claim | null> {
    return this.claim(`${this.prefix}clk:${offerId}`, Date.now(), "1", ttlSeconds);
  }

  async claimConversion(clickId: string, _clickedAt: number, ttlSeconds: number): Promise<boolean> {
    return (await this.call(() => this.redis.set(`${this.prefix}conv:${clickId}`, 1, "EX", ttlSeconds, "NX"))) === "OK";
  }

  async claimOfferEvent(offerId: string, event: string, _issuedAt: number, ttlSeconds: number): Promise<Claim | null> {
    return this.claim(`${this.prefix}evt:${event}:${offerId}`, Date.now(), "1", ttlSeconds);
  }

  async confirmClaim(claim: Claim): Promise<void> {
    const { key, value, logged } = claim as RedisClaim;
    await this.call(() => this.redis.eval(SWAP_CLAIM_SCRIPT, 1, key, value, logged));
  }

  async releaseClaim(claim: Claim): Promise<void> {
    const { key, value } = claim as RedisClaim;
    await this.call(() => this.redis.eval(RELEASE_CLAIM_SCRIPT, 1, key, value));
  }

  /**
   * Claims `key` for this process until its event is logged (confirmClaim) or not (releaseClaim).
   * A claim held by a process whose connection to Redis is gone was never logged by it, or was
   * logged and not confirmed (a shared log then refuses the second append): it is taken over,
   * with the charge that process made for it. One held by a live process (the same beacon sent
   * twice at once) is waited for: logged, it is a replay; released, it is claimed again.
   */
  private async claim(key: string, atMs: number, logged: string, ttlSeconds: number): Promise<RedisClaim | null> {
    const own = { atMs, owner: this.clientId, generation: "", chargeMicros: 0 };
    const deadline = Date.now() + PENDING_CLAIM_WAIT_MS;
    for (;;) {
      const value = pendingValue(own);
      if ((await this.call(() => this.redis.set(key, value, "EX", ttlSeconds, "NX"))) === "OK") return new RedisClaim(key, value, logged, 0);
      const held = await this.call(() => this.redis.get(key));
      if (held === null) continue;
      const pending = pendingClaim(held);
      if (!pending) return null;
      if (!(await this.connected(pending.owner))) {
        const inherited = pending.generation === this.generation ? pending : { generation: "", chargeMicros: 0 };
        const taken = pendingValue({ ...own, generation: inherited.generation, chargeMicros: inherited.chargeMicros });
        if ((await this.call(() => this.redis.eval(SWAP_CLAIM_SCRIPT, 1, key, held, taken))) === 1) return new RedisClaim(key, taken, logged, inherited.chargeMicros);
        continue;
      }
      if (Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, PENDING_CLAIM_POLL_MS));
    }
  }

  /** Whether the Redis connection of this id is still open: a process killed has none. */
  private async connected(clientId: string): Promise<boolean> {
    if (clientId === this.clientId) return true;
    return String(await this.call(() => this.redis.client("LIST", "ID", clientId))).length > 0;
  }

  async hit(key: string, windowSeconds: number): Promise<number> {
    const windowKey = `${this.prefix}hit:${key}:${Math.floor(Date.now() / (windowSeconds * 1000))}`;
    const [[error, count]] = (await this.call(() => this.redis.multi().incr(windowKey).expire(windowKey, windowSeconds * 2).exec())) as [[Error | null, number]];
    if (error) throw new StateUnavailableError(error);
    return count;
  }

  async reconcile(day: string): Promise<void> {
    if (!this.available) return;
    await this.call(() => this.reconciliation.tick(day));
  }

  /** Makes a reconciliation round now and waits for it; false when it could not be made. */
  reconcileNow(day: string): Promise<boolean> {
    return this.reconciliation.now(day);
  }

  /**
   * Leaves the generation's reconciliations when nothing it charged is outside the books. The
   * connection is the app's, shared with the rate limiters; the app closes it after the ad server stops.
   */
  async close(): Promise<void> {
    if (this.available) await this.reconciliation.leave(reportDay(Date.now())).catch(() => undefined);
  }

  readonly keys = {
    marker: () => this.markerKey(),
    members: (generation: string) => `${this.prefix}g:${generation}:members`,
    member: (generation: string, member: string) => `${this.prefix}g:${generation}:member:${member}`,
    total: (generation: string, campaignId: number) => this.totalKey(generation, campaignId),
    day: (generation: string, campaignId: number, day: string) => this.dayKey(generation, campaignId, day),
    spent: (generation: string, advertiserId: number) => this.spentKey(generation, advertiserId),
    allowance: (generation: string, advertiserId: number) => this.allowanceKey(generation, advertiserId),
  };

  known(): { campaignIds: number[]; advertiserIds: number[] } {
    const source = this.source;
    return {
      campaignIds: [...new Set([...(source?.campaignIds() ?? []), ...this.cached.keys()])],
      advertiserIds: [...new Set([...(source?.advertiserIds() ?? []), ...this.cachedFunds.keys()])],
    };
  }

  /** What this process charged and the books may not hold yet: its pending spend, and charges Redis has not answered. */
  unsettled(day: string): Unsettled {
    const campaigns = this.source?.pending(day) ?? new Map<number, CampaignSpend>();
    const advertisers = this.source?.pendingFunds() ?? new Map<number, number>();
    for (const charge of this.charging.values()) {
      const spend = campaigns.get(charge.campaignId) ?? { total: 0, today: 0 };
      campaigns.set(charge.campaignId, { total: spend.total + charge.priceMicros, today: spend.today + (charge.day === day ? charge.priceMicros : 0) });
      advertisers.set(charge.advertiserId, (advertisers.get(charge.advertiserId) ?? 0) + charge.priceMicros);
    }
    return { campaigns, advertisers };
  }

  /**
   * One call to Redis, refused at once while it is away; a failure leaves Redis alone for a moment
   * so that the next beacons do not each wait for a timeout. `evenWhileAway` runs it even then (a resync).
   */
  private async call<T>(command: () => Promise<T>, options?: { evenWhileAway: boolean }): Promise<T> {
    if (!options?.evenWhileAway && !this.available) throw new StateUnavailableError();
    try {
      return await command();
    } catch (error) {
      if (error instanceof StateUnavailableError) throw error;
      // The database failing to answer a campaign's load says nothing of Redis.
      if (error instanceof LedgerUnavailableError) throw new StateUnavailableError(error.cause);
      this.downUntil = Date.now() + BACK_OFF_MS;
      this.lastProblem = error instanceof Error ? error.message : String(error);
      throw new StateUnavailableError(error);
    }
  }

  private async sync(): Promise<void> {
    const runId = /^run_id:(\w+)/m.exec(await this.redis.info("server"))?.[1];
    if (!runId) throw new Error("Redis did not tell its run_id");
    if (!this.verified) this.clientId = String(await this.redis.client("ID"));
    const [generation, heldRunId, since, readAt] = await this.redis.hmget(this.markerKey(), "generation", "runId", "since", "readAt");
    if (generation && heldRunId === runId) {
      if (generation !== this.generation) await this.adopt(generation, Number(since), Number(readAt));
    } else {
      if (this.generation !== null) {
        const why = !generation ? "its counters are gone (restarted empty, flushed or failed over)" : "it restarted";
        this.log.warn(`Redis lost the delivery state: ${why}; rebuilding budgets from the ledger`);
      }
      await this.rebuild(runId);
    }
    this.verified = true;
  }

  /** Starts a new generation from the ledger plus this process's pending spend, unless another process just did. */
  private async rebuild(runId: string): Promise<void> {
    const source = this.source!;
    const day = reportDay(Date.now());
    const ids = [...new Set([...source.campaignIds(), ...this.cached.keys(), ...source.pending(day).keys()])];
    const advertiserIds = [...new Set([...source.advertiserIds(), ...this.cachedFunds.keys(), ...source.pendingFunds().keys()])];
    const readAt = Date.now();
    const [spend, funds] = await Promise.all([source.load(ids, day), source.loadFunds(advertiserIds)]);
    const generation = randomBytes(9).toString("base64url");
    const since = Date.now();
    await this.reconciliation.enter(generation);
    const keys = [
      this.markerKey(),
      ...ids.flatMap((id) => [this.totalKey(generation, id), this.dayKey(generation, id, day)]),
      ...advertiserIds.flatMap((id) => [this.spentKey(generation, id), this.allowanceKey(generation, id)]),
    ];
    const values = [
      ...ids.flatMap((id) => [spend.get(id)?.total ?? 0, spend.get(id)?.today ?? 0]),
      ...advertiserIds.flatMap((id) => [funds.get(id)?.spentMicros ?? 0, funds.get(id)?.allowanceMicros ?? 0]),
    ];
    const [heldGeneration, heldSince, heldReadAt, made] = (await this.redis.eval(
      REBUILD_SCRIPT,
      keys.length,
      ...keys,
      runId,
      generation,
      since,
      DAY_KEY_TTL_SECONDS,
      TOTAL_KEY_TTL_SECONDS,
      readAt,
      ids.length,
      ...values,
    )) as [string, string, string, number];
    if (made !== 1) return this.adopt(heldGeneration, Number(heldSince), Number(heldReadAt));
    // This process charged nothing meanwhile (its charges wait for the rebuild): the values hold all it owes.
    this.generation = generation;
    this.since = since;
    for (const id of ids) this.cached.set(id, { total: spend.get(id)?.total ?? 0, today: spend.get(id)?.today ?? 0, day });
    for (const id of advertiserIds) this.cachedFunds.set(id, { spentMicros: funds.get(id)?.spentMicros ?? 0, allowanceMicros: funds.get(id)?.allowanceMicros ?? 0 });
  }

  /**
   * Joins a generation another process made. A process that was serving before adds the spend it
   * counted and has not written yet, and what it wrote after that process read the ledger: the
   * new totals hold neither.
   */
  private async adopt(generation: string, since: number, readAt: number): Promise<void> {
    const wasServing = this.generation !== null;
    const day = reportDay(Date.now());
    // Everything counted so far was charged in the older generation: this process cannot charge in
    // the new one before it is adopted. A process starting up owes nothing: its charges are in Redis.
    // Until what it owes is added (in one script), it stays on the older generation and charges nothing.
    const owedSince = (Number.isFinite(readAt) ? readAt : since) - CLOCK_MARGIN_MS;
    const owed = wasServing ? this.source!.pending(day, owedSince) : new Map<number, CampaignSpend>();
    const owedFunds = wasServing ? this.source!.pendingFunds(owedSince) : new Map<number, number>();
    // Known to the generation's reconciliations before what it owes is in the counters: else a round could take it out again.
    await this.reconciliation.tell(day, generation);
    if (owed.size > 0) await this.loadCampaigns(generation, [...owed.keys()], day, owed);
    if (owedFunds.size > 0) await this.loadAdvertisers(generation, [...owedFunds.keys()], owedFunds);
    this.generation = generation;
    this.since = since;
  }

  /** Concurrent first charges of a campaign wait for one load rather than each reading the ledger. */
  private loadOnce(campaignId: number, day: string): Promise<void> {
    let loading = this.loading.get(campaignId);
    if (!loading) {
      loading = this.loadCampaigns(this.generation, [campaignId], day).finally(() => this.loading.delete(campaignId));
      this.loading.set(campaignId, loading);
    }
    return loading;
  }

  /**
   * Loads campaigns into a generation; see LOAD_SCRIPT. `owed` is what this process adds to totals
   * another process loaded: only when it joins a generation, since it charges nothing elsewhere.
   */
  private async loadCampaigns(generation: string | null, campaignIds: number[], day: string, owed = new Map<number, CampaignSpend>()): Promise<void> {
    if (generation === null) return;
    const source = this.source!;
    const spend = await source.load(campaignIds, day).catch((error: unknown) => {
      throw new LedgerUnavailableError(error);
    });
    const keys = [this.markerKey(), ...campaignIds.flatMap((id) => [this.totalKey(generation, id), this.dayKey(generation, id, day)])];
    const values = campaignIds.flatMap((id) => {
      const full = spend.get(id) ?? { total: 0, today: 0 };
      const own = owed.get(id) ?? { total: 0, today: 0 };
      return [full.total, full.today, own.total, own.today];
    });
    const loaded = await this.redis.eval(LOAD_SCRIPT, keys.length, ...keys, generation, DAY_KEY_TTL_SECONDS, TOTAL_KEY_TTL_SECONDS, ...values);
    // The generation changed again meanwhile: the next check joins the newer one.
    if (loaded === -1) throw new StateUnavailableError(new Error("the delivery state changed generation during a load"));
  }

  /** Concurrent first charges of an advertiser wait for one load rather than each reading the database. */
  private loadFundsOnce(advertiserId: number): Promise<void> {
    let loading = this.loadingFunds.get(advertiserId);
    if (!loading) {
      loading = this.loadAdvertisers(this.generation, [advertiserId]).finally(() => this.loadingFunds.delete(advertiserId));
      this.loadingFunds.set(advertiserId, loading);
    }
    return loading;
  }

  /** Loads advertisers' funds into a generation; see LOAD_FUNDS_SCRIPT. `owed` as for loadCampaigns. */
  private async loadAdvertisers(generation: string | null, advertiserIds: number[], owed = new Map<number, number>()): Promise<void> {
    if (generation === null) return;
    const funds = await this.source!.loadFunds(advertiserIds).catch((error: unknown) => {
      throw new LedgerUnavailableError(error);
    });
    const keys = [this.markerKey(), ...advertiserIds.flatMap((id) => [this.spentKey(generation, id), this.allowanceKey(generation, id)])];
    const values = advertiserIds.flatMap((id) => [funds.get(id)?.spentMicros ?? 0, owed.get(id) ?? 0, funds.get(id)?.allowanceMicros ?? 0]);
    const loaded = await this.redis.eval(LOAD_FUNDS_SCRIPT, keys.length, ...keys, generation, TOTAL_KEY_TTL_SECONDS, ...values);
    if (loaded === -1) throw new StateUnavailableError(new Error("the delivery state changed generation during a load"));
  }

  private spentKey(generation: string, advertiserId: number): string {
    return `${this.prefix}g:${generation}:adv-spent:${advertiserId}`;
  }

  private allowanceKey(generation: string, advertiserId: number): string {
    return `${this.prefix}g:${generation}:adv-allowance:${advertiserId}`;
  }

  private markerKey(): string {
    return `${this.prefix}state`;
  }

  private totalKey(generation: string, campaignId: number): string {
    return `${this.prefix}g:${generation}:spend:${campaignId}`;
  }

  private dayKey(generation: string, campaignId: number, day: string): string {
    return `${this.prefix}g:${generation}:spend:${campaignId}:${day}`;
  }
}

/** The work's result if it comes within `ms`; otherwise a StateUnavailableError, the work going on. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StateUnavailableError(new Error(`no answer within ${ms} ms`))), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A load of spend from the ledger failed: the database, not Redis. */
class LedgerUnavailableError extends Error {
  constructor(cause: unknown) {
    super("could not read the ledger", { cause });
  }
}
