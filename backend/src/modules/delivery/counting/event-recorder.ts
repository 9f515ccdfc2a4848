import { randomBytes } from "node:crypto";
import type { DataSource } from "typeorm";
import type { ConsentState } from "../../consent/consent";
import { LedgerKind } from "../../ledger/ledger-entry.entity";
import { Campaign } from "../../campaigns/campaign.entity";
import { periodStartMs } from "../../reports/grains";
import { Leases } from "../../scheduler/leases";
import { Site } from "../../sites/site.entity";
import { AdZone } from "../../zones/ad-zone.entity";
import { AdClick } from "./ad-click.entity";
import { reportDay } from "../decision/decision";
import { appliedLogPosition, LOG_POSITION_MOVED, logBatchId, newBatchId } from "./batch-writer";
import type { AnyLoggedEvent, EventLog, LoggedEvent, LogRecord } from "./event-log/event-log";
import { loggedAtMs } from "./event-log/event-log";
import { inCurrentShape } from "./old-event-owners";
import { DeliveryTallies } from "./delivery-tallies";
import { countryOfRow, StatTable } from "./stat-table";
import type { EventCounts } from "../../reports/facts";
import type { MeasuredEvent } from "./offer-events";
import { counterOfEvent } from "../../reports/measurement";
import type { CampaignSpend } from "../model";
import type { ReachRow } from "../../reports/reach";
import { type FacetRequest, RequestFacets } from "../../insights/request-facets";
import type { BatchRows, BatchWriter, ClickRow, ConsentRow, ConversionRow, CountedEvent, EventCharge, InvalidPlace, InvalidRow, MoneyRow, TrafficEvent } from "./counted-events";

const FLUSH_TIMES_KEPT = 1000;
/** How long the spend of written batches is remembered, for a rebuild of lost budget counters. */
const WRITTEN_SPEND_KEPT_MS = 10 * 60_000;
/**
 * How long a start waits for the claims other processes logged while it read the log: a beacon they
 * counted and sent again here meanwhile is still refused by the log itself, only later (at its append).
 */
const FOLLOW_CATCH_UP_MS = 500;
/** Logged events one batch applies at most: a backlog after an outage drains in batches of this size. */
const BATCH_EVENTS = 20_000;
/** Batches one flush writes at most before it lets the next tick come. */
const ROUNDS_PER_FLUSH = 10;
/**
 * Rows of counts (ad requests) one regular flush writes at most: the rows of a counts interval go
 * out a slice a flush rather than all at once, so that the database and the writer thread, often on
 * the ad server's own cores, take them evenly. 8,192 a second keeps up with 80,000 rows in 10 s.
 */
const COUNT_ROWS_PER_BATCH = 8_192;
/** How long a shared log's applier holds it unless renewed (every flush): how soon a dead applier's part is taken over. */
const APPLIER_LEASE_MS = 5_000;

/**
 * A place's key is its creative's id times this plus its country's number: room for every two-letter
 * code (676, see stat-table.ts), and exact for creative ids up to 2^43.
 */
const COUNTRIES_PER_CREATIVE = 1024;

/** The lease of whoever applies a shared log in its regular flushes (see appliesLog). */
const applierJob = (log: EventLog) => `apply:${log.id}`.slice(0, 64);

/** Everything counted since the last flush, under the id the writer applies it by. */
class Batch {
  readonly id = newBatchId();
  /**
   * Each hourly row's index in `counts`, by hour, zone, and creative (which names its campaign) with
   * country: every ad request finds its row by numbers rather than by a key string made each time.
   */
  private readonly rowsByPlace = new Map<number, Map<number, Map<number, number>>>();
  private counts: StatTable;
  readonly invalid = new Map<string, InvalidRow>();
  /** Impressions by hour and consent state, keyed `hour|state`. */
  readonly consent = new Map<string, ConsentRow>();
  readonly money = new Map<string, MoneyRow>();
  readonly clicks = new Map<string, ClickRow>();
  readonly conversions: ConversionRow[] = [];
  readonly completed = new Set<number>();
  readonly outOfFunds = new Set<number>();
  /** Devices and keywords of the requests counted, for insights. */
  readonly facets = new RequestFacets();
  /** Identified visitors shown each campaign's impressions, by campaign and day (`campaignId|dayStart`). */
  private readonly reach = new Map<string, Omit<ReachRow, "visitors"> & { seen: Set<number> }>();

