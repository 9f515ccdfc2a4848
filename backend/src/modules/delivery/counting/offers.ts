import type { Config } from "../../../config";
import type { Consent } from "../../consent/consent";
import type { InvalidPlace } from "./counted-events";
import { networkOf } from "../request/client-network";
import type { Visit } from "../request/visit";
import { conversionSignature, type Offer, signOffer, verifyConversionSignature, verifyOffer, visitorHash } from "./offer-token";

/** Visitors whose hash is kept: a user agent is at most 1 KB (longer is a bot), so about 10 MB at worst. */
const REMEMBERED_VISITORS = 10_000;

/** The offers the ad server signs and reads back under its tracking key, and the conversion pixels it signs. */
export class Offers {
  private readonly visitorHashes = new Map<string, string>();

  constructor(
    private readonly key: Buffer,
    private readonly limits: Pick<Config["delivery"], "offerTtlSeconds">,
  ) {}

  sign(offer: Offer): string {
    return signOffer(offer, this.key);
  }

  /** The offer a token carries; null for a token that is not ours. */
  read(token: unknown): Offer | null {
    return verifyOffer(token, this.key);
  }

  /** What the ad request of a signed offer allowed; undefined for a token that is not ours or an offer signed before offers carried it. */
  consentOf(token: unknown): Consent | undefined {
    return this.read(token)?.consent;
  }

  /** Where an event that could not be judged is recorded: its offer's zone and campaign when the token is good. */
  placeOf(token: unknown): InvalidPlace {
    const offer = this.read(token);
    return { atMs: Date.now(), zoneId: offer?.zoneId ?? 0, campaignId: offer?.campaignId ?? 0 };
  }

  expired(offer: Offer, now: number): boolean {
    return now - offer.issuedAt > this.limits.offerTtlSeconds * 1000 || offer.issuedAt > now + 60_000;
  }

  /**
   * Offers are bound to the visitor they were served to; see visitorHash. A visitor asks for
   * several ads and sends their beacons: each one's hash is made once, and a bounded number kept.
   */
  visitorOf(visit: Visit): string {
    const network = networkOf(visit.ip);
    const known = `${network}|${visit.userAgent}`;
    let hash = this.visitorHashes.get(known);
    if (hash === undefined) {
      hash = visitorHash(network, visit.userAgent, this.key);
      if (this.visitorHashes.size >= REMEMBERED_VISITORS) this.visitorHashes.clear();
      this.visitorHashes.set(known, hash);
    }
    return hash;
  }

  conversionPixelUrl(campaignId: number, origin: string): string {
    return `${origin}/t/conversion?campaign=${campaignId}&sig=${conversionSignature(campaignId, this.key)}`;
  }

  signsConversion(campaignId: number, signature: unknown): boolean {
    return verifyConversionSignature(campaignId, signature, this.key);
  }
}
