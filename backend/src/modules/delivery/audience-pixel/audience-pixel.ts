import type { Consent } from "../../consent/consent";
import { hostOf, hostOnDomain } from "../request/page-host";
import type { AudienceEntry } from "../../audiences/audience-entry";
import { joinsAudience } from "../../audiences/audience-rules";
import type { AudienceSizes } from "../../audiences/audience-sizes";
import { dayNumber, membershipsKey, newMemberships, openMemberships, sealMemberships, withJoined } from "../../audiences/memberships";
import { retargetingRefusal } from "../../audiences/retargeting-consent";

/** The cookie's value after a visitor opts out at /audiences/opt-out: no pixel adds them to any audience while it lasts. */
export const OPTED_OUT = "opted-out";

/** One hit of an advertiser's audience pixel, as the route read it. */
export interface PixelHit {
  advertiser: unknown;
  /** The page's address as the pixel's script sent it (origin and path). */
  page: unknown;
  /** `conversion` on the advertiser's confirmation page. */
  event: unknown;
  origin: string | undefined;
  referer: string | undefined;
  consent: Consent;
  /** The memberships cookie as the browser sent it. */
  cookie: string | undefined;
}

/** What the cookie becomes: a new value for so long, expired at once, or left as it is (undefined). */
export type MembershipsCookie = { value: string; maxAgeSeconds: number } | { expire: true } | undefined;

/** The pixel's answer: its status and body (for the advertiser debugging their pixel: no secrets), and the cookie. */
export interface PixelOutcome {
  status: number;
  body: { stored: boolean; audiences?: number[]; reason?: string } | { detail: string };
  cookie: MembershipsCookie;
}

const DAY_SECONDS = 86_400;
const ADVERTISER_ID = /^[1-9]\d{0,11}$/;
const MAX_PAGE = 2048;

const refused = (status: number, detail: string): PixelOutcome => ({ status, body: { detail }, cookie: undefined });
const notStored = (reason: string, cookie: MembershipsCookie = undefined): PixelOutcome => ({ status: 200, body: { stored: false, reason }, cookie });

/**
 * Judges an audience pixel's hit: the page must be one of the advertiser's declared domains, and the
 * visitor's consent must allow retargeting; then the visitor joins each of the advertiser's
 * audiences whose domains hold the page and whose rule the visit meets, for that audience's window,
 * in their signed cookie, and counts once a day towards each audience's size.
 */
export class AudiencePixel {
  private readonly key: Buffer;

  constructor(
    trackingKey: Buffer,
    private readonly catalogue: { audiencesOf(advertiserId: number): readonly AudienceEntry[] },
    private readonly sizes: AudienceSizes,
    private readonly log: { warn(details: object, message: string): void },
  ) {
    this.key = membershipsKey(trackingKey);
  }

  async hit(hit: PixelHit, atMs: number): Promise<PixelOutcome> {
    if (typeof hit.advertiser !== "string" || !ADVERTISER_ID.test(hit.advertiser)) return refused(400, "advertiser must be a positive integer");
    const audiences = this.catalogue.audiencesOf(Number(hit.advertiser));
    if (audiences.length === 0) return refused(404, "This advertiser has no audiences");
    const page = typeof hit.page === "string" ? hit.page.slice(0, MAX_PAGE) : undefined;
    const named = [page, hit.origin, hit.referer].filter((address): address is string => !!address && address !== "null");
    if (named.length === 0) return refused(400, "The pixel names no page: fire it from a page of your site, with the script's page parameter");
    const domains = audiences.flatMap((audience) => audience.siteDomains);
    for (const address of named) {
      const host = hostOf(address);
      if (!host || !domains.some((domain) => hostOnDomain(host, domain))) return refused(403, `${host ?? "This page"} is not one of the site domains of your audiences: nobody was added`);
    }
    // A visitor who withdrew consent has their memberships forgotten, not merely unused.
    const refusal = retargetingRefusal(hit.consent);
    if (refusal) return notStored(refusal, hit.cookie ? { expire: true } : undefined);
    if (hit.cookie === OPTED_OUT) return notStored("The visitor opted out of audiences at /audiences/opt-out");

    const pageUrl = page ?? named[0];
    const pageHost = hostOf(pageUrl) ?? "";
    const visit = { pageUrl, converted: hit.event === "conversion" };
    const joined = audiences.filter((audience) => audience.siteDomains.some((domain) => hostOnDomain(pageHost, domain)) && joinsAudience(audience, visit));
    if (joined.length === 0) return notStored("No audience of yours takes this visit (its page pattern, or a conversion, is not met)");

    const today = dayNumber(atMs);
    const before = openMemberships(hit.cookie, this.key) ?? newMemberships();
    const after = withJoined(before, joined, today);
    // The membership stands without its count: sizes are an estimate, the visitor's choice is not.
    await this.sizes.add(joined.map((audience) => audience.id), after.memberId, today).catch((error) => this.log.warn({ err: error }, "could not count audience members"));
    const lastDay = Math.max(...after.until.values());
    return {
      status: 200,
      body: { stored: true, audiences: joined.map((audience) => audience.id) },
      cookie: { value: sealMemberships(after, this.key), maxAgeSeconds: (lastDay - today + 1) * DAY_SECONDS - Math.floor((atMs % (DAY_SECONDS * 1000)) / 1000) },
    };
  }
}