  /** `countsCapacity`: the rows of counts to make room for at once, as many as the last interval's. */
  constructor(countsCapacity?: number) {
    this.counts = StatTable.empty(countsCapacity);
  }

  get empty(): boolean {
    return this.counts.length + this.invalid.size + this.consent.size + this.money.size + this.clicks.size + this.conversions.length + this.completed.size + this.outOfFunds.size + this.facets.size + this.reach.size === 0;
  }

  /** Adds another batch's counts to this one's (the counts of a batch that was not applied). */
  absorb(other: Batch): void {
    for (let index = 0; index < other.counts.length; index++) {
      const row = other.counts.row(index);
      this.counts.addCounters(this.rowAt(row.hour, row), other.counts, index);
    }
    for (const row of other.invalid.values()) this.addInvalid(row);
    for (const row of other.consent.values()) this.addConsent(row.hour, row.state, row.impressions);
    for (const row of other.money.values()) this.addMoney({ ...row, atMs: row.atMs ?? Date.now() });
    for (const [id, click] of other.clicks) this.clicks.set(id, click);
    this.conversions.push(...other.conversions);
    for (const id of other.completed) this.completed.add(id);
    for (const id of other.outOfFunds) this.outOfFunds.add(id);
    for (const row of other.facets.toRows()) this.facets.count(row);
  }

  /** Adds a logged event's counts and money. */
  add(logged: LoggedEvent): void {
    const { counted } = logged;
    if (logged.type === "impression") {
      const row = this.count(counted, "impressions");
      if (logged.measured) this.addTo(row, "measured");
      if (logged.won) this.addTo(row, "wins");
      if (logged.consent) this.addConsent(counted.atMs, logged.consent, 1);
      if (logged.visitor !== undefined) this.addReach(counted.campaignId, periodStartMs("d", counted.atMs), logged.visitor);
      this.charge(counted, logged);
    } else if (logged.type === "offer_event") {
      this.count(counted, counterOfEvent(logged.event));
      this.charge(counted, logged);
    } else if (logged.type === "click") {
      this.count(counted, "clicks");
      this.charge(counted, chargeOf(logged));
      this.clicks.set(logged.clickId, clickRow(logged.clickId, counted, logged.conversionPriceMicros ?? 0));
    } else {
      // Booked by the writer only if the click had not converted yet: see creditConversions.
      this.conversions.push({ ...counted, clickId: logged.clickId, ...chargeOf(logged) });
    }
  }

  /** An impression's (CPM) or a click's (CPC) charge, on the zone of the impression. */
  private charge(counted: CountedEvent, { spendMicros, earningMicros }: EventCharge): void {
    const row = this.count(counted, "spendMicros", spendMicros);
    this.addTo(row, "revenueMicros", earningMicros);
    // The ledger keeps one row per campaign (spend) and per publisher (earning) per batch;
    // the per-zone detail is in the read model's totals, which the stat row above moves.
    this.addMoney({ userId: counted.advertiserId, kind: LedgerKind.SPEND, campaignId: counted.campaignId, amountMicros: spendMicros, atMs: counted.atMs });
    this.addMoney({ userId: counted.publisherId, kind: LedgerKind.EARNING, campaignId: null, amountMicros: earningMicros, atMs: counted.atMs });
  }

  /** Adds to a counter of the event's hourly row; returns the row, for the event's other counters. */
  count(event: CountedEvent, counter: keyof EventCounts, amount = 1): number {
    const row = this.rowAt(periodStartMs("h", event.atMs), event);
    this.counts.add(row, counter, amount);
    return row;
  }

  addTo(row: number, counter: keyof EventCounts, amount = 1): void {
    this.counts.add(row, counter, amount);
  }

  /** The row of `hour` for the event's (or another row's) place, made only for the first event there. */
  private rowAt(hour: number, event: Omit<CountedEvent, "atMs">): number {
    let zones = this.rowsByPlace.get(hour);
    if (!zones) this.rowsByPlace.set(hour, (zones = new Map()));
    let places = zones.get(event.zoneId);
    if (!places) zones.set(event.zoneId, (places = new Map()));
    const place = event.creativeId * COUNTRIES_PER_CREATIVE + countryOfRow(event.country);
    let row = places.get(place);
    if (row === undefined) places.set(place, (row = this.counts.addPlace(hour, event)));
    return row;
  }

