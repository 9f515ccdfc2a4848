/**
 * Month over month: this calendar month so far (UTC) against the same stretch of last month, so
 * that on the 10th at noon a full month is never set against nine and a half days.
 */

/** Where this month so far and its counterpart last month begin and end. */
export interface MonthToDate {
  /** The 1st of this month, 00:00 UTC; this month so far runs from here to now. */
  thisMonthStart: Date;
  /** The 1st of last month, 00:00 UTC. */
  lastMonthStart: Date;
  /** As far into last month as now is into this one, never past its end; exclusive. */
  lastMonthEnd: Date;
}

/** A figure for all time, for this month so far and for the same stretch of last month. */
export interface ByPeriod<T> {
  allTime: T;
  thisMonth: T;
  lastMonth: T;
}

/** A rate's parts: clicks over impressions, filled requests over requests. */
export interface Ratio {
  part: number;
  whole: number;
}

export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function monthToDate(now: Date): MonthToDate {
  const thisMonthStart = startOfMonthUtc(now);
  // Date.UTC carries month -1 back into December of the year before.
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const elapsedMs = now.getTime() - thisMonthStart.getTime();
  const lastMonthEnd = new Date(Math.min(lastMonthStart.getTime() + elapsedMs, thisMonthStart.getTime()));
  return { thisMonthStart, lastMonthStart, lastMonthEnd };
}

/** Two decimals, halves away from zero so that a rise and a fall of the same size read alike. */
function hundredths(value: number): number {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 100)) / 100;
  return rounded === 0 ? 0 : rounded;
}

/**
 * Change of a count or an amount of money in percent: 12.5 means +12.5%. Null when last month had
 * none, this month's too: there is nothing to compare with, and "no change" would claim a history.
 */
export function percentChange(thisMonth: number, lastMonth: number): number | null {
  if (lastMonth === 0) return null;
  return hundredths(((thisMonth - lastMonth) * 100) / lastMonth);
}

const inPercent = ({ part, whole }: Ratio) => (whole > 0 ? (part * 100) / whole : 0);

/**
 * Change of a rate in percentage points, from the exact rates rather than the rounded ones shown.
 * Null when last month's rate had no whole (no impressions, no requests): a 0% CTR over real
 * impressions is a figure to compare with, a CTR over nothing is not. A month with no whole yet
 * counts as a rate of 0, as the cards show it.
 */
export function pointsChange(thisMonth: Ratio, lastMonth: Ratio): number | null {
  if (lastMonth.whole === 0) return null;
  return hundredths(inPercent(thisMonth) - inPercent(lastMonth));
}

/**
 * SQL naming the period a timestamp column falls in: 'thisMonth', 'lastMonth' or 'other'. Its
 * parameters are the fields of a MonthToDate; group by it to read every period in one query.
 */
export function periodOf(column: string): string {
  return (
    `CASE WHEN ${column} >= :thisMonthStart THEN 'thisMonth' ` +
    `WHEN ${column} >= :lastMonthStart AND ${column} < :lastMonthEnd THEN 'lastMonth' ELSE 'other' END`
  );
}

/** Sums grouped rows into all time, this month and last month; a period with no rows is `zero`. */
export function sumByPeriod<T>(rows: { period: string; value: T }[], add: (a: T, b: T) => T, zero: T): ByPeriod<T> {
  const total = (of: typeof rows) => of.reduce((sum, row) => add(sum, row.value), zero);
  const inPeriod = (period: string) => rows.filter((row) => row.period === period);
  return { allTime: total(rows), thisMonth: total(inPeriod("thisMonth")), lastMonth: total(inPeriod("lastMonth")) };
}
