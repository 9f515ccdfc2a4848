import type { CreativeType } from "../creatives/creative.entity";
import type { LedgerKind } from "../ledger/ledger-entry.entity";
import type { EventCounts } from "../reports/facts";
import type { ZoneFormat } from "../zones/ad-zone.entity";
import type { AdClick } from "./ad-click.entity";

/**
 * The ad server's shared vocabulary: what the inventory holds in memory for the decision path,
 * and the counted events the recorder batches and a writer stores.
 */

export interface ZoneEntry {
  id: number;
  siteId: number;
  publisherId: number;
  domain: string;
  width: number;
  height: number;
  format: ZoneFormat;
  revenueShareBps: number;
  /** Which campaigns' creatives fit: size and format, worked out once per load. */
  slotKey: string;
}

export interface CreativeEntry {
  id: number;
  type: CreativeType;
  contentUrl: string;
  clickUrl: string | null;
  width: number;
  height: number;
}

export interface CampaignEntry {
  id: number;
  advertiserId: number;
  cpmMicros: number;
  budgetMicros: number;
  /** null targets every country. */
  countries: Set<string> | null;
  startDate: string;
  endDate: string;
  /** endDate as days since 1970-01-01, for pacing arithmetic on the decision path. */
  endDayNumber: number;
  servable: boolean;
}

/** A campaign able to fill one zone shape, with its creatives of that shape. */
export interface SlotCandidate {
  campaign: CampaignEntry;
  creatives: CreativeEntry[];
}

/** What a campaign has spent, in micros: in all, and on the current day of the reporting calendar. */
export interface CampaignSpend {
  total: number;
  today: number;
}

/** The campaigns able to fill one zone shape, highest CPM first, ready for the lottery. */
export interface Slot {
  candidates: SlotCandidate[];
  /** cpmBefore[i] is the summed CPM of candidates[0..i), so a range's total weight is one subtraction. */
  cpmBefore: number[];
}

export type TrafficEvent = "request" | "impression" | "click" | "conversion";

/** Where a counted event belongs in the hourly aggregates. */
export interface EventKey {
  hour: number;
  zoneId: number;
  campaignId: number;
  creativeId: number;
  country: string;
}

export interface StatRow extends EventKey, EventCounts {}

export interface InvalidRow {
  hour: number;
  zoneId: number;
  campaignId: number;
  event: TrafficEvent;
  reason: string;
  count: number;
}

export interface MoneyRow {
  userId: number;
  kind: LedgerKind;
  campaignId: number | null;
  amountMicros: number;
  /** When the last event summed here happened; the ledger entry is dated then, so each day's spend matches its events. */
  atMs?: number;
}

export type ClickRow = Pick<AdClick, "id" | "campaignId" | "zoneId" | "creativeId" | "country" | "clickedAt" | "convertedAt">;

/** A conversion as logged: it counts when its click has not converted yet, judged in the writer's transaction. */
export interface ConversionRow {
  clickId: string;
  campaignId: number;
  at: number;
  zoneId: number;
  creativeId: number;
  country: string;
}

/** The event log positions a batch applies: after `from`, up to and including `to`. */
export interface LogRange {
  logId: string;
  from: number;
  to: number;
}

/** One flush worth of counted events, as plain data that can cross to a worker thread. */
export interface BatchRows {
  /** Unique to the batch: the writer applies each id once, so a batch retried after a lost acknowledgement counts once. */
  id: string;
  /** When the events were counted: now, unless a history is being written (`npm run seed:history`). */
  countedAt?: number;
  stats: StatRow[];
  invalid: InvalidRow[];
  money: MoneyRow[];
  clicks: ClickRow[];
  completed: number[];
  /** Conversions to credit to their clicks, once each. */
  conversions?: ConversionRow[];
  /** The log positions the batch applies; the database's position of the log moves with it or the batch fails. */
  log?: LogRange;
}

/** Where flushed batches go: straight into the database, or through a writer thread. */
export interface BatchWriter {
  write(rows: BatchRows): Promise<void>;
  close(): Promise<void>;
}