  /** Takes the hourly counts out of this batch, leaving its other counts. */
  takeCounts(): StatTable {
    const counts = this.counts;
    this.rowsByPlace.clear();
    this.counts = StatTable.empty();
    return counts;
  }

  addInvalid(event: InvalidRow): void {
    const row = { ...event, hour: periodStartMs("h", event.hour) };
    const id = `${row.hour}|${row.zoneId}|${row.campaignId}|${row.event}|${row.reason}`;
    const existing = this.invalid.get(id);
    if (existing) existing.count += row.count;
    else this.invalid.set(id, row);
  }

  addConsent(atMs: number, state: ConsentState, impressions: number): void {
    const hour = periodStartMs("h", atMs);
    const id = `${hour}|${state}`;
    const existing = this.consent.get(id);
    if (existing) existing.impressions += impressions;
    else this.consent.set(id, { hour, state, impressions });
  }

  /** An impression of the campaign on a day, shown to an identified visitor (only logged events carry one: a batch of counts in memory never does). */
  private addReach(campaignId: number, day: number, visitor: number): void {
    const key = `${campaignId}|${day}`;
    let row = this.reach.get(key);
    if (!row) this.reach.set(key, (row = { campaignId, day, impressions: 0, seen: new Set() }));
    row.seen.add(visitor);
    row.impressions += 1;
  }

  /** One row per account, kind and campaign for each reporting day the batch's events fall on. */
  addMoney(row: MoneyRow & { atMs: number }): void {
    const id = `${row.userId}|${row.kind}|${row.campaignId}|${reportDay(row.atMs)}`;
    const existing = this.money.get(id);
    if (!existing) this.money.set(id, { ...row });
    else {
      existing.amountMicros += row.amountMicros;
      existing.atMs = Math.max(existing.atMs ?? 0, row.atMs);
    }
  }

  rows(): BatchRows {
    return {
      id: this.id,
      stats: this.counts,
      invalid: [...this.invalid.values()],
      consent: [...this.consent.values()],
      money: [...this.money.values()],
      clicks: [...this.clicks.values()],
      conversions: [...this.conversions],
      completed: [...this.completed],
      outOfFunds: [...this.outOfFunds],
      reach: [...this.reach.values()].map(({ campaignId, day, seen, impressions }) => ({ campaignId, day, visitors: [...seen], impressions })),
      facets: this.facets.toRows(),
    };
  }
}

/** A logged click's or conversion's charge: none when it was logged before they could be charged. */
const chargeOf = (logged: { spendMicros?: number; earningMicros?: number }): EventCharge => ({ spendMicros: logged.spendMicros ?? 0, earningMicros: logged.earningMicros ?? 0 });

function clickRow(clickId: string, { zoneId, campaignId, creativeId, country, atMs }: CountedEvent, conversionPriceMicros: number): ClickRow {
  return { id: clickId, campaignId, zoneId, creativeId, country, clickedAt: new Date(atMs), convertedAt: null, conversionPriceMicros };
}

/** A counted click a conversion may be credited to: the event it counted, with its owners, and what its conversion costs. */
export interface ConvertibleClick {
  counted: CountedEvent;
  conversionPriceMicros: number;
}

/** A click in the database, as the event it counted, with its owners, and whether it converted. */
async function storedClick(dataSource: DataSource, clickId: string): Promise<(ConvertibleClick & { converted: boolean }) | null> {
  const { entities, raw } = await dataSource
    .getRepository(AdClick)
    .createQueryBuilder("k")
    .innerJoin(AdZone, "z", "z.id = k.zoneId")
    .innerJoin(Site, "s", "s.id = z.siteId")
    .innerJoin(Campaign, "c", "c.id = k.campaignId")
    .addSelect(["z.siteId AS siteId", "s.publisherId AS publisherId", "c.advertiserId AS advertiserId"])
    .where("k.id = :clickId", { clickId })
    .getRawAndEntities<{ siteId: number; publisherId: number; advertiserId: number }>();
  const [click] = entities;
  if (!click) return null;
  const { zoneId, campaignId, creativeId, country } = click;
  const owners = { siteId: Number(raw[0].siteId), publisherId: Number(raw[0].publisherId), advertiserId: Number(raw[0].advertiserId) };
  return {
    counted: { atMs: click.clickedAt.getTime(), zoneId, campaignId, creativeId, country, ...owners },
    converted: click.convertedAt !== null,
    conversionPriceMicros: click.conversionPriceMicros,
  };
}

