import type { EntityManager } from "typeorm";
import { sqlDateTime, upsertAdding } from "../../common/db-upsert";
import { Grain, keptSince, periodTexts, Retention } from "./grains";

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
  | "adv_site";

/** What is counted of ad events, and the money they moved. */
export interface EventCounts {
  requests: number;
  impressions: number;
  clicks: number;
  conversions: number;
  spendMicros: number;
  revenueMicros: number;
}

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
  { scope: "advertiser", grains: ["m", "d", "h"], id: (row) => row.advertiserId, owner: () => 0 },
  { scope: "campaign", grains: ["m", "d"], id: (row) => row.campaignId, owner: (row) => row.advertiserId },
  { scope: "creative", grains: ["d"], id: (row) => row.creativeId, owner: (row) => row.advertiserId },
  { scope: "adv_country", grains: ["d"], id: country, owner: (row) => row.advertiserId },
  { scope: "adv_site", grains: ["d"], id: (row) => row.siteId, owner: (row) => row.advertiserId },
];
/** The grains a scope is kept at. */
export function grainsOf(scope: FactScope): Grain[] {
  return SCOPES.find((rule) => rule.scope === scope)!.grains;
}

/** Advertisers' scopes see only the requests their campaigns filled. */
const ADVERTISER_SCOPES = new Set<FactScope>(["advertiser", "campaign", "creative", "adv_country", "adv_site"]);

const STAT_FACTS = {
  table: "stat_facts",
  keys: ["scope", "owner_id", "scope_id", "grain", "period"],
  counters: ["requests", "filled_requests", "impressions", "clicks", "conversions", "spend_micros", "revenue_micros"],
};

const INVALID_FACTS = { table: "invalid_facts", keys: ["grain", "period", "event", "reason"], counters: ["count"] };

/** The summed rows in key order, so that concurrent writers take their row locks in one order. */
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

/** Moves the read model's totals by a batch of counted events, inside the caller's transaction. */
export async function addToStatFacts(manager: EntityManager, rows: OwnedCounts[]): Promise<void> {
  const period = periodTexts();
  const facts = new Map<string, unknown[]>();
  for (const row of rows) {
    const counters = [row.requests, filled(row) ? row.requests : 0, row.impressions, row.clicks, row.conversions, row.spendMicros, row.revenueMicros];
    for (const rule of SCOPES) {
      if (ADVERTISER_SCOPES.has(rule.scope) && !filled(row)) continue;
      const id = rule.id(row);
      for (const grain of rule.grains) {
        const start = period(grain, row.hour);
        const owner = rule.owner(row);
        addInto(facts, `${rule.scope}|${owner}|${id}|${grain}|${start}`, [rule.scope, owner, id, grain, start], counters);
      }
    }
  }
  await upsertAdding(manager, STAT_FACTS, inKeyOrder(facts));
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
export const GRAINED_TABLES = ["stat_facts", "invalid_facts", "ledger_totals"];

/** Deletes hourly and daily totals older than the retention: months and all-time totals stay. */
export async function pruneFineGrains(manager: EntityManager, retention: Retention, nowMs: number): Promise<void> {
  const since = keptSince(retention, nowMs);
  for (const table of GRAINED_TABLES) {
    for (const grain of ["h", "d"] as const) {
      await manager.query(`DELETE FROM ${table} WHERE grain = ? AND period < ?`, [grain, sqlDateTime(since[grain])]);
    }
  }
}
