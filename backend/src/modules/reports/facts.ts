import type { EntityManager } from "typeorm";
import { sqlDateTime, upsertAdding } from "../../common/db-upsert";
import { Grain, keptSince, periodTexts, Retention } from "./grains";
import { MEASUREMENT_COLUMNS, type MeasurementCounts, measurementValues, NO_MEASUREMENT } from "./measurement";

export type FactScope =
  | "network"
  | "country"
  | "publisher"
  | "site"
  | "zone"
  | "pub_country"
  | "advertiser"
  | "campaign"
  | "creative"
  | "adv_country"
  | "adv_site"
  | "cmp_zone";

/** What is counted of ad events (measurement included), and the money they moved. */
export interface EventCounts extends MeasurementCounts {
  requests: number;
  impressions: number;
  clicks: number;
  conversions: number;
  spendMicros: number;
  revenueMicros: number;
}

export const NO_COUNTS: EventCounts = { requests: 0, impressions: 0, clicks: 0, conversions: 0, spendMicros: 0, revenueMicros: 0, ...NO_MEASUREMENT };
export const EVENT_COUNTERS = Object.keys(NO_COUNTS) as (keyof EventCounts)[];

/** Counted events of one hour with their owners: what the delivery writer hands the read model. */
export interface OwnedCounts extends EventCounts {
  hour: number;
  publisherId: number;
  siteId: number;
  zoneId: number;
  /** 0 on requests no campaign filled, as is the creative. */
  campaignId: number;
  creativeId: number;
  advertiserId: number;
  /** ISO 3166-1 alpha-2, or XX. */
  country: string;
}

/** A country code as the whole number facts key it by: AA is 1, ZZ is 676. */
export function countryNumber(code: string): number {
  return (code.charCodeAt(0) - 65) * 26 + (code.charCodeAt(1) - 65) + 1;
}

export function countryCode(number: number): string {
  return String.fromCharCode(65 + Math.floor((number - 1) / 26), 65 + ((number - 1) % 26));
}

interface ScopeRule {
  scope: FactScope;
  grains: Grain[];
  id(row: OwnedCounts): number;
  owner(row: OwnedCounts): number;
}

const filled = (row: OwnedCounts) => row.campaignId > 0;
const country = (row: OwnedCounts) => countryNumber(row.country);

/**
 * What the read model keeps, and at which grains: hours for today's figures and the stat cards'
 * last-month stretch, days for reports, months for all-time totals (summed from months, so they
 * need no grain of their own). The breakdowns only reports read are kept by the day.
 */
const SCOPES: ScopeRule[] = [
  { scope: "network", grains: ["m", "d", "h"], id: () => 0, owner: () => 0 },
  { scope: "country", grains: ["d"], id: country, owner: () => 0 },
  { scope: "publisher", grains: ["m", "d", "h"], id: (row) => row.publisherId, owner: () => 0 },
  { scope: "site", grains: ["m", "d"], id: (row) => row.siteId, owner: (row) => row.publisherId },
  { scope: "zone", grains: ["d"], id: (row) => row.zoneId, owner: (row) => row.publisherId },
  { scope: "pub_country", grains: ["d"], id: country, owner: (row) => row.publisherId },
  // Advertisers' scopes come last: they see only the requests their campaigns filled, so an
  // unfilled request moves the scopes before them and stops here.
  { scope: "advertiser", grains: ["m", "d", "h"], id: (row) => row.advertiserId, owner: () => 0 },
  { scope: "campaign", grains: ["m", "d"], id: (row) => row.campaignId, owner: (row) => row.advertiserId },
  { scope: "creative", grains: ["d"], id: (row) => row.creativeId, owner: (row) => row.advertiserId },
  { scope: "adv_country", grains: ["d"], id: country, owner: (row) => row.advertiserId },
  { scope: "adv_site", grains: ["d"], id: (row) => row.siteId, owner: (row) => row.advertiserId },
  // A campaign's results zone by zone, under the campaign: what its bid per zone and its placements' exclusions learn from.
  { scope: "cmp_zone", grains: ["d"], id: (row) => row.zoneId, owner: (row) => row.campaignId },
];
const ADVERTISER_SCOPES_FROM = SCOPES.findIndex((rule) => rule.scope === "advertiser");
/** The grains a scope is kept at. */
export function grainsOf(scope: FactScope): Grain[] {
  return SCOPES.find((rule) => rule.scope === scope)!.grains;
}


const COUNTED_FACTS = {
  table: "stat_facts",
  keys: ["scope", "owner_id", "scope_id", "grain", "period"],
  counters: ["requests", "filled_requests", "impressions", "clicks", "conversions", "spend_micros", "revenue_micros"],
};
const STAT_FACTS = { ...COUNTED_FACTS, counters: [...COUNTED_FACTS.counters, ...MEASUREMENT_COLUMNS] };

const INVALID_FACTS = { table: "invalid_facts", keys: ["grain", "period", "event", "reason"], counters: ["count"] };

