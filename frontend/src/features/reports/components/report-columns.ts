import { formatCount, formatMoney, formatPercent, formatPrice } from "../../../components/format";
import { METRIC_TERMS, termed } from "../../../components/metric-terms";

/**
 * How a figure reads: a count, a percentage the server already computed, an amount of dollars, or
 * a price per unit (eCPM, CPC, CPA). Counts and amounts add up over periods; the other two divide.
 */
export type MetricKind = "count" | "percent" | "money" | "price";

/** One figure of a report row, named as the API names it (`sortBy` takes the same name). */
export interface MetricColumn<Metric extends string = string> {
  metric: Metric;
  label: string;
  /** What the figure means, on hover of its header (a term of `metric-terms`). */
  hint?: string;
  kind: MetricKind;
}

/** Whether the figure of a period with nothing counted is zero (a count, an amount) rather than none (a rate, a price). */
export const addsUp = (kind: MetricKind) => kind === "count" || kind === "money";

/** A report figure as text; the server sends null where there is nothing to divide by. */
export function formatMetric(value: number | null | undefined, kind: MetricKind): string {
  if (value === null || value === undefined) return "—";
  if (kind === "count") return formatCount(value);
  if (kind === "percent") return formatPercent(value);
  if (kind === "price") return formatPrice(value);
  return formatMoney(value);
}

/** How the ads were seen and played: every audience reads these after its own figures. */
const MEASUREMENT_COLUMNS = [
  { metric: "measured", label: "Measured", kind: "count" },
  { metric: "viewable", label: "Viewable", kind: "count" },
  { metric: "viewabilityRate", label: "Viewability", kind: "percent" },
  { metric: "videoStarts", label: "Video starts", kind: "count" },
  { metric: "completes", label: "Completed views", kind: "count" },
  { metric: "completionRate", label: "Completion rate", kind: "percent" },
  { metric: "expansions", label: "Expansions", kind: "count" },
] as const satisfies readonly MetricColumn[];

/** What was sold through header bidding (Prebid.js or an exchange): the sellers' reports read these last. */
const HEADER_BIDDING_COLUMNS = [
  { metric: "bidRequests", label: "Bid requests", kind: "count" },
  { metric: "bids", label: "Bids", kind: "count" },
  { metric: "wins", label: "Wins", kind: "count" },
  { metric: "winRate", label: "Win rate", kind: "percent" },
  { metric: "losses", label: "Bids lost", kind: "count" },
  { metric: "lossCpm", label: "Lost to (CPM)", kind: "price" },
] as const satisfies readonly MetricColumn[];

export const PUBLISHER_COLUMNS = [
  { metric: "requests", label: "Requests", kind: "count" },
  { metric: "impressions", label: "Impressions", kind: "count" },
  { metric: "fillRate", label: "Fill rate", kind: "percent" },
  { metric: "clicks", label: "Clicks", kind: "count" },
  { metric: "ctr", label: "CTR", kind: "percent" },
  { metric: "revenue", ...termed(METRIC_TERMS.publisherEarnings), kind: "money" },
  { metric: "ecpm", label: "eCPM", kind: "price" },
  ...MEASUREMENT_COLUMNS,
  ...HEADER_BIDDING_COLUMNS,
] as const satisfies readonly MetricColumn[];

export const ADVERTISER_COLUMNS = [
  { metric: "impressions", label: "Impressions", kind: "count" },
  { metric: "clicks", label: "Clicks", kind: "count" },
  { metric: "ctr", label: "CTR", kind: "percent" },
  { metric: "spend", label: "Spend", kind: "money" },
  { metric: "conversions", label: "Conversions", kind: "count" },
  { metric: "conversionRate", label: "Conversion rate", kind: "percent" },
  { metric: "ecpm", label: "eCPM", kind: "price" },
  { metric: "cpc", label: "CPC", kind: "price" },
  { metric: "cpa", label: "CPA", kind: "price" },
  ...MEASUREMENT_COLUMNS,
  { metric: "cpcv", label: "CPCV", kind: "price" },
] as const satisfies readonly MetricColumn[];

// In the order of the CSV download, so the file reads like the table.
export const NETWORK_COLUMNS = [
  { metric: "requests", label: "Requests", kind: "count" },
  { metric: "impressions", label: "Impressions", kind: "count" },
  { metric: "fillRate", label: "Fill rate", kind: "percent" },
  { metric: "clicks", label: "Clicks", kind: "count" },
  { metric: "ctr", label: "CTR", kind: "percent" },
  { metric: "spend", ...termed(METRIC_TERMS.advertiserSpend), kind: "money" },
  { metric: "publisherEarnings", ...termed(METRIC_TERMS.publisherEarnings), kind: "money" },
  { metric: "margin", ...termed(METRIC_TERMS.networkRevenue), kind: "money" },
  { metric: "ecpm", label: "eCPM", kind: "price" },
  ...MEASUREMENT_COLUMNS,
  ...HEADER_BIDDING_COLUMNS,
] as const satisfies readonly MetricColumn[];
