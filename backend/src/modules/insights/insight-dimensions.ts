import { HOUR_MS, periodStartMs } from "../reports/grains";

/**
 * What insights break a subject's traffic down by, each declared once: its label, and what it is
 * counted from. Where an ad was shown (site, zone, category, country, hour) is known of every
 * impression, click and conversion; the visitor's device and the page's keywords only of the ad
 * request, so those compare requests served.
 */
export const INSIGHT_DIMENSIONS = {
  site: { label: "Sites", measure: "impressions" },
  zone: { label: "Zones", measure: "impressions" },
  category: { label: "Site categories", measure: "impressions" },
  // A page has several keywords or none: a keyword's share is of every request, which the device dimension counts once each.
  keyword: { label: "Page keywords", measure: "requests", shareOf: "device" },
  device: { label: "Devices", measure: "requests" },
  country: { label: "Countries", measure: "impressions" },
  hour: { label: "Hours of the day", measure: "impressions" },
} as const satisfies Record<string, { label: string; measure: InsightMeasure; shareOf?: string }>;

export type InsightDimension = keyof typeof INSIGHT_DIMENSIONS;
export const INSIGHT_DIMENSION_KEYS = Object.keys(INSIGHT_DIMENSIONS) as InsightDimension[];

export type InsightMeasure = "requests" | "impressions";

/** The dimension whose total a dimension's shares are of: its own, unless declared otherwise. */
export const wholeOf = (dimension: InsightDimension): InsightDimension => (INSIGHT_DIMENSIONS[dimension] as { shareOf?: InsightDimension }).shareOf ?? dimension;

/** Whose traffic a row counts, as the table keys it: the whole network's, a campaign's, or an audience's members'. */
export const INSIGHT_SUBJECTS = { network: "n", campaign: "c", audience: "a" } as const;
export type InsightSubject = (typeof INSIGHT_SUBJECTS)[keyof typeof INSIGHT_SUBJECTS];

/** The value the hour starting at `hourMs` is kept as: its hour of the day in the reporting time zone, "00" to "23", so they sort as they read. */
export const hourValue = (hourMs: number): string => String(Math.floor((hourMs - periodStartMs("d", hourMs)) / HOUR_MS)).padStart(2, "0");
