import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyAddr from "@fastify/proxy-addr";
import { parse } from "fast-querystring";
import type { FastifyBaseLogger } from "fastify";
import type { TrustProxy } from "../../config";
import { adAnswerJson } from "./answer/ad-answer";
import { AdRequest, headerPairs, openToPageHeaderPairs, Query, REFUSED_ZONE, requestedZoneId, requestedZoneIds, visitOf, signalsOf } from "./request/ad-request";
import type { ServeResult } from "./answer/served-ad";
import type { AdServer } from "./ad-server";
import type { CdnCountryReader } from "./request/cdn-country";
import { fastifyTrustProxy } from "../../proxy-trust";
import { isMalformedHost, MALFORMED_HOST } from "../../http/public-origin";
import type { ServeLane } from "../../http/lane-server";
import { adSecurityHeaders } from "../../http/security-headers";

export type TrustFunction = (address: string, hop: number) => boolean;

interface ServeLaneOptions {
  adServer: AdServer;
  publicOrigin: (request: AdRequest) => string;
  cdnCountry: CdnCountryReader;
  trustProxy: TrustProxy;
  log: Pick<FastifyBaseLogger, "error">;
  /** Told how each answer went and how long it took (the operator's metrics). */
  observe: (statusCode: number, seconds: number) => void;
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The answer's headers as Node takes them fastest: a flat list of names and values, the security
 * headers made once for each protocol; spreading header objects into a new one per request cost an
 * ad request more than its decision.
 */
const SECURITY_AND_TYPE = {
  http: headerPairs({ ...adSecurityHeaders("http"), "content-type": JSON_TYPE }),
  https: headerPairs({ ...adSecurityHeaders("https"), "content-type": JSON_TYPE }),
};

/** An answer's headers on a lane: security, JSON, the page's origin and the length of `body`. */
export function answerHeaders(request: LaneRequest, body: string): (string | number)[] {
  return [...SECURITY_AND_TYPE[request.protocol], ...openToPageHeaderPairs(request), "content-length", Buffer.byteLength(body)];
}

/**
 * GET /serve, the ad request, answered on Node's own server before Fastify routes it. It comes by
 * the thousand a second and needs nothing the framework gives the app's other routes (hooks, the
 * request and reply objects, serializers), which cost it as much CPU as the decision itself; what it
 * reads of the request (the client address behind trusted proxies, the host) is read as Fastify does.
 */
export function serveLane({ adServer, publicOrigin, cdnCountry, trustProxy, log, observe }: ServeLaneOptions): ServeLane {
  const trusted = laneTrust(trustProxy);
  return (raw, response) => {
    const url = raw.url ?? "";
    if (raw.method !== "GET" || !(url === "/serve" || url.startsWith("/serve?"))) return false;
    const started = performance.now();
    const request = new LaneRequest(raw, url.slice("/serve?".length), trusted);
    let answer: { statusCode: number; body: string };
    try {
      answer = isMalformedHost(raw.headers.host) ? refusal(400, MALFORMED_HOST) : answerAdRequest(adServer, request, publicOrigin, cdnCountry);
    } catch (error) {
      log.error({ err: error }, "the ad request failed");
      answer = refusal(500, "The ad server could not answer");
    }
    response.writeHead(answer.statusCode, answerHeaders(request, answer.body));
    response.end(answer.body);
    observe(answer.statusCode, (performance.now() - started) / 1000);
    return true;
  };
}

function answerAdRequest(adServer: AdServer, request: AdRequest, publicOrigin: (request: AdRequest) => string, cdnCountry: CdnCountryReader) {
  const { zone, zones, page, pt } = request.query as Query;
  if (zones !== undefined || pt !== undefined) return answerPageRequest(adServer, request, publicOrigin, cdnCountry);
  const zoneId = requestedZoneId(zone);
  if (zoneId === null) return refusal(400, REFUSED_ZONE.malformed);
  const result = adServer.serve(zoneId, visitOf(request, cdnCountry, page), publicOrigin(request), signalsOf(request));
  if (result.status === "unknown_zone") return refusal(404, REFUSED_ZONE.unknown);
  return { statusCode: 200, body: zoneAnswerJson(result) };
}

/**
 * A page's zones at once (`zones=1,2,3`), or one zone it asks for later with the page's token
 * (`zone=4&pt=…`): the zones' answers and the page's new token. One zone is answered as it is asked
 * alone, with the token beside it; several as `{"zones": [each zone's answer], "pageToken": …}`.
 */
function answerPageRequest(adServer: AdServer, request: AdRequest, publicOrigin: (request: AdRequest) => string, cdnCountry: CdnCountryReader) {
  const { zone, zones, page, pt } = request.query as Query;
  const single = zones === undefined ? requestedZoneId(zone) : null;
  const zoneIds = single === null ? requestedZoneIds(zones) : [single];
  if (zoneIds === null) return refusal(400, zones === undefined ? REFUSED_ZONE.malformed : REFUSED_ZONE.malformedPage);
  const result = adServer.servePage(zoneIds, visitOf(request, cdnCountry, page), publicOrigin(request), signalsOf(request), pt);
  if (result.status === "refused") return refusal(400, result.reason);
  const token = result.pageToken === null ? "null" : `"${result.pageToken}"`;
  if (single !== null) {
    const [{ result: alone }] = result.zones;
    if (alone.status === "unknown_zone") return refusal(404, REFUSED_ZONE.unknown);
    return { statusCode: 200, body: `${zoneAnswerJson(alone).slice(0, -1)},"pageToken":${token}}` };
  }
  return { statusCode: 200, body: `{"zones":[${result.zones.map(({ zoneId, result: each }) => zoneAnswerJson(each, zoneId)).join(",")}],"pageToken":${token}}` };
}

const UNFILLED = JSON.stringify({ fill: false });
const UNKNOWN_DETAIL = JSON.stringify(REFUSED_ZONE.unknown);

/** A zone's answer as the tag reads it; an unfilled zone of a page request (`zoneId`) says which it is, and an unknown one why. */
function zoneAnswerJson(result: ServeResult, zoneId?: number): string {
  if (result.status === "filled") return adAnswerJson(result.ad);
  if (result.status === "recommended") return JSON.stringify(result.answer);
  if (zoneId === undefined) return UNFILLED;
  return result.status === "unknown_zone" ? `{"fill":false,"zoneId":${zoneId},"detail":${UNKNOWN_DETAIL}}` : `{"fill":false,"zoneId":${zoneId}}`;
}

export const refusal = (statusCode: number, detail: string) => ({ statusCode, body: JSON.stringify({ detail }) });

/** Which proxies in front a lane believes about the client's address, as Fastify's trustProxy does. */
export function laneTrust(trustProxy: TrustProxy): TrustFunction | null {
  const trust = fastifyTrustProxy(trustProxy);
  return trust === false ? null : typeof trust === "function" ? trust : proxyAddr.compile(trust);
}

/** The request as the ad server reads it; what only some answers need is read when asked for. */
export class LaneRequest implements AdRequest {
  readonly headers: IncomingMessage["headers"];
  readonly socket: IncomingMessage["socket"];
  readonly query: Query;

