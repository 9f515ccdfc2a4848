import type { InsightDimension } from "./insight-dimensions";
import type { DimensionInsight, IndexedValue } from "./insight-reader";

/**
 * What makes a place part of a lookalike, declared once: an audience's members must be seen there
 * at least `minIndex` / 100 times as often as the network's requests are, on at least
 * `minRequests` of their requests; and the audience must have been seen on `minAudienceRequests`
 * requests in the `historyDays` before, or its shares say nothing yet.
 */
export const LOOKALIKE_RULE = {
  historyDays: 28,
  minIndex: 150,
  minRequests: 20,
  minAudienceRequests: 200,
} as const;

/** The dimensions a lookalike targets: where (sites, zones), what the page is about (keywords), and when (hours). */
export const LOOKALIKE_DIMENSIONS = ["site", "zone", "keyword", "hour"] as const satisfies readonly InsightDimension[];
export type LookalikeDimension = (typeof LOOKALIKE_DIMENSIONS)[number];

/** One place a lookalike targets, with what it was chosen on. */
export interface LookalikePlace {
  dimension: LookalikeDimension;
  value: string;
  index: number;
  requests: number;
}

export type LookalikeSelection = { places: LookalikePlace[]; audienceRequests: number } | { refusal: string };

const qualifies = (value: IndexedValue) => value.index !== null && value.index >= LOOKALIKE_RULE.minIndex && value.count >= LOOKALIKE_RULE.minRequests;

/** The places an audience's insights (its requests by dimension) make over-represented, or why none can be chosen. */
export function selectLookalike(insights: DimensionInsight[]): LookalikeSelection {
  const audienceRequests = insights.find((insight) => insight.dimension === "site")?.total ?? 0;
  const { historyDays, minAudienceRequests, minIndex, minRequests } = LOOKALIKE_RULE;
  if (audienceRequests < minAudienceRequests) {
    return { refusal: `The audience was seen on ${audienceRequests} ad requests in the last ${historyDays} days; a lookalike needs at least ${minAudienceRequests}` };
  }
  const places = LOOKALIKE_DIMENSIONS.flatMap((dimension) =>
    (insights.find((insight) => insight.dimension === dimension)?.values ?? [])
      .filter(qualifies)
      .map((value): LookalikePlace => ({ dimension, value: value.value, index: value.index!, requests: value.count })),
  );
  if (places.length === 0) {
    return { refusal: `No site, zone, keyword or hour has the audience's members over-represented (an index of ${minIndex} or more on at least ${minRequests} requests)` };
  }
  return { places, audienceRequests };
}

/**
 * The requests a day the lookalike's targeting matched in the network's history: those of its zones
 * (of every zone when it names none), times the share of the network's requests at its hours and
 * on pages with its keywords. Those shares are counted apart from the zones, so they narrow the
 * zones' requests as the delivery forecast narrows by a day-part: in proportion.
 */
export function lookalikeRequestsPerDay(zones: readonly string[], hours: readonly string[], keywords: readonly string[], network: DimensionInsight[], historyDays: number): number {
  const of = (dimension: InsightDimension) => network.find((insight) => insight.dimension === dimension);
  const requestsOf = (dimension: InsightDimension, values: readonly string[]) =>
    (of(dimension)?.values ?? []).filter((value) => values.includes(value.value)).reduce((sum, value) => sum + value.networkCount, 0);
  const networkRequests = of("zone")?.networkTotal ?? 0;
  const share = (dimension: InsightDimension, values: readonly string[], whole: number) => (values.length === 0 || whole === 0 ? 1 : Math.min(1, requestsOf(dimension, values) / whole));
  const placed = zones.length === 0 ? networkRequests : requestsOf("zone", zones);
  const narrowed = placed * share("hour", hours, of("hour")?.networkTotal ?? 0) * share("keyword", keywords, of("keyword")?.networkTotal ?? 0);
  return Math.round(narrowed / historyDays);
}