/** Who hears of a committed batch's campaign news (the e-mails; its webhook events are in the batch). */
export interface CampaignNewsListener {
  completed?: (campaignIds: number[]) => Promise<void>;
  outOfFunds?: (campaignId: number) => Promise<void>;
}

/** A batch handed to the writer and not yet known to be applied. */
interface Unconfirmed {
  rows: BatchRows;
  /** Its counts kept in memory only, given back to the next batch if the log part must be read again. */
  memory: Batch;
  /** The hourly counts of ad requests it carries, given back likewise. */
  countRows: StatTable;
  /** The log position it applies up to, or null when it carries no logged events. */
  to: number | null;
}

/** Spend of one campaign (of one advertiser), and when (written spend: its hour's start). */
type SpendRow = Pick<CountedEvent, "campaignId" | "advertiserId" | "atMs"> & { spendMicros: number };

/** An offer counted by an event of the log, for rebuilding the single-use claims after a restart. */
export interface LoggedClaim {
  type: "impression" | "click" | "offer_event";
  /** Which measured event of the offer, for an offer_event. */
  event?: MeasuredEvent;
  offerId: string;
  issuedAt: number;
  atMs: number;
}

/** The offer a logged event claimed; none for a conversion (a click's, claimed in the state only while it is charged). */
function claimOfLogged(event: AnyLoggedEvent): LoggedClaim | null {
  if (event.type === "conversion") return null;
  return { type: event.type, event: event.type === "offer_event" ? event.event : undefined, offerId: event.offerId, issuedAt: event.issuedAt, atMs: loggedAtMs(event) };
}

/** What an impression's log entry says beside its offer: viewability measured, the consent it was served under, a header-bidding win. */
export interface ImpressionFacts {
  measured?: boolean;
  consent?: ConsentState;
  won?: boolean;
  /** The visitor's reach key, when they carry an identifier. */
  visitor?: number;
}

/**
 * Counts ad events and hands them to the writer in batches. Impressions, clicks and conversions
 * (money) go to the event log first: the beacon is answered once its event is durable there, and
 * the writer applies the log in order, each batch moving the database's position of the log in
 * its own transaction. A batch whose write failed is retried whole, under the same id, before
 * anything newer; a replay after a crash starts from the database's position, so every logged
 * event counts exactly once. Ad requests, invalid traffic and campaign completions are only
 * statistics: they are counted in memory and ride along with a batch every `countsIntervalMs`
 * (a completion at once): requests come by the thousand a second and move no money, and the
 * longer they gather the fewer rows the writer upserts for them.
 */
