import type { IncomingHttpHeaders } from "node:http";
import { Consent, consentOf, ConsentSignals, narrowedConsent } from "../../consent/consent";
import { MEMBERSHIPS_COOKIE } from "../../audiences/memberships";
import { mayRetarget } from "../../audiences/retargeting-consent";
import type { RequestSignals } from "../../targeting/request-context";
import type { Visit } from "./visit";
import type { CdnCountryReader } from "./cdn-country";
import { MAX_PAGE_LENGTH } from "./page-host";
import { MAX_PAGE_ZONES } from "../../campaigns/page-rules";

/**
 * What the ad server reads of a request: a Fastify request has all of it, and so has the serve
 * lane's (see ../serve-lane.ts), which answers ad requests before Fastify sees them.
 */
export interface AdRequest {
  ip: string;
  headers: IncomingHttpHeaders;
  query: unknown;
  socket: { remoteAddress?: string };
  hostname: string;
  port: number | null;
  protocol: "http" | "https";
}

/** Repeated parameters arrive as arrays: each reader takes only the strings it expects. */
export type Query = Record<string, unknown>;

/** The visitor's frequency-cap history, signed; see VisitorHistories. */
export const VISITOR_COOKIE = "adnet_visitor";

/**
 * Over http too: Chromium keeps a Secure cookie from a loopback host (the tests' ad server), and
 * a public ad server answers over https; a browser that refuses it falls back to the page's copy.
 */
export function visitorCookie(value: string, maxAgeSeconds: number): string {
  return `${VISITOR_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; Secure; SameSite=None`;
}

/** A transparent 1×1 GIF: what a pixel (a conversion, a cookie sync) answers, whatever happened. */
export const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** Why an ad request (/serve, /vast) that names no zone is refused, and why one naming an unknown zone is not found. */
export const REFUSED_ZONE = {
  malformed: "zone must be a positive integer",
  malformedPage: `zones must be 1 to ${MAX_PAGE_ZONES} zone ids, comma-separated, each once`,
  unknown: "No such zone, or its site is not approved",
} as const;

const ZONE_LIST = new RegExp(`^[1-9]\\d{0,11}(,[1-9]\\d{0,11}){0,${MAX_PAGE_ZONES - 1}}$`);

/** The zones a page request names (`zones=1,2,3`), or null when they are not 1 to MAX_PAGE_ZONES distinct ids. */
export function requestedZoneIds(zones: unknown): number[] | null {
  if (typeof zones !== "string" || !ZONE_LIST.test(zones)) return null;
  const ids = zones.split(",").map(Number);
  return new Set(ids).size === ids.length ? ids : null;
}

/** The zone an ad request names, or null when its `zone` is not a positive whole number. */
export function requestedZoneId(zone: unknown): number | null {
  const zoneId = Number(zone);
  return Number.isInteger(zoneId) && zoneId >= 1 ? zoneId : null;
}

