/** The device kinds a request is sorted into; "other" is a user agent the parser could not place (a TV, an unknown client). */
export const DEVICES = ["desktop", "mobile", "tablet", "other"] as const;
export type Device = (typeof DEVICES)[number];

/**
 * What one ad request tells about where and to whom the ad would show, built once per /serve and
 * read by every candidate campaign's compiled targeting.
 */
export interface TargetingRequest {
  device: Device;
  /** An OPERATING_SYSTEMS value, or "other". */
  os: string;
  /** A BROWSERS value, or "other". */
  browser: string;
  /** The visitor's preferred language as a lower-case primary subtag (en, de), or "" when unknown. */
  language: string;
  /** The page's keywords, normalised (see pageKeywords). */
  keywords: readonly string[];
  zoneId: number;
  siteId: number;
  siteDomain: string;
  siteCategory: string;
  /** ISO 3166-1 alpha-2, or XX. */
  country: string;
  /**
   * The audiences the visitor belongs to today (see audiences/memberships.ts), read only where the
   * request's consent allows storage and personalised ads; empty when unknown or not allowed.
   */
  audienceIds: readonly number[];
  atMs: number;
}

/** A campaign's targeting, compiled: whether it may show on one request. */
export type Predicate = (request: TargetingRequest) => boolean;
