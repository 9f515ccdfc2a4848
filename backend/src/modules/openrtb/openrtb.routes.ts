import type { FastifyInstance, FastifyReply } from "fastify";
import { openToPageHeaders, type Query } from "../delivery/request/ad-request";
import { INVALID_REASON_LABELS } from "../delivery/quality/invalid-reasons";
import type { BidderParts } from "./bid-answer";
import { partnerNoticeVisit } from "./server-side";
import { partnerNoticeOf } from "./partner-notice";

type OpenrtbOptions = Pick<BidderParts, "adServer" | "partners" | "visitors">;

/** Why a partner's billing notice was not billed, as its answer's status. */
const NOTICE_STATUS: Partial<Record<string, number>> = { bad_signature: 400, expired: 410, replay: 409 };

/**
 * The bidder's notices and its preflight; the bid requests themselves are the bidder lane's (see
 * bidder-lane.ts), answered before Fastify sees them.
 */
export async function openrtbRoutes(app: FastifyInstance, { adServer, partners, visitors }: OpenrtbOptions): Promise<void> {
  const log = app.log.child({ module: "openrtb" }, { level: "warn" });
  app.addHook("onRoute", (route) => {
    route.childLoggerFactory = () => log;
  });
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    reply.headers(openToPageHeaders(request));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return reply.code(error.statusCode).send({ detail: error.message });
    request.log.error({ err: error }, "the notice failed");
    return reply.code(500).send({ detail: "The notice could not be counted" });
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
