import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { consentOf } from "../../consent/consent";
import { consentSignalsOf, cookie, header, openToPageHeaders, type Query } from "../request/ad-request";
import { type AudiencePixel, type MembershipsCookie, OPTED_OUT } from "./audience-pixel";
import { IDENTIFIER_LIFETIME_DAYS } from "../../frequency-caps/visitor-history";
import { MEMBERSHIPS_COOKIE } from "../../audiences/memberships";
import { optOutPage } from "../../audiences/opt-out-page";

/** As long as the ad server's identifier may live: the opt-out outlasts any membership. */
const OPT_OUT_SECONDS = IDENTIFIER_LIFETIME_DAYS * 86_400;

/** Over http too, as the frequency-cap cookie: Chromium keeps a Secure cookie from a loopback host. */
function membershipsCookie(value: string, maxAgeSeconds: number): string {
  return `${MEMBERSHIPS_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; Secure; SameSite=None`;
}

function setCookie(reply: FastifyReply, change: MembershipsCookie): void {
  if (!change) return;
  reply.header("set-cookie", "expire" in change ? membershipsCookie("", 0) : membershipsCookie(change.value, change.maxAgeSeconds));
}

/**
 * The audience pixel the advertiser places on their own site (GET /t/audience, sent by
 * public/ads/audience.js with the page's consent signals), and the visitor's opt-out
 * (/audiences/opt-out), which expires their memberships and keeps any pixel from adding them again.
 */
export async function audiencePixelRoutes(app: FastifyInstance, { pixel }: { pixel: AudiencePixel }): Promise<void> {
  app.get("/t/audience", async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query;
    const signals = consentSignalsOf(query);
    // The browser's own Global Privacy Control header counts as the page's signal does.
    const consent = consentOf({ ...signals, gpc: signals.gpc || header(request, "sec-gpc") === "1" });
    const outcome = await pixel.hit(
      { advertiser: query.advertiser, page: query.page, event: query.e, origin: header(request, "origin"), referer: header(request, "referer"), consent, cookie: cookie(request, MEMBERSHIPS_COOKIE) },
      Date.now(),
    );
    setCookie(reply.headers(openToPageHeaders(request)), outcome.cookie);
    return reply.code(outcome.status).send(outcome.body);
  });

  const optOut = async (request: FastifyRequest, reply: FastifyReply) => {
    const kept = cookie(request, MEMBERSHIPS_COOKIE);
    const wasMember = !!kept && kept !== OPTED_OUT;
    reply.header("set-cookie", membershipsCookie(OPTED_OUT, OPT_OUT_SECONDS)).header("cache-control", "no-store");
    return reply.type("text/html; charset=utf-8").send(optOutPage(wasMember));
  };
  app.get("/audiences/opt-out", optOut);
  app.post("/audiences/opt-out", optOut);
}