export class EventRecorder {
  /** Running totals for the operator's metrics. */
  readonly tallies = new DeliveryTallies();
  private memory = new Batch();
  private countsWrittenAt = Date.now();
  /** How long the last writes took, with their sizes: whether the writer keeps up with the traffic. */
  readonly flushTimes: { rows: number; ms: number }[] = [];
  private unconfirmed: Unconfirmed | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private log: EventLog | null = null;
  /** Clicks logged and not yet in the database, for conversions that come before they are. */
  private readonly pendingClicks = new Map<string, ConvertibleClick & { position: number }>();
  /** Clicks whose conversion is logged and not yet in the database, by the conversion's position. */
  private readonly pendingConversions = new Map<string, number>();
  /** Names this recorder's batches apart from another process's batches of the same positions. */
  private readonly recorderId = randomBytes(8).toString("hex");
  /** Spend this process logged and the database has not applied yet, by log position. */
  private readonly unappliedSpend = new Map<number, SpendRow>();
  /** Spend charged whose impression is being appended to the log, by a number of its own. */
  private readonly inFlightSpend = new Map<number, SpendRow>();
  private flights = 0;
  /** The spend rows of recently written batches, with when each was known written. */
  private readonly written: { at: number; rows: SpendRow[] }[] = [];
  /** Hourly counts of ad requests taken from memory and not written yet: a slice a round (see COUNT_ROWS_PER_BATCH). */
  private countRowsLeft = StatTable.empty(0);
  /** Who applies a shared log (see appliesLog). */
  private readonly leases: Leases;

  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: BatchWriter,
    private readonly openLog: () => Promise<EventLog>,
    /** Told, once their batch is committed, which campaigns spent their budgets in it and which ran out of funds. */
    private readonly news: CampaignNewsListener = {},
    private readonly countsIntervalMs = 0,
  ) {
    this.leases = new Leases(dataSource);
  }

  /**
   * Opens the log; then `claims` sees every offer its retained events counted and, when several
   * processes share the log, every offer the others count from then on (see FOLLOW_CATCH_UP_MS).
   */
  async open(claims?: (claim: LoggedClaim) => Promise<void>): Promise<void> {
    this.log = await this.openLog();
    if (!claims) return;
    let after = await this.log.start();
    for (;;) {
      const records = await this.log.read(after, BATCH_EVENTS);
      if (records.length === 0) break;
      for (const { event } of records) {
        const claim = claimOfLogged(event);
        if (claim) await claims(claim);
      }
      after = records[records.length - 1].position;
    }
    await this.log.follow?.(
      after,
      ({ event }) => {
        const claim = claimOfLogged(event);
        if (claim) void claims(claim).catch(() => undefined);
      },
      FOLLOW_CATCH_UP_MS,
    );
  }

  /** An ad request: the tag's, or a header-bidding auction's bid request, which a fill answers with a bid. */
  request(counted: CountedEvent, kind: "tag" | "bid" = "tag", targeting?: FacetRequest): void {
    const row = this.memory.count(counted, "requests");
    if (targeting) this.memory.facets.seen(periodStartMs("h", counted.atMs), targeting, counted.campaignId);
    if (kind === "bid") {
      this.memory.addTo(row, "bidRequests");
      if (counted.campaignId > 0) this.memory.addTo(row, "bids");
    }
    if (counted.campaignId > 0) this.tallies.filledRequests += 1;
    else this.tallies.unfilledRequests += 1;
  }

  /** Resolves once the impression is durable in the log: false when the log held its claim already (a replay another process counted). */
  async impression(counted: CountedEvent, offer: { offerId: string; issuedAt: number }, charge: EventCharge, { measured, consent, won, visitor }: ImpressionFacts = {}): Promise<boolean> {
    const facts = { ...(measured ? { measured } : {}), ...(consent ? { consent } : {}), ...(won ? { won } : {}), ...(visitor !== undefined ? { visitor } : {}) };
    return (await this.append({ type: "impression", counted, ...offer, ...charge, ...facts })) !== null;
  }

  /** Resolves once the click, and its charge (a CPC offer's), is durable in the log: false when the log held its claim already. */
  async click(clickId: string, counted: CountedEvent, offer: { offerId: string; issuedAt: number }, charge: EventCharge, conversionPriceMicros: number): Promise<boolean> {
    const position = await this.append({ type: "click", counted, ...offer, clickId, ...charge, conversionPriceMicros });
    if (position === null) return false;
    this.pendingClicks.set(clickId, { counted, conversionPriceMicros, position });
    return true;
  }

  /**
   * Resolves once the offer's measured event, and its charge (vCPM at viewable, CPCV at complete), is
   * durable in the log: false when the log held its claim already.
   */
  async offerEvent(event: MeasuredEvent, counted: CountedEvent, offer: { offerId: string; issuedAt: number }, charge: EventCharge): Promise<boolean> {
    return (await this.append({ type: "offer_event", event, counted, ...offer, ...charge })) !== null;
  }

  /**
   * Appends one event, its spend counted as pending meanwhile; resolves with its position once it is
   * durable, or null when the log held its claim already (then it is not logged, nor its spend pending).
   */
  private async append(event: LoggedEvent): Promise<number | null> {
    const spendMicros = event.spendMicros ?? 0;
    const spend = { campaignId: event.counted.campaignId, advertiserId: event.counted.advertiserId, atMs: event.counted.atMs, spendMicros };
    // Charged and not yet in the log: a rebuild of lost counters meanwhile must still count it.
    const flight = ++this.flights;
    if (spendMicros > 0) this.inFlightSpend.set(flight, spend);
    try {
      const [position] = await this.logged().append([event]);
      if (position === null) return null;
      if (spendMicros > 0) this.unappliedSpend.set(position, spend);
      this.tallies.loggedEvent(event, position);
      return position;
    } finally {
      this.inFlightSpend.delete(flight);
    }
  }

  /** A header-bidding bid that lost, and the price that beat it. */
  loss(counted: CountedEvent, priceMicros: number): void {
    const row = this.memory.count(counted, "losses");
    this.memory.addTo(row, "lossPriceMicros", priceMicros);
  }

  invalid(event: TrafficEvent, reason: string, at: InvalidPlace): void {
    this.tallies.refused(event, reason);
    this.memory.addInvalid({ hour: at.atMs, zoneId: at.zoneId, campaignId: at.campaignId, event, reason, count: 1 });
  }

  campaignCompleted(campaignId: number): void {
    this.memory.completed.add(campaignId);
  }

  /** A charge of the campaign was refused for want of funds: the next batch writes its webhook event. */
  campaignOutOfFunds(campaignId: number): void {
    this.memory.outOfFunds.add(campaignId);
  }

  /**
   * The campaign's counted click a conversion may be credited to, if it was clicked at or after
   * `notBeforeMs`; else why not: no such click, or it converted already (or is converting here).
   */
  async convertibleClick(clickId: string, campaignId: number, notBeforeMs: number): Promise<ConvertibleClick | "no_click" | "replay"> {
    const pending = this.pendingClicks.get(clickId);
    const click = pending ? { ...pending, converted: false } : await storedClick(this.dataSource, clickId);
    if (!click || click.counted.campaignId !== campaignId || click.counted.atMs < notBeforeMs) return "no_click";
    if (click.converted || this.pendingConversions.has(clickId)) return "replay";
    return { counted: click.counted, conversionPriceMicros: click.conversionPriceMicros };
  }

  /**
   * Logs a conversion of a convertible click with its charge; resolves once it is durable in the
   * log. Returns false when a conversion of the click is already pending here, or the log held it
   * already (another process logged it). The writer checks
   * again in its transaction, so a conversion logged twice (by two processes) is credited, and its
   * charge booked, once.
   */
  async conversion(clickId: string, counted: CountedEvent, charge: EventCharge): Promise<boolean> {
    if (this.pendingConversions.has(clickId)) return false;
    this.pendingConversions.set(clickId, Number.MAX_SAFE_INTEGER);
    let position: number | null;
    try {
      position = await this.append({ type: "conversion", counted, clickId, ...charge });
    } catch (error) {
      this.pendingConversions.delete(clickId);
      throw error;
    }
    if (position === null) this.pendingConversions.delete(clickId);
    else this.pendingConversions.set(clickId, position);
    return position !== null;
  }

  /**
   * Spend charged (being logged, or logged) and not yet known to be in the database, by campaign: in all, and from `dayStartMs`
   * on; with `writtenSinceMs`, also the spend written since then (kept 10 minutes). Whoever rebuilds
   * lost budget counters adds it to the ledger's totals.
   */
  pendingSpendByCampaign(dayStartMs: number, writtenSinceMs = Infinity): Map<number, CampaignSpend> {
    const spend = new Map<number, CampaignSpend>();
    const recent = this.written.filter((batch) => batch.at >= writtenSinceMs).map((batch) => batch.rows);
    for (const rows of [[...this.unappliedSpend.values(), ...this.inFlightSpend.values()], ...recent]) {
      for (const row of rows) {
        const entry = spend.get(row.campaignId) ?? { total: 0, today: 0 };
        entry.total += row.spendMicros;
        if (row.atMs >= dayStartMs) entry.today += row.spendMicros;
        spend.set(row.campaignId, entry);
      }
    }
    return spend;
  }

  /**
   * Spend logged and not yet known to be in the database, by advertiser; with `writtenSinceMs`, also
   * the spend written since then (kept 10 minutes). Whoever rebuilds lost spent counters adds it to the ledger's.
   */
  pendingSpendByAdvertiser(writtenSinceMs = Infinity): Map<number, number> {
    const spend = new Map<number, number>();
    const recent = this.written.filter((batch) => batch.at >= writtenSinceMs).map((batch) => batch.rows);
    for (const rows of [[...this.unappliedSpend.values(), ...this.inFlightSpend.values()], ...recent]) {
      for (const row of rows) spend.set(row.advertiserId, (spend.get(row.advertiserId) ?? 0) + row.spendMicros);
    }
    return spend;
  }

  /** Applies what was logged and counted so far; flushes never overlap, and one that failed does not block the next. */
  flush(): Promise<void> {
    return this.writeInTurn(ROUNDS_PER_FLUSH, { everything: true });
  }

  /** The regular flush: what was logged, and the counts kept in memory once they are due. */
  flushDue(): Promise<void> {
    return this.writeInTurn(ROUNDS_PER_FLUSH, { everything: false });
  }

  /** Applies everything the log holds, however much a long outage left: at start, before budgets are read from the ledger. */
  drain(): Promise<void> {
    return this.writeInTurn(Number.POSITIVE_INFINITY, { everything: true });
  }

  /** `everything`: the counts not due yet too, and the log whoever holds its applier lease. */
  private writeInTurn(rounds: number, { everything }: { everything: boolean }): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => this.writeBatches(rounds, everything));
    return this.flushing;
  }

  private async writeBatches(rounds: number, everything: boolean): Promise<void> {
    for (let round = 0; round < rounds; round++) if (!(await this.writeBatch(everything))) return;
  }

  /**
   * Whether this process applies the log in its regular flush. A log several processes share is
   * applied by the holder of its lease: when every process read the whole log and raced to apply the
   * same positions, all but one batch failed and the position row deadlocked. The lease only keeps
   * the others from trying; the position check in writeBatch still decides what is applied.
   */
  private appliesLog(log: EventLog): Promise<boolean> {
    if (!log.follow) return Promise.resolve(true);
    return this.leases.acquire(applierJob(log), this.recorderId, APPLIER_LEASE_MS);
  }

  private countsDue(): boolean {
    return this.memory.completed.size > 0 || this.memory.outOfFunds.size > 0 || Date.now() - this.countsWrittenAt >= this.countsIntervalMs;
  }

  /** Writes one batch; true when the log may hold more. */
  private async writeBatch(everything: boolean): Promise<boolean> {
    if (this.unconfirmed) await this.confirm(this.unconfirmed);
    const log = this.logged();
    // Read each time: with a shared log (JetStream) another process may have applied further.
    const from = await appliedLogPosition(this.dataSource, log.id);
    this.forgetApplied(from);
    const records = everything || (await this.appliesLog(log)) ? await log.read(from, BATCH_EVENTS) : [];
    const takesCounts = !this.memory.empty && (everything || this.countsDue());
    if (records.length === 0 && !takesCounts && this.countRowsLeft.length === 0) return false;

    const memory = takesCounts ? this.memory : new Batch(0);
    let countRows = StatTable.empty(0);
    if (takesCounts) {
      // What the last interval's rows left unwritten goes now, whole: the backlog never outgrows an interval.
      countRows = this.countRowsLeft;
      this.countRowsLeft = memory.takeCounts();
      this.memory = new Batch(this.countRowsLeft.length);
      this.countsWrittenAt = Date.now();
    }
    // Two intervals' rows may share places: the read model's writer adds both rows of a place.
    countRows = countRows.concat(this.countRowsLeft.takeFirst(everything ? this.countRowsLeft.length : COUNT_ROWS_PER_BATCH));
    const rows = memory.rows();
    rows.stats = countRows;
    let to: number | null = null;
    if (records.length > 0) {
      const logged = await this.batchOf(records);
      to = records[records.length - 1].position;
      rows.log = { logId: log.id, from, to };
      rows.id = logBatchId(rows.log, this.recorderId);
      rows.stats = rows.stats.concat(logged.stats);
      rows.money = logged.money;
      rows.consent = logged.consent;
      rows.clicks = logged.clicks;
      rows.conversions = logged.conversions;
      rows.reach = logged.reach;
    }
    this.unconfirmed = { rows, memory, countRows, to };
    // Another process applied this part of the log first: the counts go with the next round, at once,
    // so that a stop does not leave them unwritten.
    if (!(await this.confirm(this.unconfirmed))) return true;
    return records.length === BATCH_EVENTS;
  }

  private async batchOf(records: LogRecord[]): Promise<BatchRows> {
    const batch = new Batch();
    for (const { event, position } of await inCurrentShape(this.dataSource.manager, records)) {
      batch.add(event);
      // Replayed clicks can convert before they reach the database, like the ones logged here.
      if (event.type === "click" && !this.pendingClicks.has(event.clickId)) {
        this.pendingClicks.set(event.clickId, { counted: event.counted, conversionPriceMicros: event.conversionPriceMicros ?? 0, position });
      }
    }
    return batch.rows();
  }

  /** Writes a batch; false when another writer had applied its part of the log (nothing of it was written). */
  private async confirm(pending: Unconfirmed): Promise<boolean> {
    const { rows } = pending;
    const started = performance.now();
    try {
      await this.writer.write(rows);
    } catch (error) {
      if (!(error instanceof Error && error.message.includes(LOG_POSITION_MOVED))) {
        this.tallies.batchFailures += 1;
        throw error;
      }
      // Another writer applied this part of the log (a second process, or this one before a lost
      // reply): nothing of the batch was written. Its counts kept in memory go to the next batch,
      // and the log is read again from where the database says.
      this.unconfirmed = null;
      pending.memory.absorb(this.memory);
      this.memory = pending.memory;
      this.countRowsLeft = pending.countRows.concat(this.countRowsLeft);
      return false;
    }
    this.unconfirmed = null;
    if (rows.completed.length > 0) void this.news.completed?.(rows.completed);
    for (const campaignId of rows.outOfFunds ?? []) void this.news.outOfFunds?.(campaignId);
    this.rememberWritten(rows);
    const rowCount = rows.stats.length + rows.invalid.length + rows.money.length;
    const ms = performance.now() - started;
    this.flushTimes.push({ rows: rowCount, ms });
    this.tallies.batchWritten(rowCount, ms / 1000);
    if (this.flushTimes.length > FLUSH_TIMES_KEPT) this.flushTimes.shift();
    if (pending.to !== null) {
      this.forgetApplied(pending.to);
      await this.logged().markApplied(pending.to);
    }
    return true;
  }

  /** Clicks, conversions and spend logged up to `position` are in the database now. */
  private forgetApplied(position: number): void {
    this.tallies.applied(position);
    for (const [id, click] of this.pendingClicks) if (click.position <= position) this.pendingClicks.delete(id);
    for (const [id, at] of this.pendingConversions) if (at <= position) this.pendingConversions.delete(id);
    for (const at of this.unappliedSpend.keys()) if (at <= position) this.unappliedSpend.delete(at);
  }

  private rememberWritten({ stats, conversions = [] }: BatchRows): void {
    const now = Date.now();
    const rows: SpendRow[] = [];
    for (let row = 0; row < stats.length; row++) {
      const spendMicros = stats.counter(row, "spendMicros");
      if (spendMicros > 0) rows.push({ campaignId: stats.place(row, "campaignId"), advertiserId: stats.place(row, "advertiserId"), atMs: stats.place(row, "hour"), spendMicros });
    }
    // Charged conversions are booked by the writer (when their click had not converted): counted here as if they all were.
    for (const { campaignId, advertiserId, atMs, spendMicros } of conversions) if (spendMicros > 0) rows.push({ campaignId, advertiserId, atMs, spendMicros });
    if (rows.length > 0) this.written.push({ at: now, rows });
    while (this.written.length > 0 && this.written[0].at < now - WRITTEN_SPEND_KEPT_MS) this.written.shift();
  }

  private logged(): EventLog {
    if (!this.log) throw new Error("the event log is not open");
    return this.log;
  }

  /**
   * Whether this process learns other processes' claims from the log (see open); if it does, first
   * catches up with those they logged until now (at most FOLLOW_CATCH_UP_MS): a beacon may reach
   * this process a moment after another counted the impression it follows.
   */
  async caughtUpWithOthers(): Promise<boolean> {
    return (await this.log?.caughtUp?.(FOLLOW_CATCH_UP_MS).catch(() => false)) ?? false;
  }

  /** The log this process appends to: its id, and whether other processes append to it too. */
  logShared(): { id: string; shared: boolean } {
    const log = this.logged();
    return { id: log.id, shared: log.follow !== undefined };
  }

  /** A shared log's newest position and the position the database has applied; null for a log of this process's own. */
  async logPositions(): Promise<{ last: number; applied: number } | null> {
    const log = this.logged();
    if (!log.last) return null;
    const last = await log.last();
    return { last, applied: await appliedLogPosition(this.dataSource, log.id) };
  }

  /** Lets another process apply the shared log at once rather than once the lease runs out: at a stop, after the last flush. */
  async resignApplier(): Promise<void> {
    if (this.log?.follow) await this.leases.release(applierJob(this.log), this.recorderId);
  }

  /**
   * Closes the log (every event appended so far is durable when it resolves), then the writer,
   * waiting at most `writerMs` for a writer stuck on an unanswering database.
   */
  async close(writerMs = 5000): Promise<void> {
    await this.log?.close();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.writer.close(), new Promise((resolve) => (timer = setTimeout(resolve, writerMs)))]);
    clearTimeout(timer);
  }
}
