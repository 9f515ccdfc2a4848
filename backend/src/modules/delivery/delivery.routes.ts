import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cookie, header, OPEN_TO_ANY_ORIGIN, openToPageHeaders, PIXEL, Query, REFUSED_ZONE, requestedZoneId, signalsOf, visitOf, visitorCookie } from "./request/ad-request";
import type { AdServer } from "./ad-server";
import type { CdnCountryReader } from "./request/cdn-country";
import { isOfferEvent, OFFER_EVENT_NAMES, VAST_ERROR_CODE } from "./counting/offer-events";
import { TagScript, tagScripts } from "./answer/tag-scripts";
import { vastAnswer, vastPodAnswer } from "./answer/video-ad";
import { vmapAnswer } from "./answer/vmap";


const CLICK_COOKIE = "adnet_click";
const CLICK_COOKIE_MAX_AGE = 30 * 24 * 3600;

const JSON_TYPE = "application/json; charset=utf-8";

/** Sends one of the tag's scripts, gzipped for browsers that take it. */
function scriptSender({ script, gzipped }: TagScript) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const gzip = /\bgzip\b/.test(header(request, "accept-encoding") ?? "");
    reply
      .header("access-control-allow-origin", "*")
      .header("cache-control", "public, max-age=300")
      .header("vary", "accept-encoding")
      .type("application/javascript; charset=utf-8");
    if (gzip) reply.header("content-encoding", "gzip");
    return reply.send(gzip ? gzipped : script);
  };
}

function openToAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply.headers(OPEN_TO_ANY_ORIGIN);
}

function openToPage(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.headers(openToPageHeaders(request));
}


/**
 * The public side of the ad server: the network script and the tracking links (the decision
 * endpoint, /serve, is the serve lane's beside it: see serve-lane.ts). None of these need a session;
 * signatures and the rules in AdServer guard them.
 */