export function header(request: Pick<AdRequest, "headers">, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function cookie(request: Pick<AdRequest, "headers">, name: string): string | undefined {
  for (const part of (header(request, "cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** The User-Agent Client Hints the browser sent with the request. */
export const clientHintsOf = (request: Pick<AdRequest, "headers">): RequestSignals["hints"] => ({
  mobile: header(request, "sec-ch-ua-mobile"),
  platform: header(request, "sec-ch-ua-platform"),
  brands: header(request, "sec-ch-ua"),
});

/** What an ad request tells for targeting: its headers, and the page's language and keywords as the tag read them. */
export function signalsOf(request: AdRequest): RequestSignals {
  const { lang, kw } = request.query as Query;
  return {
    userAgent: header(request, "user-agent"),
    hints: clientHintsOf(request),
    acceptLanguage: header(request, "accept-language"),
    language: lang,
    keywords: kw,
  };
}

/**
 * The privacy signals as the tag sends them, named as in OpenRTB (`gdpr`, `gdpr_consent`, `gpp`,
 * `gpp_sid`, `us_privacy`, `gpc`). `nocap=1`, from tags cached before they sent the signals, meant
 * "GDPR applies and storage has no consent".
 */
export function consentSignalsOf(query: Query): ConsentSignals {
  const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
  const { gdpr, gdpr_consent, gpp, gpp_sid, us_privacy, gpc, nocap } = query;
  const sections = text(gpp_sid)?.split(",").map(Number).filter(Number.isInteger);
  return {
    gdprApplies: gdpr === "1" || nocap === "1" ? true : gdpr === "0" ? false : undefined,
    tcString: text(gdpr_consent),
    gpp: text(gpp),
    gppSid: sections,
    usPrivacy: text(us_privacy),
    gpc: gpc === "1",
  };
}

/**
 * Where consent forbids it, the visitor's history is neither read nor written; the cross-site cookie
 * needs more. A notice of a served ad passes the consent its offer carries (`offered`), which its own
 * signals can only narrow.
 */
export function visitOf(request: AdRequest, cdnCountry: CdnCountryReader, page?: unknown, offered?: Consent): Visit {
  const query = request.query as Query;
  const { h, shown } = query;
  const asked = consentOf(consentSignalsOf(query));
  const consent: Consent = offered ? narrowedConsent(offered, asked) : asked;
  return {
    ip: request.ip,
    userAgent: header(request, "user-agent"),
    cdnCountry: cdnCountry(request),
    page: typeof page === "string" ? page.slice(0, MAX_PAGE_LENGTH) : undefined,
    origin: header(request, "origin"),
    referer: header(request, "referer"),
    consent,
    history: historyOf(request, consent, h, shown),
    memberships: membershipsOf(request, consent),
  };
}

/**
 * The frequency-cap history a request carries, as far as consent lets it be read: the page's copy
 * needs consent to store, the network's own cookie consent to identify the visitor across sites too.
 */
export function historyOf(request: Pick<AdRequest, "headers">, consent: Consent, pageCopy?: unknown, shown?: unknown): Visit["history"] {
  const withheld = !consent.mayStore;
  return {
    cookie: consent.mayStore && consent.mayIdentifyAcrossSites ? cookie(request, VISITOR_COOKIE) : undefined,
    page: withheld ? undefined : pageCopy,
    withheld,
    shown,
  };
}

/** The audience memberships cookie, where the request's consent allows retargeting; otherwise it is not even read. */
export const membershipsOf = (request: Pick<AdRequest, "headers">, consent: Consent): string | undefined =>
  mayRetarget(consent) ? cookie(request, MEMBERSHIPS_COOKIE) : undefined;

/** Every answer of the ad server may be read by any page: the tag runs on publishers' sites. */
export const OPEN_TO_ANY_ORIGIN = { "access-control-allow-origin": "*", "cache-control": "no-store" } as const;
/** Headers as a flat list of names and values, the form Node's writeHead takes fastest. */
export const headerPairs = (headers: Record<string, string>): string[] => Object.entries(headers).flat();
const OPEN_TO_ANY_ORIGIN_PAIRS: readonly string[] = headerPairs(OPEN_TO_ANY_ORIGIN);

/**
 * The ad request and the impression beacon come with the ad server's cookie (the tag sends
 * credentials), and a browser reads such an answer only when it names the page's origin. As a flat
 * list of names and values, the form the serve lane hands Node's writeHead.
 */
export function openToPageHeaderPairs(request: Pick<AdRequest, "headers">): readonly string[] {
  const origin = header(request, "origin");
  if (!origin) return OPEN_TO_ANY_ORIGIN_PAIRS;
  return ["access-control-allow-origin", origin, "access-control-allow-credentials", "true", "vary", "origin", "cache-control", "no-store"];
}

export function openToPageHeaders(request: Pick<AdRequest, "headers">): Record<string, string> {
  const pairs = openToPageHeaderPairs(request);
  const headers: Record<string, string> = {};
  for (let n = 0; n < pairs.length; n += 2) headers[pairs[n]] = pairs[n + 1];
  return headers;
}
