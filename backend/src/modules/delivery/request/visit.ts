import type { Consent } from "../../consent/consent";
import type { CarriedHistory } from "../../frequency-caps/visitor-histories";

/** Who is asking, as the HTTP layer saw it. */
export interface Visit {
  ip: string;
  userAgent: string | undefined;
  /** The visitor's country as the trusted CDN in front names it, when one is configured. */
  cdnCountry: string | undefined;
  /** The page the tag runs on (ad requests only), cut to MAX_PAGE_LENGTH. */
  page: string | undefined;
  origin: string | undefined;
  referer: string | undefined;
  /** The frequency-cap history the request carried (see VisitorHistories). */
  history: CarriedHistory;
  /** The audience memberships cookie, read only where consent allows retargeting (see mayRetarget). */
  memberships: string | undefined;
  /** What the request's privacy signals allow (see modules/consent). */
  consent: Consent;
}
