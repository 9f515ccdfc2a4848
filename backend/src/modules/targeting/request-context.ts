import type { ZoneEntry } from "../delivery/model";
import { pageKeywords, visitorLanguage } from "./page-signals";
import type { TargetingRequest } from "./request";
import { type ClientHints, userAgentTraits } from "./user-agent";

/** What an ad request carries for targeting, as sent: headers, and what the tag read from the page. */
export interface RequestSignals {
  userAgent: string | undefined;
  hints: ClientHints;
  acceptLanguage: string | undefined;
  /** navigator.language, as the tag sent it (`lang`). */
  language: unknown;
  /** The page's keywords, comma-separated (`kw`). */
  keywords: unknown;
}

/** The request as targeting reads it, built once per ad request; nothing in it can fail on what a page sends. */
export function targetingRequestOf(signals: RequestSignals, zone: ZoneEntry, country: string, atMs: number, audienceIds: readonly number[]): TargetingRequest {
  // Named fields, not a spread of the traits: the spread made this 8 µs a request instead of 0.3.
  const { device, os, browser } = userAgentTraits(signals.userAgent, signals.hints);
  return {
    device,
    os,
    browser,
    language: visitorLanguage(signals.language, signals.acceptLanguage),
    keywords: pageKeywords(signals.keywords),
    zoneId: zone.id,
    siteId: zone.siteId,
    siteDomain: zone.domain,
    siteCategory: zone.siteCategory,
    country,
    audienceIds,
    atMs,
  };
}
