import type { FastifyInstance } from "fastify";
import { consentOf } from "../consent/consent";
import { consentSignalsOf, cookie, PIXEL, type Query, VISITOR_COOKIE, visitorCookie } from "../delivery/request/ad-request";
import { UID_MACRO } from "../exchanges/exchange-partners.service";
import type { PartnerDirectory } from "../exchanges/partner-directory";
import type { ExchangeVisitors } from "./exchange-visitors";

/** The partner's URL the browser goes on to: `redir` when it is on the partner's sync origin, else its sync URL; null when it syncs nowhere. */
function syncTarget(userSyncUrl: string | null, redir: unknown): string | null {
  if (!userSyncUrl) return null;
  if (typeof redir !== "string" || !redir) return userSyncUrl;
  try {
    return new URL(redir).origin === new URL(userSyncUrl).origin ? redir : userSyncUrl;
  } catch {
    return userSyncUrl;
  }
}

/**
 * Cookie sync, as Prebid Server and exchanges call it from the visitor's browser:
 * GET /usersync?partner=ID&gdpr=&gdpr_consent=&us_privacy=&gpc=&redir=URL. Where consent lets AdNet
 * identify the visitor across sites (TCF purpose 1 with AdNet's vendor consent, no US opt-out nor
 * GPC), the browser goes on to the partner's URL with AdNet's signed visitor id for $UID, which the
 * exchange sends back as `user.buyeruid`: the id is its own proof, so nothing is stored here.
 * Without consent nothing is read or set, and the partner gets an empty id.
 */
export async function usersyncRoutes(app: FastifyInstance, { partners, visitors }: { partners: PartnerDirectory; visitors: ExchangeVisitors }): Promise<void> {
  app.get("/usersync", (request, reply) => {
    const query = request.query as Query;
    const partner = partners.partner(Number(query.partner));
    reply.header("cache-control", "no-store");
    if (!partner) return reply.code(400).send({ detail: "partner must name an exchange partner" });
    const consent = consentOf(consentSignalsOf(query));
    let uid = "";
    if (consent.mayStore && consent.mayIdentifyAcrossSites) {
      const { buyerUid, newCookie } = visitors.synced(cookie(request, VISITOR_COOKIE), Date.now());
      uid = buyerUid;
      if (newCookie) reply.header("set-cookie", visitorCookie(newCookie.cookie, newCookie.cookieMaxAgeSeconds));
    }
    const target = syncTarget(partner.userSyncUrl, query.redir);
    if (!target) return reply.type("image/gif").send(PIXEL);
    return reply.redirect(target.split(UID_MACRO).join(encodeURIComponent(uid)), 302);
  });
}
