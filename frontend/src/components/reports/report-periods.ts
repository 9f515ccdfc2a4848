import type { ReportGranularity } from "../../gql/graphql";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** How many periods lie between the range's first one and the period starting at `key`. */
function periodsBetween(start: Date, key: Date, granularity: ReportGranularity): number {
  if (granularity === "MONTH") return (key.getUTCFullYear() - start.getUTCFullYear()) * 12 + key.getUTCMonth() - start.getUTCMonth();
  return Math.round((key.getTime() - start.getTime()) / (granularity === "HOUR" ? HOUR_MS : DAY_MS));
}

/** The start of the range's `index`-th period. */
function periodStart(start: Date, index: number, granularity: ReportGranularity): Date {
  if (granularity === "MONTH") return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + index, 1));
  return new Date(start.getTime() + index * (granularity === "HOUR" ? HOUR_MS : DAY_MS));
}

export interface PeriodPoint {
  /** The current period's start, ISO 8601. */
  period: string;
  current: number | null;
  previous: number | null;
}

interface SeriesRow {
  key: string;
}

/**
 * The range's periods, each beside the same period of the range just before: day 3 of this range
 * against day 3 of the last. The server leaves out periods with nothing counted; they stay on the
 * axis, empty, so a quiet day reads as a gap instead of vanishing.
 */
export function comparePeriods<Row extends SeriesRow>(
  report: { from: string; to: string; granularity: ReportGranularity; series: Row[]; previousSeries: Row[] },
  valueOf: (row: Row) => number | null | undefined,
): PeriodPoint[] {
  const start = startOf(report.from);
  const end = new Date(startOf(report.to).getTime() + DAY_MS);
  const previousStart = new Date(start.getTime() - (end.getTime() - start.getTime()));
  const count = report.granularity === "MONTH" ? periodsBetween(start, end, "MONTH") + (end.getUTCDate() === 1 ? 0 : 1) : periodsBetween(start, end, report.granularity);
  const byIndex = (rows: Row[], from: Date) => new Map(rows.map((row) => [periodsBetween(from, new Date(row.key), report.granularity), valueOf(row) ?? null]));
  const current = byIndex(report.series, start);
  const previous = byIndex(report.previousSeries, previousStart);
  return Array.from({ length: count }, (_, index) => ({
    period: periodStart(start, index, report.granularity).toISOString(),
    current: current.get(index) ?? null,
    previous: previous.get(index) ?? null,
  }));
}

/** A period's start as its axis label, in the report's time zone. */
export function periodLabel(period: string, granularity: ReportGranularity, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === "HOUR"
      ? { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
      : granularity === "MONTH"
        ? { month: "short", year: "numeric" }
        : { month: "short", day: "numeric" };
  const start = new Date(period);
  // Recharts also asks for labels where no period is under the pointer.
  if (Number.isNaN(start.getTime())) return "";
  return new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(start);
}
