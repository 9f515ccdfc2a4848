import { FACT_SUM_COLUMNS, type FactSumField, type FactSums } from "./fact-sums";

export type Audience = "publisher" | "advertiser" | "network";

/** The figures each audience reads: an advertiser never sees what publishers earn, nor a publisher what advertisers pay. */
export const METRICS = {
  publisher: ["requests", "impressions", "fillRate", "clicks", "ctr", "revenue", "ecpm", "measured", "viewable", "viewabilityRate", "videoStarts", "completes", "completionRate", "expansions", "bidRequests", "bids", "wins", "winRate", "losses", "lossCpm"],
  advertiser: ["impressions", "clicks", "ctr", "spend", "conversions", "conversionRate", "ecpm", "cpc", "cpa", "measured", "viewable", "viewabilityRate", "videoStarts", "completes", "completionRate", "expansions", "cpcv"],
  network: ["requests", "impressions", "fillRate", "clicks", "ctr", "spend", "publisherEarnings", "margin", "ecpm", "measured", "viewable", "viewabilityRate", "videoStarts", "completes", "completionRate", "expansions", "bidRequests", "bids", "wins", "winRate", "losses", "lossCpm"],
} as const;
export type Metric = (typeof METRICS)[Audience][number];

/** How a metric is made of a group's sums: one of them, one less another, or one per unit of another. */
type Formula = { sum: FactSumField } | { difference: [FactSumField, FactSumField] } | { ratio: [FactSumField, FactSumField] };

/**
 * How a metric reads: a count as it is, money in dollars, a rate in percent (two decimals), a price
 * per unit (CPC, CPA) or per thousand (eCPM) in dollars with four.
 */
type Unit = "count" | "money" | "percent" | "price" | "pricePerMille";

interface MetricDeclaration {
  unit: Unit;
  formula: Formula | ((audience: Audience) => Formula);
}

const count = (field: FactSumField): MetricDeclaration => ({ unit: "count", formula: { sum: field } });
const rate = (part: FactSumField, whole: FactSumField): MetricDeclaration => ({ unit: "percent", formula: { ratio: [part, whole] } });
const price = (paid: FactSumField, per: FactSumField): MetricDeclaration => ({ unit: "price", formula: { ratio: [paid, per] } });

/** Every metric's one formula: the dashboards, the CSV and the database's ordering are all read from it. */
const METRIC_DECLARATIONS: Record<Metric, MetricDeclaration> = {
  requests: count("requests"),
  impressions: count("impressions"),
  clicks: count("clicks"),
  conversions: count("conversions"),
  measured: count("measured"),
  viewable: count("viewable"),
  videoStarts: count("videoStarts"),
  completes: count("completes"),
  expansions: count("expansions"),
  bidRequests: count("bidRequests"),
  bids: count("bids"),
  wins: count("wins"),
  losses: count("losses"),
  spend: { unit: "money", formula: { sum: "spendMicros" } },
  revenue: { unit: "money", formula: { sum: "revenueMicros" } },
  publisherEarnings: { unit: "money", formula: { sum: "revenueMicros" } },
  margin: { unit: "money", formula: { difference: ["spendMicros", "revenueMicros"] } },
  fillRate: rate("filledRequests", "requests"),
  ctr: rate("clicks", "impressions"),
  conversionRate: rate("conversions", "clicks"),
  viewabilityRate: rate("viewable", "measured"),
  completionRate: rate("completes", "videoStarts"),
  winRate: rate("wins", "bids"),
  // A publisher's eCPM is what they earn a thousand impressions; everyone else's is what advertisers pay.
  ecpm: { unit: "pricePerMille", formula: (audience) => ({ ratio: [audience === "publisher" ? "revenueMicros" : "spendMicros", "impressions"] }) },
  cpc: price("spendMicros", "clicks"),
  cpa: price("spendMicros", "conversions"),
  cpcv: price("spendMicros", "completes"),
  // The clearing prices lost bids' notices told are already per thousand: their mean is a price as it is.
  lossCpm: price("lossPriceMicros", "losses"),
};

function formulaOf(metric: Metric, audience: Audience): Formula {
  const { formula } = METRIC_DECLARATIONS[metric];
  return typeof formula === "function" ? formula(audience) : formula;
}

/** A metric's exact value for ordering: money in micros, rates as fractions; null where it has no whole. */
export function metricValue(metric: Metric, audience: Audience, sums: FactSums): number | null {
  const formula = formulaOf(metric, audience);
  if ("sum" in formula) return sums[formula.sum];
  if ("difference" in formula) return sums[formula.difference[0]] - sums[formula.difference[1]];
  const [part, whole] = formula.ratio;
  return sums[whole] > 0 ? sums[part] / sums[whole] : null;
}

/** The same value as SQL over a group of facts aliased `f`, for ordering a breakdown in the database before it is paged. */
export function metricSql(metric: Metric, audience: Audience): string {
  const sum = (field: FactSumField) => `SUM(f.${FACT_SUM_COLUMNS[field]})`;
  const formula = formulaOf(metric, audience);
  if ("sum" in formula) return sum(formula.sum);
  if ("difference" in formula) return `(${sum(formula.difference[0])} - ${sum(formula.difference[1])})`;
  const [part, whole] = formula.ratio;
  // 1e0 is a floating literal on both engines: MariaDB's decimal division (1.0) kept 5 digits, so close rates tied and ordered unlike the dashboards.
  return `(${sum(part)} * 1e0 / NULLIF(${sum(whole)}, 0))`;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A metric as people read it, the same in the dashboards and the CSV; null where there is nothing to divide by. */
export function displayValue(metric: Metric, audience: Audience, sums: FactSums): number | null {
  const value = metricValue(metric, audience, sums);
  if (value === null) return null;
  switch (METRIC_DECLARATIONS[metric].unit) {
    case "count":
      return value;
    case "money":
      return value / 1_000_000;
    case "percent":
      return round(value * 100, 2);
    case "price":
      return round(value / 1_000_000, 4);
    case "pricePerMille":
      return round((value * 1000) / 1_000_000, 4);
  }
}
