import type { ListValue } from "./rule";

/**
 * What share of requests each device, system, browser and language brings, where the read model
 * keeps no such dimension: rounded public web-traffic averages (StatCounter's 2025 global figures),
 * assumed for this network. "other" takes the rest.
 */
export const ASSUMED_SHARES: Record<string, Record<string, number>> = {
  devices: { desktop: 0.4, mobile: 0.56, tablet: 0.03, other: 0.01 },
  operatingSystems: { windows: 0.26, macos: 0.06, ios: 0.18, android: 0.42, linux: 0.02, chromeos: 0.01, other: 0.05 },
  browsers: { chrome: 0.66, safari: 0.17, edge: 0.05, firefox: 0.03, opera: 0.02, samsung: 0.03, other: 0.04 },
  languages: { en: 0.5, es: 0.07, de: 0.05, fr: 0.04, pt: 0.04, ja: 0.03, ru: 0.03, it: 0.02, zh: 0.02, tr: 0.02, nl: 0.02, pl: 0.02, other: 0.14 },
};

/** A language the table does not list brings this share. */
const UNLISTED_LANGUAGE_SHARE = 0.005;

/** The assumed share of a page carrying one of a campaign's wanted keywords: keywords are the pages' own, unknown until they are sent. */
export const KEYWORD_MATCH_SHARE = 0.1;

/** The share of requests a list rule of `key` keeps, by the assumed averages. */
export function assumedShare(key: string, { mode, values }: ListValue): number {
  const shares = ASSUMED_SHARES[key];
  const listed = Math.min(1, values.reduce((sum, value) => sum + (shares[value] ?? UNLISTED_LANGUAGE_SHARE), 0));
  return mode === "include" ? listed : 1 - listed;
}

/**
 * The requests one visitor sends in an hour, a day and a week, where the read model keeps no
 * visitor counts: a few pages a visit, a visit or two a day. What a frequency cap holds back is
 * estimated from these, and the forecast says so.
 */
export const VISITOR_REQUESTS = { hour: 3, day: 8, week: 30 } as const;
