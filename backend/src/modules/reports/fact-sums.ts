import { MEASUREMENT_COUNTERS, MEASUREMENT_FIELDS, type MeasurementCounts, NO_MEASUREMENT } from "./measurement";
import type { FactScope } from "./facts";

/** What a group of kept totals adds up to: the counts and the money they moved, in micros. */
export interface FactSums extends MeasurementCounts {
  requests: number;
  filledRequests: number;
  impressions: number;
  clicks: number;
  conversions: number;
  spendMicros: number;
  revenueMicros: number;
}

export const NO_SUMS: FactSums = { requests: 0, filledRequests: 0, impressions: 0, clicks: 0, conversions: 0, spendMicros: 0, revenueMicros: 0, ...NO_MEASUREMENT };

/** SELECT terms summing the facts aliased `f`, named as FactSums' fields. */
export const SUMS_SELECT = [
  "COALESCE(SUM(f.requests), 0) AS requests",
  "COALESCE(SUM(f.filled_requests), 0) AS filledRequests",
  "COALESCE(SUM(f.impressions), 0) AS impressions",
  "COALESCE(SUM(f.clicks), 0) AS clicks",
  "COALESCE(SUM(f.conversions), 0) AS conversions",
  "COALESCE(SUM(f.spend_micros), 0) AS spendMicros",
  "COALESCE(SUM(f.revenue_micros), 0) AS revenueMicros",
  ...MEASUREMENT_COUNTERS.map(({ field, column }) => `COALESCE(SUM(f.${column}), 0) AS ${field}`),
];

const measured = (value: (field: keyof MeasurementCounts) => number): MeasurementCounts =>
  Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field, value(field)])) as MeasurementCounts;

/** A row read with SUMS_SELECT, or with the fact columns aliased alike, as numbers. */
export const sumsOf = (row: Record<string, unknown> | undefined): FactSums => ({
  requests: Number(row?.requests ?? 0),
  filledRequests: Number(row?.filledRequests ?? 0),
  impressions: Number(row?.impressions ?? 0),
  clicks: Number(row?.clicks ?? 0),
  conversions: Number(row?.conversions ?? 0),
  spendMicros: Number(row?.spendMicros ?? 0),
  revenueMicros: Number(row?.revenueMicros ?? 0),
  ...measured((field) => Number(row?.[field] ?? 0)),
});

export function addSums(a: FactSums, b: FactSums): FactSums {
  return {
    requests: a.requests + b.requests,
    filledRequests: a.filledRequests + b.filledRequests,
    impressions: a.impressions + b.impressions,
    clicks: a.clicks + b.clicks,
    conversions: a.conversions + b.conversions,
    spendMicros: a.spendMicros + b.spendMicros,
    revenueMicros: a.revenueMicros + b.revenueMicros,
    ...measured((field) => a[field] + b[field]),
  };
}

/**
 * What one scope's day totals add up to (every scope is kept by the day, within the retention): a
 * zone's, a campaign's or the network's (id 0) counted events, read as the reports read them.
 */
export async function dailySums(database: { query(sql: string, parameters: unknown[]): Promise<Record<string, unknown>[]> }, scope: FactScope, scopeId: number): Promise<FactSums> {
  const [row] = await database.query(`SELECT ${SUMS_SELECT.join(", ")} FROM stat_facts f WHERE f.scope = ? AND f.scope_id = ? AND f.grain = 'd'`, [scope, scopeId]);
  return sumsOf(row);
}
