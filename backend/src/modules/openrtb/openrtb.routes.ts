import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientHintsOf, header, historyOf, membershipsOf, openToPageHeaders, type Query } from "../delivery/request/ad-request";
import type { AdServer } from "../delivery/ad-server";
import type { Visit } from "../delivery/request/visit";
import type { CdnCountryReader } from "../delivery/request/cdn-country";
import { MAX_PAGE_LENGTH } from "../delivery/request/page-host";
import type { RequestSignals } from "../targeting/request-context";
import { type AuctionContext, CURRENCY, NO_BID_REASON, runAuction } from "./auction";
import { bidRequestOf, type BidRequest, type StructuredUserAgent } from "./bid-request";
import { MalformedBidRequest } from "./malformed-bid-request";
import { INVALID_REASON_LABELS } from "../delivery/quality/invalid-reasons";
import { consentOf } from "../consent/consent";
import type { PartnerDirectory } from "../exchanges/partner-directory";
import type { ExchangeVisitors } from "./exchange-visitors";
import { callerOf, hintsOfSua, partnerNoticeVisit, serverSideVisitOf } from "./server-side";
import { partnerNoticeOf, partnerNoticeQuery } from "./partner-notice";

/** A BidRequest of a page with a few dozen slots fits many times over; anything larger is refused unread. */
export const MAX_BID_REQUEST_BYTES = 64 * 1024;

const hintsOf = (sua: StructuredUserAgent | undefined, request: FastifyRequest): RequestSignals["hints"] => (sua ? hintsOfSua(sua) : clientHintsOf(request));

/**
 * The visitor as the ad server judges them: the browser that sent the request (Prebid asks from the
 * page), on the page the request names. Consent decides as for the tag: without consent to store,
 * no history is read or written; the cross-site cookie needs more.
 */
