import { type AdRequest, clientHintsOf, header, historyOf, membershipsOf } from "../delivery/request/ad-request";
import type { AdServer } from "../delivery/ad-server";
import type { Visit } from "../delivery/request/visit";
import type { CdnCountryReader } from "../delivery/request/cdn-country";
import { MAX_PAGE_LENGTH } from "../delivery/request/page-host";
import type { RequestSignals } from "../targeting/request-context";
import { consentOf } from "../consent/consent";
import type { PartnerDirectory } from "../exchanges/partner-directory";
import { type AuctionContext, CURRENCY, NO_BID_REASON, runAuction } from "./auction";
import { bidRequestOf, type BidRequest } from "./bid-request";
import type { ExchangeVisitors } from "./exchange-visitors";
import { MalformedBidRequest } from "./malformed-bid-request";
import { partnerNoticeQuery } from "./partner-notice";
import { callerOf, hintsOfSua, serverSideVisitOf } from "./server-side";

/** A BidRequest of a page with a few dozen slots fits many times over; anything larger is refused unread. */
export const MAX_BID_REQUEST_BYTES = 64 * 1024;

/** What the bidder answers a bid request with. */
export interface BidderParts {
  adServer: AdServer;
  publicOrigin: (request: AdRequest) => string;
  cdnCountry: CdnCountryReader;
  offerTtlSeconds: number;
  partners: PartnerDirectory;
  visitors: ExchangeVisitors;
}

/** A bid request's answer: its status and JSON body, empty for 204. */
export interface BidAnswer {
  statusCode: number;
  body: string;
}

/**
 * The visitor as the ad server judges them: the browser that sent the request (Prebid asks from the
 * page), on the page the request names. Consent decides as for the tag: without consent to store,
 * no history is read or written; the cross-site cookie needs more.
 */
function visitOfBid(request: AdRequest, bid: BidRequest, cdnCountry: CdnCountryReader): Visit {
  const page = bid.page ?? (bid.domain ? `https://${bid.domain}/` : undefined);
  const consent = consentOf(bid.consent);
  return {
    ip: request.ip,
    userAgent: bid.device.ua ?? header(request, "user-agent"),
    cdnCountry: cdnCountry(request),
    page: page?.slice(0, MAX_PAGE_LENGTH),
    origin: header(request, "origin"),
    referer: header(request, "referer"),
    consent,
    history: historyOf(request, consent),
    memberships: membershipsOf(request, consent),
  };
}

function signalsOfBid(request: AdRequest, bid: BidRequest): RequestSignals {
  return {
    userAgent: bid.device.ua ?? header(request, "user-agent"),
    hints: bid.device.sua ? hintsOfSua(bid.device.sua) : clientHintsOf(request),
    acceptLanguage: header(request, "accept-language"),
    language: bid.device.language,
    keywords: undefined,
  };
}

const json = (statusCode: number, value: unknown): BidAnswer => ({ statusCode, body: JSON.stringify(value) });
const noBid = (id: string, nbr: number, reason: string) => json(200, { id, nbr, ext: { adnet: { reason } } });

/**
 * Header bidding (OpenRTB 2.6): Prebid.js posts a BidRequest from the publisher's page, with
 * credentials and as text/plain (no preflight), and the bidder answers with the ad server's own
 * decision; its `burl` is the tag's impression link. An exchange partner's server posts with its
 * credential for visitors it describes; its bids' `burl` and `nurl` are a billing notice for its
 * server to call (see server-side.ts).
 */
export function answerBidRequest(parts: BidderParts, request: AdRequest, text: string, startedAtMs: number): BidAnswer {
  let bid: BidRequest;
  try {
    bid = bidRequestOf(JSON.parse(text));
  } catch (error) {
    if (error instanceof SyntaxError) return json(400, { detail: "The bid request is not JSON" });
    if (error instanceof MalformedBidRequest) return json(400, { detail: error.message });
    throw error;
  }
  const { adServer, offerTtlSeconds, visitors } = parts;
  const caller = callerOf(request, parts.partners);
  if (caller.kind === "refused") return json(caller.status, { detail: caller.detail });
  const origin = parts.publicOrigin(request);
  let ctx: AuctionContext;
  if (caller.kind === "partner") {
    const serverSide = serverSideVisitOf(bid, caller.partner, visitors);
    if (!serverSide) return noBid(bid.id, NO_BID_REASON.invalidRequest, "device.ip (or device.ipv6) is required from an exchange's server");
    const { visit, signals, capKey } = serverSide;
    const partnerNotice = (token: string) => `${origin}/openrtb2/billing?${partnerNoticeQuery(visitors, token, caller.partner.id, capKey)}`;
    ctx = { adServer, visit, signals, origin, offerTtlSeconds, startedAtMs, partnerNotice };
  } else {
    ctx = { adServer, visit: visitOfBid(request, bid, parts.cdnCountry), signals: signalsOfBid(request, bid), origin, offerTtlSeconds, startedAtMs };
  }
  const result = runAuction(ctx, bid);
  if ("nbr" in result) return noBid(bid.id, result.nbr, result.reason);
  if (result.bids.length === 0) return { statusCode: 204, body: "" };
  return json(200, { id: bid.id, cur: CURRENCY, seatbid: [{ seat: "adnet", bid: result.bids }] });
}
