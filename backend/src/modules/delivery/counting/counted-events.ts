import type { ConsentState } from "../../consent/consent";
import type { LedgerKind } from "../../ledger/ledger-entry.entity";
import { type EventCounts, NO_COUNTS, type OwnedCounts } from "../../reports/facts";
import { periodStartMs } from "../../reports/grains";
import type { CampaignEntry, ZoneEntry } from "../model";
import type { AdClick } from "./ad-click.entity";
import type { OfferEvent } from "./offer-events";
import type { StatTable } from "./stat-table";
import type { ReachRow } from "../../reports/reach";
import type { FacetRow } from "../../insights/request-facets";

/** What a refusal is counted under: an ad request, a beacon, or one of an offer's events (see offer-events.ts). */
export type TrafficEvent = "request" | "impression" | "click" | "conversion" | OfferEvent;

/**
 * One counted event, from the beacon to the writer: whose and which ad it was, as the decision
 * knew, and when. An unfilled request has campaign, creative and advertiser 0.
 */
export interface CountedEvent {
  atMs: number;
  publisherId: number;
  siteId: number;
  zoneId: number;
  advertiserId: number;
  campaignId: number;
  creativeId: number;
  country: string;
}

/** An event counted at the zone: of the campaign's creative, or of no ad when `ad` is null. */
export function countedEvent(atMs: number, zone: ZoneEntry, country: string, ad: { campaign: CampaignEntry; creativeId: number } | null): CountedEvent {
  const { publisherId, siteId, id: zoneId } = zone;
  return { atMs, publisherId, siteId, zoneId, advertiserId: ad?.campaign.advertiserId ?? 0, campaignId: ad?.campaign.id ?? 0, creativeId: ad?.creativeId ?? 0, country };
}

/** One hour's counts of one zone, campaign, creative and country, with their owners: what the writer stores. */
export type StatRow = OwnedCounts;


/** The row of the event's hour, holding `counts`: the only place a stats row is made. */
export function statRow(event: CountedEvent, counts: Partial<EventCounts> = {}): StatRow {
  const { publisherId, siteId, zoneId, advertiserId, campaignId, creativeId, country } = event;
  return { hour: periodStartMs("h", event.atMs), publisherId, siteId, zoneId, advertiserId, campaignId, creativeId, country, ...NO_COUNTS, ...counts };
}

/** Where and when traffic was refused: as much as a refused beacon tells. */
export interface InvalidPlace {
  atMs: number;
  zoneId: number;
  campaignId: number;
}

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

export type ClickRow = Pick<AdClick, "id" | "campaignId" | "zoneId" | "creativeId" | "country" | "clickedAt" | "convertedAt" | "conversionPriceMicros">;

/** What one counted event moved: the advertiser's spend, and the publisher's share of it. */
export interface EventCharge {
  spendMicros: number;
  earningMicros: number;
}

export const NO_CHARGE: EventCharge = { spendMicros: 0, earningMicros: 0 };

/**
 * A conversion as logged, of its click's zone and creative: it counts, and its charge (a CPA
 * campaign's) is booked, when the click has not converted yet, judged in the writer's transaction.
 */
export interface ConversionRow extends CountedEvent, EventCharge {
  clickId: string;
}

/** The event log positions a batch applies: after `from`, up to and including `to`. */
export interface LogRange {
  logId: string;
  from: number;
  to: number;
}

/** One flush worth of counted events, as plain data that can cross to a worker thread. */
export interface ConsentRow {
  hour: number;
  state: ConsentState;
  impressions: number;
}

export interface BatchRows {
  /** Unique to the batch: the writer applies each id once, so a batch retried after a lost acknowledgement counts once. */
  id: string;
  /** When the events were counted: now, unless a history is being written (`npm run seed:history`). */
  countedAt?: number;
  /** The hourly counts of the batch's events, a place possibly in several rows. */
  stats: StatTable;
  invalid: InvalidRow[];
  /** Impressions per hour and consent state; absent from batches written before it was counted. */
  consent?: ConsentRow[];
  money: MoneyRow[];
  clicks: ClickRow[];
  completed: number[];
  /** Campaigns a charge was refused for want of funds; absent from batches written before it was told. */
  outOfFunds?: number[];
  /** Conversions to credit to their clicks, once each. */
  conversions?: ConversionRow[];
  /** Each campaign's identified visitors per day, for its reach; absent from batches written before reach was counted. */
  reach?: ReachRow[];
  /** Requests' devices and keywords for insights; absent likewise. */
  facets?: FacetRow[];
  /** The log positions the batch applies; the database's position of the log moves with it or the batch fails. */
  log?: LogRange;
}

/** Where flushed batches go: straight into the database, or through a writer thread. */
export interface BatchWriter {
  write(rows: BatchRows): Promise<void>;
  close(): Promise<void>;
}
