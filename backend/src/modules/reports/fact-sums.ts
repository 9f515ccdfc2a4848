import { MEASUREMENT_COUNTERS, type MeasurementCounts } from "./measurement";
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

export type FactSumField = keyof FactSums;

/** Each sum's column in the read model's facts: the one list the selects, sums and metric formulas are read from. */
export const FACT_SUM_COLUMNS: Record<FactSumField, string> = {
  requests: "requests",
  filledRequests: "filled_requests",
  impressions: "impressions",
  clicks: "clicks",
  conversions: "conversions",
  spendMicros: "spend_micros",
  revenueMicros: "revenue_micros",
  ...(Object.fromEntries(MEASUREMENT_COUNTERS.map(({ field, column }) => [field, column])) as Record<keyof MeasurementCounts, string>),
};

const FACT_SUM_FIELDS = Object.keys(FACT_SUM_COLUMNS) as FactSumField[];

const sumsFrom = (value: (field: FactSumField) => number): FactSums => Object.fromEntries(FACT_SUM_FIELDS.map((field) => [field, value(field)])) as Record<FactSumField, number>;

export const NO_SUMS: FactSums = sumsFrom(() => 0);

/** SELECT terms summing the facts aliased `f`, named as FactSums' fields. */
export const SUMS_SELECT = FACT_SUM_FIELDS.map((field) => `COALESCE(SUM(f.${FACT_SUM_COLUMNS[field]}), 0) AS ${field}`);

/** A row read with SUMS_SELECT, or with the fact columns aliased alike, as numbers. */
export const sumsOf = (row: Record<string, unknown> | undefined): FactSums => sumsFrom((field) => Number(row?.[field] ?? 0));

export const addSums = (a: FactSums, b: FactSums): FactSums => sumsFrom((field) => a[field] + b[field]);

/**
 * What one scope's day totals add up to (every scope is kept by the day, within the retention): a
 * zone's, a campaign's or the network's (id 0) counted events, read as the reports read them.
 */
export async function dailySums(database: { query(sql: string, parameters: unknown[]): Promise<Record<string, unknown>[]> }, scope: FactScope, scopeId: number): Promise<FactSums> {
  const [row] = await database.query(`SELECT ${SUMS_SELECT.join(", ")} FROM stat_facts f WHERE f.scope = ? AND f.scope_id = ? AND f.grain = 'd'`, [scope, scopeId]);
  return sumsOf(row);
}
