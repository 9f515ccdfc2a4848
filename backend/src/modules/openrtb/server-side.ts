import type { FastifyRequest } from "fastify";
import { consentOf, type Consent } from "../consent/consent";
import { type AdRequest, header } from "../delivery/request/ad-request";
import { MAX_PAGE_LENGTH } from "../delivery/request/page-host";
import type { Visit } from "../delivery/request/visit";
import type { KnownPartner, PartnerDirectory } from "../exchanges/partner-directory";
import type { RequestSignals } from "../targeting/request-context";
import type { BidRequest, StructuredUserAgent } from "./bid-request";
import type { ExchangeVisitors } from "./exchange-visitors";

/** Who calls the bidder: a browser (Prebid.js on the page), an exchange partner's server, or a call to refuse with its status and words. */
export type Caller = { kind: "browser" } | { kind: "partner"; partner: KnownPartner } | { kind: "refused"; status: 401 | 403; detail: string };

const BEARER = /^Bearer\s+(\S+)$/i;
const BROWSER: Caller = { kind: "browser" };

/**
 * A call with `Authorization: Bearer <credential>` is an exchange partner's, from its servers; one
 * without is a browser's. A credential that is no live partner's is refused, never taken for a
 * browser's call; so is a partner's credential from outside the networks it named.
 */
export function callerOf(request: Pick<AdRequest, "headers" | "ip">, partners: PartnerDirectory): Caller {
  const authorization = header(request, "authorization");
  if (authorization === undefined) return BROWSER;
  const credential = BEARER.exec(authorization)?.[1];
  const partner = credential ? partners.partnerOf(credential) : null;
  if (!partner) return { kind: "refused", status: 401, detail: "The credential is not an exchange partner's" };
  if (!partner.allows(request.ip)) return { kind: "refused", status: 403, detail: "This partner's credential is not taken from this network" };
  return { kind: "partner", partner };
}

/** The visitor of a partner's request, with the key their caps are kept under (see ExchangeVisitors). */
export interface ServerSideVisit {
  visit: Visit;
  signals: RequestSignals;
  capKey: string;
}

/** A structured user agent told as the client-hint headers targeting reads (Sec-CH-UA, -Mobile, -Platform). */
export function hintsOfSua(sua: StructuredUserAgent): RequestSignals["hints"] {
  return {
    mobile: sua.mobile === undefined ? undefined : `?${sua.mobile}`,
    platform: sua.platform ? `"${sua.platform.brand}"` : undefined,
    brands: sua.browsers?.map(({ brand, version }) => `"${brand}";v="${version?.[0] ?? ""}"`).join(", "),
  };
}

/**
 * The visitor a partner's server describes: their address, user agent and client hints, their page,
 * and their caps as remembered under their ids; nothing of the calling server is read (its address,
 * its headers, a CDN's country for it). Null when the request names no visitor's address.
 */
export function serverSideVisitOf(bid: BidRequest, partner: KnownPartner, visitors: ExchangeVisitors): ServerSideVisit | null {
  if (!bid.device.ip) return null;
  const page = bid.page ?? (bid.domain ? `https://${bid.domain}/` : undefined);
  const consent = consentOf(bid.consent);
  const capKey = consent.mayStore && consent.mayIdentifyAcrossSites ? visitors.capKeyOf(partner.id, bid.user) : "";
  return {
    visit: {
      ip: bid.device.ip,
      userAgent: bid.device.ua,
      cdnCountry: undefined,
      page: page?.slice(0, MAX_PAGE_LENGTH),
      origin: undefined,
      referer: undefined,
      consent,
      history: { cookie: visitors.historyOf(capKey), page: undefined, withheld: !consent.mayStore, shown: undefined },
      memberships: undefined,
    },
    signals: { userAgent: bid.device.ua, hints: bid.device.sua ? hintsOfSua(bid.device.sua) : { mobile: undefined, platform: undefined, brands: undefined }, acceptLanguage: undefined, language: bid.device.language, keywords: undefined },
    capKey,
  };
}

/** A partner's billing notice as the beacon judge reads it: the server's call, the visitor's caps from memory, the consent the offer carries. */
export function partnerNoticeVisit(request: FastifyRequest, offered: Consent | undefined, history: string | undefined): Visit {
  const consent = offered ?? consentOf({});
  return {
    ip: request.ip,
    userAgent: header(request, "user-agent"),
    cdnCountry: undefined,
    page: undefined,
    origin: undefined,
    referer: undefined,
    consent,
    history: { cookie: consent.mayStore && consent.mayIdentifyAcrossSites ? history : undefined, page: undefined, withheld: !consent.mayStore, shown: undefined },
    memberships: undefined,
  };
}
