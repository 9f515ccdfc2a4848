import { formatCount, formatPercent } from "../../../components/format";
import type { StatItem } from "../../../components/stat-card-grid";

type Change = number | null | undefined;

interface TrafficStats {
  impressions: number;
  clicks: number;
  ctr: number;
  monthOverMonth: { impressions?: Change; clicks?: Change; ctr?: Change };
}

/** Impressions, clicks and CTR with their changes: the figures both the publisher's and the advertiser's dashboards open with. */
export function trafficFigures(stats: TrafficStats): StatItem[] {
  const change = stats.monthOverMonth;
  return [
    { label: "Impressions", value: formatCount(stats.impressions), change: { value: change.impressions, unit: "percent" } },
    { label: "Clicks", value: formatCount(stats.clicks), change: { value: change.clicks, unit: "percent" } },
    { label: "CTR", value: formatPercent(stats.ctr), change: { value: change.ctr, unit: "points" } },
  ];
}