function visitOfBid(request: FastifyRequest, bid: BidRequest, cdnCountry: CdnCountryReader): Visit {
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

function signalsOfBid(request: FastifyRequest, bid: BidRequest): RequestSignals {
  return {
    userAgent: bid.device.ua ?? header(request, "user-agent"),
    hints: hintsOf(bid.device.sua, request),
    acceptLanguage: header(request, "accept-language"),
    language: bid.device.language,
    keywords: undefined,
  };
}

interface OpenrtbOptions {
  adServer: AdServer;
  publicOrigin: (request: FastifyRequest) => string;
  cdnCountry: CdnCountryReader;
  offerTtlSeconds: number;
  partners: PartnerDirectory;
  visitors: ExchangeVisitors;
}

/** Why a partner's billing notice was not billed, as its answer's status. */
const NOTICE_STATUS: Partial<Record<string, number>> = { bad_signature: 400, expired: 410, replay: 409 };

/**
 * Header bidding (OpenRTB 2.6): Prebid.js posts a BidRequest from the publisher's page, with
 * credentials and as text/plain (no preflight), and the bidder answers with the ad server's own
 * decision. The won bid's `burl` is the tag's impression link: it counts and bills once. An exchange
 * partner's server posts with its credential for visitors it describes; its bids' `burl` and `nurl`
 * are a billing notice for its server to call (see server-side.ts).
 */
export async function openrtbRoutes(app: FastifyInstance, { adServer, publicOrigin, cdnCountry, offerTtlSeconds, partners, visitors }: OpenrtbOptions): Promise<void> {
  const log = app.log.child({ module: "openrtb" }, { level: "warn" });
  app.addHook("onRoute", (route) => {
    route.childLoggerFactory = () => log;
  });
  // The body is read as text whatever its type says, so malformed JSON gets the bidder's own answer.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: MAX_BID_REQUEST_BYTES }, (_request, body, done) => done(null, body));
  // What Fastify refuses before the handler (an oversized body, a bad encoding) is answered in the bidder's words.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    reply.headers(openToPageHeaders(request));
    if (error.statusCode === 413) return reply.code(413).send({ detail: `A bid request is at most ${MAX_BID_REQUEST_BYTES} bytes` });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return reply.code(error.statusCode).send({ detail: error.message });
    request.log.error({ err: error }, "the bid request failed");
    return reply.code(500).send({ detail: "The bidder could not answer" });
  });

  app.options("/openrtb2/auction", (request, reply) =>
    reply
      .headers(openToPageHeaders(request))
      .header("access-control-allow-methods", "POST, OPTIONS")
      .header("access-control-allow-headers", "content-type")
      .header("access-control-max-age", "600")
      .code(204)
      .send(),
  );

  app.post("/openrtb2/auction", (request, reply) => {
    const startedAtMs = Date.now();
    reply.headers(openToPageHeaders(request));
    let bid: BidRequest;
    try {
      bid = bidRequestOf(JSON.parse(typeof request.body === "string" ? request.body : ""));
    } catch (error) {
      if (error instanceof SyntaxError) return reply.code(400).send({ detail: "The bid request is not JSON" });
      if (error instanceof MalformedBidRequest) return reply.code(400).send({ detail: error.message });
      throw error;
    }
    const caller = callerOf(request, partners);
    if (caller.kind === "refused") return reply.code(caller.status).send({ detail: caller.detail });
    const origin = publicOrigin(request);
    let ctx: AuctionContext;
    if (caller.kind === "partner") {
      const serverSide = serverSideVisitOf(bid, caller.partner, visitors);
      if (!serverSide) return reply.send({ id: bid.id, nbr: NO_BID_REASON.invalidRequest, ext: { adnet: { reason: "device.ip (or device.ipv6) is required from an exchange's server" } } });
      const { visit, signals, capKey } = serverSide;
      const partnerNotice = (token: string) => `${origin}/openrtb2/billing?${partnerNoticeQuery(visitors, token, caller.partner.id, capKey)}`;
      ctx = { adServer, visit, signals, origin, offerTtlSeconds, startedAtMs, partnerNotice };
    } else {
      ctx = { adServer, visit: visitOfBid(request, bid, cdnCountry), signals: signalsOfBid(request, bid), origin, offerTtlSeconds, startedAtMs };
    }
    const result = runAuction(ctx, bid);
    if ("nbr" in result) return reply.send({ id: bid.id, nbr: result.nbr, ext: { adnet: { reason: result.reason } } });
    if (result.bids.length === 0) return reply.code(204).send();
    return reply.send({ id: bid.id, cur: CURRENCY, seatbid: [{ seat: "adnet", bid: result.bids }] });
  });

  // A lost bid's notice: the loss is kept in the publisher's report; nothing is charged.
  app.get("/openrtb2/loss", (request, reply) => {
    const { d, price } = request.query as Query;
    const counted = adServer.countLoss(d, price);
    return reply.headers(openToPageHeaders(request)).code(counted.reason === "bad_signature" ? 400 : 204).send(counted.reason === "bad_signature" ? { detail: "This notice is not valid" } : undefined);
  });

  // A partner's server bills a won bid (its burl, or its nurl: the same link, billed once), by the price macro.
  app.get("/openrtb2/billing", async (request, reply) => {
    const { d, x } = request.query as Query;
    const notice = partnerNoticeOf(visitors, partners, d, x);
    if (!notice) return reply.code(400).send({ detail: "This notice is not a partner's billing notice" });
    const visit = partnerNoticeVisit(request, adServer.offeredConsent(d), visitors.historyOf(notice.capKey));
    const counted = await adServer.countImpression(d, visit, { measured: false, won: true, fromPartner: true });
    if (counted.history) visitors.remember(notice.capKey, counted.history.cookie);
    if (counted.counted) return reply.code(204).send();
    return reply.code(NOTICE_STATUS[counted.reason ?? ""] ?? 403).send({ detail: `Not billed: ${INVALID_REASON_LABELS[counted.reason ?? "bad_signature"].toLowerCase()}` });
  });

  // A test request's notices: a test bid is never billed nor counted.
  app.get("/openrtb2/notice", (request, reply: FastifyReply) => reply.headers(openToPageHeaders(request)).code(204).send());
}