/** Summed rows in key order, so that concurrent writers take their row locks in one order. */
export function inKeyOrder(rows: Map<string, unknown[]>): unknown[][] {
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

export function addInto(target: Map<string, unknown[]>, key: string, head: unknown[], counters: number[]): void {
  const row = target.get(key);
  if (!row) {
    target.set(key, [...head, ...counters]);
    return;
  }
  for (let i = 0; i < counters.length; i++) (row[head.length + i] as number) += counters[i];
}

/**
 * A batch's totals of one scope at one grain: by period, owner and id. Numbers key the inner maps
 * because a flush adds up some 20,000 rows into each of 22 scopes and grains, and string keys made
 * of each row's parts cost ten times as much to build and hash.
 */
type ScopeTotals = Map<string, Map<number, Map<number, unknown[]>>>;

const COUNTERS_FROM = STAT_FACTS.keys.length;

function totalsRow(totals: ScopeTotals, scope: FactScope, owner: number, id: number, grain: Grain, start: string): unknown[] {
  let byOwner = totals.get(start);
  if (!byOwner) totals.set(start, (byOwner = new Map()));
  let byId = byOwner.get(owner);
  if (!byId) byOwner.set(owner, (byId = new Map()));
  let row = byId.get(id);
  if (!row) byId.set(id, (row = [scope, owner, id, grain, start, ...STAT_FACTS.counters.map(() => 0)]));
  return row;
}

/** The rows in primary-key order, so that concurrent writers take their row locks in one order. */
function inPrimaryKeyOrder(tables: ScopeTotals[]): unknown[][] {
  const rows = tables.flatMap((totals) => [...totals.values()].flatMap((byOwner) => [...byOwner.values()].flatMap((byId) => [...byId.values()])));
  const text = (value: unknown) => value as string;
  const number = (value: unknown) => value as number;
  return rows.sort(
    (a, b) =>
      (text(a[0]) < text(b[0]) ? -1 : text(a[0]) > text(b[0]) ? 1 : 0) ||
      number(a[1]) - number(b[1]) ||
      number(a[2]) - number(b[2]) ||
      (text(a[3]) < text(b[3]) ? -1 : text(a[3]) > text(b[3]) ? 1 : 0) ||
      (text(a[4]) < text(b[4]) ? -1 : text(a[4]) > text(b[4]) ? 1 : 0),
  );
}

/** Moves the read model's totals by a batch of counted events, inside the caller's transaction. */
export async function addToStatFacts(manager: EntityManager, rows: OwnedCounts[]): Promise<void> {
  const period = periodTexts();
  const tables = SCOPES.map((rule) => rule.grains.map((): ScopeTotals => new Map()));
  const starts: Record<Grain, string> = { a: "", m: "", d: "", h: "" };
  let measured = false;
  for (const row of rows) {
    measured ||= measurementValues(row).some((count) => count > 0);
    const counters = [row.requests, filled(row) ? row.requests : 0, row.impressions, row.clicks, row.conversions, row.spendMicros, row.revenueMicros, ...measurementValues(row)];
    // A batch's rows share a few hours: each row's periods are found once, not once per scope.
    starts.m = period("m", row.hour);
    starts.d = period("d", row.hour);
    starts.h = period("h", row.hour);
    const rules = filled(row) ? SCOPES.length : ADVERTISER_SCOPES_FROM;
    for (let r = 0; r < rules; r++) {
      const rule = SCOPES[r];
      const id = rule.id(row);
      const owner = rule.owner(row);
      for (let g = 0; g < rule.grains.length; g++) {
        const grain = rule.grains[g];
        const total = totalsRow(tables[r][g], rule.scope, owner, id, grain, starts[grain]);
        for (let c = 0; c < counters.length; c++) (total[COUNTERS_FROM + c] as number) += counters[c];
      }
    }
  }
  const facts = inPrimaryKeyOrder(tables.flat());
  // A batch that measured nothing leaves those counters alone: so can the migration that filled
  // this table from rows counted before they existed.
  if (measured) await upsertAdding(manager, STAT_FACTS, facts);
  else await upsertAdding(manager, COUNTED_FACTS, facts.map((row) => row.slice(0, COUNTERS_FROM + COUNTED_FACTS.counters.length)));
}

/** Moves the network's refused-traffic totals by a batch of refused events. */
export async function addToInvalidFacts(manager: EntityManager, rows: { hour: number; event: string; reason: string; count: number }[]): Promise<void> {
  const period = periodTexts();
  const facts = new Map<string, unknown[]>();
  for (const row of rows) {
    for (const grain of ["m", "d", "h"] as const) {
      const start = period(grain, row.hour);
      addInto(facts, `${grain}|${start}|${row.event}|${row.reason}`, [grain, start, row.event, row.reason], [row.count]);
    }
  }
  await upsertAdding(manager, INVALID_FACTS, inKeyOrder(facts));
}

/** Tables of totals kept by grain and period, whose hours and days age out. */
export const GRAINED_TABLES = ["stat_facts", "invalid_facts", "ledger_totals", "reach_sketches", "insight_facts"];

/** Deletes hourly and daily totals older than the retention: months and all-time totals stay. */
export async function pruneFineGrains(manager: EntityManager, retention: Retention, nowMs: number): Promise<void> {
  const since = keptSince(retention, nowMs);
  for (const table of GRAINED_TABLES) {
    for (const grain of ["h", "d"] as const) {
      await manager.query(`DELETE FROM ${table} WHERE grain = ? AND period < ?`, [grain, sqlDateTime(since[grain])]);
    }
  }
}
