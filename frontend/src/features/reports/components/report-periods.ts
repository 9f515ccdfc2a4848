import type { ReportGranularity } from "../../../gql/graphql";

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
 * the reporting time zone), the one list its series and a date breakdown's table rows are made of,
 * quiet periods included (zero counts, null rates). The axis is the server's list, never the
 * series' own keys: a period a series lacks stays on it with `quiet` as its value, zero for a figure
 * that adds up, null (a gap) for a rate or a price, which has nothing to divide by.
 */
export function comparePeriods<Row extends SeriesRow>(
  report: { periods: string[]; previousPeriods: string[]; series: Row[]; previousSeries: Row[] },
  valueOf: (row: Row) => number | null | undefined,
  quiet: 0 | null,
): PeriodPoint[] {
  const byKey = (rows: Row[]) => new Map(rows.map((row) => [new Date(row.key).getTime(), valueOf(row) ?? null]));
  const current = byKey(report.series);
  const previous = byKey(report.previousSeries);
  const at = (values: Map<number, number | null>, period: string) => {
    const value = values.get(new Date(period).getTime());
    return value === undefined ? quiet : value;
  };
  return report.periods.map((period, index) => ({
    period,
    current: at(current, period),
    previous: index < report.previousPeriods.length ? at(previous, report.previousPeriods[index]) : null,
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
