import { dateTimeMs, sqlDateTime } from "../../common/db-upsert";
import { HOUR_MS, periodStartMs, reportCalendar } from "./grains";

/**
 * Month over month: this calendar month so far (in the reporting time zone) against the same stretch of last month, so
 * that on the 10th at noon a full month is never set against nine and a half days.
 */

/** Where this month so far and its counterpart last month begin and end. */
export interface MonthToDate {
  /** The 1st of this month, 00:00 in the reporting zone; this month so far runs from here to now. */
  thisMonthStart: Date;
  /** The 1st of last month, 00:00 in the reporting zone. */
  lastMonthStart: Date;
  /** As far into last month as now is into this one, never past its end; exclusive. */
  lastMonthEnd: Date;
}

/** A figure for this month so far and for the same stretch of last month. */
export interface ByPeriod<T> {
  thisMonth: T;
  lastMonth: T;
}

/** A rate's parts: clicks over impressions, filled requests over requests. */
export interface Ratio {
  part: number;
  whole: number;
}

export function startOfMonth(now = new Date()): Date {
  return new Date(reportCalendar().monthStart(now.getTime()));
}

/**
 * Totals are kept by the hour, so the stretches are whole hours: this month's hours so far, the
 * current one included, against as many hours of last month.
 */
export function monthToDate(now: Date): MonthToDate {
  const thisMonthStart = startOfMonth(now);
  const lastMonthStart = new Date(reportCalendar().monthStart(now.getTime(), -1));
  const elapsedMs = Math.ceil((now.getTime() - thisMonthStart.getTime()) / HOUR_MS) * HOUR_MS;
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
 * Which kept totals make up each period: this month's row for this month, and last month's whole
 * days, then its hours, up to its end. `grain` and `period` name the columns; the parameters are
 * :thisMonthStart, :lastMonthStart, :lastMonthDayEnd, :lastMonthEnd.
 */
export function periodTotals(months: MonthToDate, grain: string, period: string): { where: string; parameters: Record<string, string> } {
  const lastMonthDayEnd = periodStartMs("d", months.lastMonthEnd.getTime());
  return {
    where:
      `((${grain} = 'm' AND ${period} = :thisMonthStart) OR (${grain} = 'd' AND ${period} >= :lastMonthStart AND ${period} < :lastMonthDayEnd) ` +
      `OR (${grain} = 'h' AND ${period} >= :lastMonthDayEnd AND ${period} < :lastMonthEnd))`,
    parameters: {
      thisMonthStart: sqlDateTime(months.thisMonthStart.getTime()),
      lastMonthStart: sqlDateTime(months.lastMonthStart.getTime()),
      lastMonthDayEnd: sqlDateTime(lastMonthDayEnd),
      lastMonthEnd: sqlDateTime(months.lastMonthEnd.getTime()),
    },
  };
}

/** Adds the totals `periodTotals` selected into this month and last month. */
export function sumPeriodTotals<T>(
  rows: { grain: string; period: Date | string; value: T }[],
  months: MonthToDate,
  add: (a: T, b: T) => T,
  zero: T,
): ByPeriod<T> {
  const thisMonth = months.thisMonthStart.getTime();
  const sums = { thisMonth: zero, lastMonth: zero };
  for (const row of rows) {
    if (row.grain !== "m") sums.lastMonth = add(sums.lastMonth, row.value);
    else if (dateTimeMs(row.period) === thisMonth) sums.thisMonth = add(sums.thisMonth, row.value);
  }
  return sums;
}
