import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { DAY_MS, Retention } from "./grains";

export const GRANULARITIES = ["hour", "day", "month"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The longest range a report covers, and the longest one shown hour by hour. */
export const MAX_REPORT_DAYS = 731;
export const MAX_HOURLY_DAYS = 7;

/** Whole UTC days, `toMs` exclusive, read at one granularity. */
export interface ReportRange {
  fromMs: number;
  toMs: number;
  granularity: Granularity;
}

export interface RangeInput {
  from?: unknown;
  to?: unknown;
  granularity?: unknown;
}

const dayMs = (field: string, value: unknown) => Date.parse(`${check.calendarDate(field, value)}T00:00:00Z`);

/** Checks a report's dates and granularity against what the read model keeps. */
export function reportRange(input: RangeInput, retention: Retention, nowMs = Date.now()): ReportRange {
  const fromMs = dayMs("from", input.from);
  const toMs = dayMs("to", input.to) + DAY_MS;
  const granularity = check.oneOf("granularity", input.granularity, GRANULARITIES, "day");
  const days = (toMs - fromMs) / DAY_MS;
  if (days < 1) throw new ValidationError("to", "The end date may not be before the start date");
  if (days > MAX_REPORT_DAYS) throw new ValidationError("from", "A report covers at most two years");
  if (granularity === "hour") {
    if (days > MAX_HOURLY_DAYS) throw new ValidationError("granularity", `Hourly figures cover at most ${MAX_HOURLY_DAYS} days; pick days or months`);
    const today = nowMs - (nowMs % DAY_MS);
    if (fromMs < today - retention.hourlyDays * DAY_MS) {
      throw new ValidationError("granularity", `Hourly figures are kept for ${retention.hourlyDays} days; pick days or months for older dates`);
    }
  }
  return { fromMs, toMs, granularity };
}

/** The range of the same length just before, to compare with. */
export function previousRange(range: ReportRange): ReportRange {
  const length = range.toMs - range.fromMs;
  return { ...range, fromMs: range.fromMs - length, toMs: range.fromMs };
}

/**
 * A range as the totals that cover it: whole calendar months (when the scope keeps months) and
 * the days around them, so a long range reads months rather than hundreds of days.
 */
export function rangePieces(range: Pick<ReportRange, "fromMs" | "toMs">, withMonths: boolean): { months: [number, number] | null; days: [number, number][] } {
  if (!withMonths) return { months: null, days: [[range.fromMs, range.toMs]] };
  const from = new Date(range.fromMs);
  const firstMonth = from.getUTCDate() === 1 ? range.fromMs : Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1);
  const to = new Date(range.toMs);
  const lastMonthEnd = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), 1);
  if (firstMonth >= lastMonthEnd) return { months: null, days: [[range.fromMs, range.toMs]] };
  const days: [number, number][] = [];
  if (range.fromMs < firstMonth) days.push([range.fromMs, firstMonth]);
  if (lastMonthEnd < range.toMs) days.push([lastMonthEnd, range.toMs]);
  return { months: [firstMonth, lastMonthEnd], days };
}
