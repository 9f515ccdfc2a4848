import type { NetworkReportQuery } from "../../../gql/graphql";

type Report = Pick<NetworkReportQuery["networkReport"], "periods" | "invalid">;

export interface RefusedSeries {
  /** `event.reason`, the key of its figures in each period. */
  name: string;
  label: string;
}

/**
 * The refused events as the chart draws them: one entry per period the server lists, quiet ones
 * included with zeros, so a lone busy day is one bar among the range's days rather than the whole
 * width; and one series per kind of event and reason.
 */
export function refusedPerPeriod(report: Report, reasonInWords: (reason: string) => string) {
  const series = new Map<string, string>();
  for (const point of report.invalid) series.set(`${point.event}.${point.reason}`, `${point.event}: ${reasonInWords(point.reason)}`);
  const zeros = Object.fromEntries([...series.keys()].map((name) => [name, 0]));
  const periods = new Map(report.periods.map((period) => [new Date(period).getTime(), { period, ...zeros } as Record<string, number | string>]));
  for (const point of report.invalid) {
    const period = periods.get(new Date(point.key).getTime());
    if (period) period[`${point.event}.${point.reason}`] = point.events;
  }
  return { periods: [...periods.values()], series: [...series].map(([name, label]): RefusedSeries => ({ name, label })) };
}
