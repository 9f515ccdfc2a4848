import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { reportCalendar, Retention } from "./grains";

export const GRANULARITIES = ["hour", "day", "month"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The longest range a report covers, and the longest one shown hour by hour. */
export const MAX_REPORT_DAYS = 731;
export const MAX_HOURLY_DAYS = 7;

/** Whole days of the reporting calendar, `toMs` exclusive, read at one granularity. */
export interface ReportRange {
  fromMs: number;
  toMs: number;
  /** The first and last calendar dates (YYYY-MM-DD), as asked. */
  from: string;
  to: string;
  granularity: Granularity;
}

export interface RangeInput {
  from?: unknown;
  to?: unknown;
  granularity?: unknown;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** A report's first and last dates, checked: in order, and at most two years apart. */
function checkedDates(input: RangeInput): { from: string; to: string } {
  const from = check.calendarDate("from", input.from);
  const to = check.calendarDate("to", input.to);
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw new ValidationError("to", "The end date may not be before the start date");
  if (days > MAX_REPORT_DAYS) throw new ValidationError("from", "A report covers at most two years");
  return { from, to };
}

/** Why these dates cannot be read at this granularity, or null when they can: the one rule the report and the form both follow. */
function granularityRefusal(granularity: Granularity, { from, to }: { from: string; to: string }, retention: Retention, nowMs: number): string | null {
  if (granularity !== "hour") return null;
  if (daysBetween(from, to) + 1 > MAX_HOURLY_DAYS) return `Hourly figures are shown for at most ${MAX_HOURLY_DAYS} days; pick days or months`;
  if (daysBetween(from, reportCalendar().dateOf(nowMs)) > retention.hourlyDays) {
    return `Hourly figures are kept for ${retention.hourlyDays} days; pick days or months for older dates`;
  }
  return null;
}

/** Checks a report's dates and granularity against what the read model keeps. */
export function reportRange(input: RangeInput, retention: Retention, nowMs = Date.now()): ReportRange {
  const dates = checkedDates(input);
  const granularity = check.oneOf("granularity", input.granularity, GRANULARITIES, "day");
  const refusal = granularityRefusal(granularity, dates, retention, nowMs);
  if (refusal) throw new ValidationError("granularity", refusal);
  const calendar = reportCalendar();
  return { ...dates, fromMs: calendar.dateStart(dates.from), toMs: calendar.dateStart(dates.to, 1), granularity };
}

/** The granularities a report of these dates may be read at, for the report screens to offer. */
export function allowedGranularities(input: RangeInput, retention: Retention, nowMs = Date.now()): Granularity[] {
  const dates = checkedDates(input);
  return GRANULARITIES.filter((granularity) => granularityRefusal(granularity, dates, retention, nowMs) === null);
}

/** As many days just before, to compare with. */
export function previousRange(range: ReportRange): ReportRange {
  const days = daysBetween(range.from, range.to) + 1;
  const calendar = reportCalendar();
  const fromMs = calendar.dateStart(range.from, -days);
  return { ...range, from: calendar.dateOf(fromMs), to: calendar.dateOf(range.fromMs - 1), fromMs, toMs: range.fromMs };
}

/**
 * A range as the totals that cover it: whole calendar months (when the scope keeps months) and
 * the days around them, so a long range reads months rather than hundreds of days.
 */
export function rangePieces(range: Pick<ReportRange, "fromMs" | "toMs">, withMonths: boolean): { months: [number, number] | null; days: [number, number][] } {
  if (!withMonths) return { months: null, days: [[range.fromMs, range.toMs]] };
  const calendar = reportCalendar();
  const fromMonth = calendar.monthStart(range.fromMs);
  const firstMonth = fromMonth === range.fromMs ? range.fromMs : calendar.monthStart(range.fromMs, 1);
  const lastMonthEnd = calendar.monthStart(range.toMs);
  if (firstMonth >= lastMonthEnd) return { months: null, days: [[range.fromMs, range.toMs]] };
  const days: [number, number][] = [];
  if (range.fromMs < firstMonth) days.push([range.fromMs, firstMonth]);
  if (lastMonthEnd < range.toMs) days.push([lastMonthEnd, range.toMs]);
  return { months: [firstMonth, lastMonthEnd], days };
}

/** Every period's start in the range, oldest first: the chart's axis, empty periods included. */
export function rangePeriods(range: ReportRange): number[] {
  const calendar = reportCalendar();
  const starts: number[] = [];
  for (let n = 0; ; n++) {
    const start =
      range.granularity === "hour" ? range.fromMs + n * 3_600_000 : range.granularity === "day" ? calendar.dateStart(range.from, n) : calendar.monthStart(range.fromMs, n);
    if (start >= range.toMs) return starts;
    starts.push(start);
  }
}
