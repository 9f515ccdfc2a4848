import type { ReportGranularity } from "../../gql/graphql";

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
 * against day 3 of the last. The server names every period of both ranges (its days are those of
 * the reporting time zone) but leaves out of the series the periods with nothing counted; they stay
 * on the axis, empty, so a quiet day reads as a gap instead of vanishing.
 */
export function comparePeriods<Row extends SeriesRow>(
  report: { periods: string[]; previousPeriods: string[]; series: Row[]; previousSeries: Row[] },
  valueOf: (row: Row) => number | null | undefined,
): PeriodPoint[] {
  const byKey = (rows: Row[]) => new Map(rows.map((row) => [new Date(row.key).getTime(), valueOf(row) ?? null]));
  const current = byKey(report.series);
  const previous = byKey(report.previousSeries);
  return report.periods.map((period, index) => ({
    period,
    current: current.get(new Date(period).getTime()) ?? null,
    previous: index < report.previousPeriods.length ? (previous.get(new Date(report.previousPeriods[index]).getTime()) ?? null) : null,
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
