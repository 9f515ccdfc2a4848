import { Chart, useChart } from "@chakra-ui/charts";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { SeriesLegend } from "./series-legend";
import type { RefusedSeries } from "./refused-traffic";

export interface InvalidTrafficChartProps {
  /** One entry per period: its start and the events of each series. */
  periods: Record<string, number | string>[];
  series: RefusedSeries[];
  formatPeriod: (period: string) => string;
}

/** A bar no wider than this, so a range of few periods does not draw a wall of colour. */
const BAR_MAX_PX = 40;

const COLORS = ["red.500", "orange.500", "purple.500", "cyan.600", "pink.500", "teal.500", "yellow.600", "blue.500", "gray.500", "green.600"];

/** Refused events per period, stacked by kind and reason. Loaded on its own, with recharts. */
export default function InvalidTrafficChart({ periods, series, formatPeriod }: InvalidTrafficChartProps) {
  const coloured = series.map((item, index) => ({ ...item, color: COLORS[index % COLORS.length] }));
  const chart = useChart({ data: periods, series: coloured.map(({ name, label, color }) => ({ name, label, color, stackId: "refused" })) });
  const tick = { fill: chart.color("fg.muted"), fontSize: 12 };

  return (
    <>
      <Chart.Root maxH="xs" chart={chart}>
        <BarChart responsive data={chart.data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid stroke={chart.color("border")} vertical={false} />
          <XAxis dataKey={chart.key("period")} tickFormatter={formatPeriod} tick={tick} stroke={chart.color("border")} minTickGap={16} />
          <YAxis allowDecimals={false} tick={tick} stroke={chart.color("border")} width={48} />
          <Tooltip animationDuration={100} cursor={{ fill: chart.color("bg.muted") }} labelFormatter={(period) => formatPeriod(String(period))} content={<Chart.Tooltip />} />
          {chart.series.map((item) => (
            <Bar key={item.name} isAnimationActive={false} dataKey={chart.key(item.name)} name={String(item.label)} fill={chart.color(item.color)} stackId={item.stackId} maxBarSize={BAR_MAX_PX} />
          ))}
        </BarChart>
      </Chart.Root>
      <SeriesLegend items={coloured} />
    </>
  );
}
