import { Chart, useChart } from "@chakra-ui/charts";
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { PeriodPoint } from "./report-periods";
import { SeriesLegend } from "./series-legend";

export interface ReportChartProps {
  points: PeriodPoint[];
  formatValue: (value: number) => string;
  formatPeriod: (period: string) => string;
  /** A count's axis ticks at whole numbers: no quarter of an impression. */
  wholeNumbers: boolean;
}

const SERIES: { name: keyof PeriodPoint; label: string; color: string; strokeDasharray?: string }[] = [
  { name: "current", label: "This period", color: "brand.solid" },
  { name: "previous", label: "Previous period", color: "gray.500", strokeDasharray: "5 4" },
];

/** The chosen figure per period, this range against the one just before. Loaded on its own, with recharts. */
export default function ReportChart({ points, formatValue, formatPeriod, wholeNumbers }: ReportChartProps) {
  const chart = useChart({ data: points, series: SERIES });
  const tick = { fill: chart.color("fg.muted"), fontSize: 12 };

  return (
    <>
      <Chart.Root maxH="xs" chart={chart}>
        <LineChart responsive data={chart.data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid stroke={chart.color("border")} vertical={false} />
          <XAxis dataKey={chart.key("period")} tickFormatter={formatPeriod} tick={tick} stroke={chart.color("border")} minTickGap={16} />
          <YAxis tickFormatter={formatValue} allowDecimals={!wholeNumbers} tick={tick} stroke={chart.color("border")} width={72} />
          <Tooltip
            animationDuration={100}
            labelFormatter={(period) => formatPeriod(String(period))}
            content={<Chart.Tooltip formatter={(value) => formatValue(Number(value))} />}
          />
          {chart.series.map((item) => (
            <Line
              key={item.name}
              isAnimationActive={false}
              dataKey={chart.key(item.name)}
              name={String(item.label)}
              stroke={chart.color(item.color)}
              strokeWidth={2}
              strokeDasharray={item.strokeDasharray}
              dot={{ r: 2, fill: chart.color(item.color) }}
            />
          ))}
        </LineChart>
      </Chart.Root>
      <SeriesLegend items={SERIES.map(({ label, color, strokeDasharray }) => ({ label, color, dashed: Boolean(strokeDasharray) }))} />
    </>
  );
}