export async function deliveryRoutes(
  app: FastifyInstance,
  { adServer, publicOrigin, cdnCountry }: { adServer: AdServer; publicOrigin: (request: FastifyRequest) => string; cdnCountry: CdnCountryReader },
): Promise<void> {
  // Ad requests and beacons come by the thousand a second and are counted in the read model:
  // no access log line each, and one shared logger for their warnings rather than one per request.
  const log = app.log.child({ module: "delivery" }, { level: "warn" });
  app.addHook("onRoute", (route) => {
    route.childLoggerFactory = () => log;
  });

  const [networkScript, ...parts] = tagScripts();
  const sendScript = scriptSender(networkScript);
  app.get("/ads.js", async (request, reply) => sendScript(request, reply));

  const tagModules = new Map(parts.map((part) => [part.path.slice("/ads/".length), scriptSender(part)]));
  app.get("/ads/:file", async (request, reply) => {
    const send = tagModules.get((request.params as { file: string }).file);
    return send ? send(request, reply) : reply.code(404).send({ detail: "No such part of the ad tag" });
  });

  // A video player's ad request (VAST 4.2): the same decision, the same signed links; with `pod`
  // or `podDuration`, a break's ad pod (see answer/video-ad.ts).
  app.get("/vast", (request, reply) => {
    const { zone, page, pod, podDuration } = request.query as Query;
    const zoneId = requestedZoneId(zone);
    openToPage(request, reply);
    if (zoneId === null) return reply.code(400).send({ detail: REFUSED_ZONE.malformed });
    const visit = visitOf(request, cdnCountry, page);
    const answer =
      pod === undefined && podDuration === undefined
        ? vastAnswer(adServer, zoneId, visit, publicOrigin(request), signalsOf(request))
        : vastPodAnswer(adServer, zoneId, { pod, podDuration }, visit, publicOrigin(request), signalsOf(request));
    if (answer.status !== 200) return reply.code(answer.status).send({ detail: answer.detail });
    // A player's script may read why a break holds fewer ads than it asked for.
    if (answer.note) reply.header("adnet-pod-note", answer.note).header("access-control-expose-headers", "AdNet-Pod-Note");
    return reply.type("application/xml; charset=utf-8").send(answer.xml);
  });

  // A player's ad breaks for a whole programme (VMAP 1.0), each pointing at the zone's pod URL.
  app.get("/vmap", (request, reply) => {
    const zoneId = requestedZoneId((request.query as Query).zone);
    openToPage(request, reply);
    if (zoneId === null) return reply.code(400).send({ detail: REFUSED_ZONE.malformed });
    const answer = vmapAnswer(adServer, zoneId, request.query as Query, publicOrigin(request));
    if (answer.status !== 200) return reply.code(answer.status).send({ detail: answer.detail });
    return reply.type("application/xml; charset=utf-8").send(answer.xml);
  });

  const impression = async (request: FastifyRequest, reply: FastifyReply) => {
    const { d, m, price } = request.query as Query;
    const visit = visitOf(request, cdnCountry, undefined, adServer.offeredConsent(d));
    // A header-bidding win's burl is the impression link with the auction's price added.
    const { history } = await adServer.countImpression(d, visit, { measured: m === "1", won: price !== undefined });
    openToPage(request, reply);
    if (!history) return reply.code(204).send();
    // A visitor who opted out of sale or sharing keeps caps on this site only, in the page's copy.
    if (visit.consent.mayIdentifyAcrossSites) reply.header("set-cookie", visitorCookie(history.cookie, history.cookieMaxAgeSeconds));
    // Without the cookie, third-party storage may be blocked: the tag keeps the page's copy.
    return history.page ? reply.type(JSON_TYPE).send(JSON.stringify({ history: history.page })) : reply.code(204).send();
  };
  app.get("/t/i", impression);
  app.post("/t/i", impression);

  const offerEvent = async (request: FastifyRequest, reply: FastifyReply) => {
    const { d, e, code } = request.query as Query;
    openToPage(request, reply);
    if (!isOfferEvent(e)) return reply.code(400).send({ detail: `e must be one of ${OFFER_EVENT_NAMES.join(", ")}` });
    if (e === "error" && !(typeof code === "string" && VAST_ERROR_CODE.test(code))) return reply.code(400).send({ detail: "code must be a VAST error code (100 to 999)" });
    await adServer.countOfferEvent(d, e, visitOf(request, cdnCountry));
    return reply.code(204).send();
  };
  app.get("/t/e", offerEvent);
  app.post("/t/e", offerEvent);

  app.get("/t/c", async (request, reply) => {
    const { d } = request.query as Query;
    const visit = visitOf(request, cdnCountry, undefined, adServer.offeredConsent(d));
    const { location, clickId } = await adServer.countClick(d, visit);
    reply.header("cache-control", "no-store");
    if (!location) return reply.code(400).send({ detail: "This ad link is not valid" });
    // The click id follows the visitor to the advertiser's site: a cross-site identifier, kept only where the ad request allowed one.
    if (clickId && visit.consent.mayStore && visit.consent.mayIdentifyAcrossSites) {
      const secure = request.protocol === "https" ? "; Secure; SameSite=None" : "; SameSite=Lax";
      reply.header("set-cookie", `${CLICK_COOKIE}=${clickId}; Max-Age=${CLICK_COOKIE_MAX_AGE}; Path=/t; HttpOnly${secure}`);
    }
    return reply.redirect(location, 302);
  });

  app.get("/t/conversion", async (request, reply) => {
    const { campaign, sig, click } = request.query as Query;
    const campaignId = Number(campaign);
    if (Number.isInteger(campaignId) && campaignId > 0) {
      await adServer.countConversion(campaignId, sig, click || cookie(request, CLICK_COOKIE));
    }
    return openToAnyOrigin(reply).type("image/gif").send(PIXEL);
  });
}