  constructor(
    private readonly raw: IncomingMessage,
    queryText: string,
    private readonly trusted: TrustFunction | null,
  ) {
    this.headers = raw.headers;
    this.socket = raw.socket;
    this.query = parse(queryText) as Query;
  }

  get ip(): string {
    if (!this.trusted) return this.socket.remoteAddress ?? "";
    const addresses = proxyAddr.all(this.raw, this.trusted);
    return addresses[addresses.length - 1];
  }

  get hostname(): string {
    const host = this.host;
    return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":", 1)[0];
  }

  get port(): number | null {
    const port = /:(\d+)$/.exec(this.host);
    return port ? Number(port[1]) : null;
  }

  get protocol(): "http" | "https" {
    const forwarded = this.forwarded("x-forwarded-proto");
    if (forwarded !== undefined) return forwarded === "https" ? "https" : "http";
    return (this.socket as TLSSocket).encrypted ? "https" : "http";
  }

  private get host(): string {
    return this.forwarded("x-forwarded-host") ?? this.headers.host ?? "";
  }

  /** A forwarding header's last entry, believed only from a trusted proxy. */
  private forwarded(name: string): string | undefined {
    const value = this.headers[name];
    if (typeof value !== "string" || !value || !this.trusted?.(this.socket.remoteAddress ?? "", 0)) return undefined;
    return value.slice(value.lastIndexOf(",") + 1).trim();
  }
}
