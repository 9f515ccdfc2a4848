import { createHmac, hash, randomBytes, timingSafeEqual } from "node:crypto";
import { PricingModel } from "../../campaigns/campaign.entity";
import type { Consent } from "../../consent/consent";
import { CONSENT_CODE, consentCode, consentOfCode } from "../../consent/consent-code";

/** What the ad server promised when it served an ad; carried back by the beacon and the click. */
export interface Offer {
  offerId: string;
  zoneId: number;
  campaignId: number;
  creativeId: number;
  country: string;
  /** The campaign's pricing model and bid when the ad was served: a later bid change does not reprice it. */
  pricingModel: PricingModel;
  bidMicros: number;
  issuedAt: number;
  /** Whom the ad was served to: see visitorHash. */
  visitor: string;
  /** The host of the page the ad was served on, checked against the site then. */
  pageHost: string;
  /**
   * What the ad request's privacy signals allowed: the ad's notices (a burl, a player's Impression
   * URL) carry no signals of their own. Absent from offers signed before offers carried it.
   */
  consent?: Consent;
}

const SIGNATURE_LENGTH = 22;

const OFFER_ID_BYTES = 12;
/** Random bytes drawn 4 KB at a time: one system call per few hundred offers, not one each. */
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

export function newOfferId(): string {
  if (poolOffset + OFFER_ID_BYTES > randomPool.length) {
    randomPool = randomBytes(OFFER_ID_BYTES * 340);
    poolOffset = 0;
  }
  poolOffset += OFFER_ID_BYTES;
  return randomPool.toString("base64url", poolOffset - OFFER_ID_BYTES, poolOffset);
}

/** Tracking links are signed with a key derived from the app secret, never the secret itself. */
export function trackingKey(appSecret: string): Buffer {
  return createHmac("sha256", appSecret).update("adnet tracking v1").digest();
}

function signature(key: Buffer, payload: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url").slice(0, SIGNATURE_LENGTH);
}

/** The key offers are signed with, as text, derived from the tracking key (a process has one). */
let offerKeyFor: Buffer | null = null;
let offerKeyText = "";
function offerKey(key: Buffer): string {
  if (key !== offerKeyFor) {
    offerKeyText = derivedKeyText(key, "adnet offers v2");
    offerKeyFor = key;
  }
  return offerKeyText;
}

/**
 * Every filled ad request signs an offer, so its MAC is the one-shot SHA-512/256 of the key and the
 * payload: a keyed hash as sound as HMAC here, because a truncated SHA-512 cannot be extended past
 * its end as SHA-256 can, at a third of the cost of Node's HMAC.
 */
function offerSignature(key: Buffer, payload: string): string {
  return keyedSignature(offerKey(key), payload);
}

/** The one-shot keyed hash (see offerSignature) of a payload under a key kept as text: what the ad server's other signed tokens use too. */
export function keyedSignature(keyText: string, payload: string): string {
  return hash("sha512-256", keyText + payload, "base64url").slice(0, SIGNATURE_LENGTH);
}

/** A key for one kind of token, derived from the tracking key, as keyedSignature takes it. */
export const derivedKeyText = (key: Buffer, purpose: string): string => createHmac("sha256", key).update(purpose).digest("base64url");

const VISITOR_HASH_LENGTH = 11;

/**
 * Binds an offer to the visitor it was served to: the network of their address (see
 * client-network.ts) and their user agent, keyed so the token tells nobody either.
 */
export function visitorHash(network: string, userAgent: string | undefined, key: Buffer): string {
  return createHmac("sha256", key).update(`${network}|${userAgent ?? ""}`).digest("base64url").slice(0, VISITOR_HASH_LENGTH);
}

/** The offer in plain text, dot-separated: every field is digits, letters, base64url or a host name. */
export function signOffer(offer: Offer, key: Buffer): string {
  const consent = offer.consent ? `${consentCode(offer.consent)}.` : "";
  const payload = `${offer.offerId}.${offer.zoneId}.${offer.campaignId}.${offer.creativeId}.${offer.country}.${offer.pricingModel}.${offer.bidMicros}.${offer.issuedAt}.${offer.visitor}.${consent}${offer.pageHost}`;
  return `${payload}.${offerSignature(key, payload)}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Offers served before they named a pricing model (for up to OFFER_TTL_SECONDS after an upgrade) were
 * CPM offers; those served before they carried consent have none. A consent code has a capital letter,
 * which no page host has, so it cannot be mistaken for the host's first label.
 */
const OFFER_TOKEN = new RegExp(
  `^([A-Za-z0-9_-]{16})\\.(\\d{1,15})\\.(\\d{1,15})\\.(\\d{1,15})\\.([A-Z]{2})\\.(?:(${Object.values(PricingModel).join("|")})\\.)?(\\d{1,15})\\.(\\d{1,15})\\.([A-Za-z0-9_-]{11})\\.(?:(${CONSENT_CODE})\\.)?([a-z0-9.-]{1,253})$`,
);
/** The longest token a page host of 253 characters makes, with room to spare. */
const MAX_TOKEN_LENGTH = 512;

/** The offer, or null when the token was not signed by us or is malformed. */
export function verifyOffer(token: unknown, key: Buffer): Offer | null {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const dot = token.lastIndexOf(".");
  const payload = token.slice(0, dot);
  const given = token.slice(dot + 1);
  // Offers signed with HMAC-SHA256, before offers had a MAC of their own, stay good for OFFER_TTL_SECONDS after an upgrade.
  if (dot < 0 || !(sameText(given, offerSignature(key, payload)) || sameText(given, signature(key, payload)))) return null;
  const fields = OFFER_TOKEN.exec(payload);
  if (!fields) return null;
  const [, offerId, zoneId, campaignId, creativeId, country, pricingModel, bidMicros, issuedAt, visitor, consent, pageHost] = fields;
  return {
    offerId,
    zoneId: +zoneId,
    campaignId: +campaignId,
    creativeId: +creativeId,
    country,
    pricingModel: (pricingModel ?? PricingModel.CPM) as PricingModel,
    bidMicros: +bidMicros,
    issuedAt: +issuedAt,
    visitor,
    pageHost,
    ...(consent ? { consent: consentOfCode(consent) } : {}),
  };
}

/** The conversion pixel of a campaign carries this, so nobody can count conversions for others. */
export function conversionSignature(campaignId: number, key: Buffer): string {
  return signature(key, `conversion:${campaignId}`);
}

export function verifyConversionSignature(campaignId: number, given: unknown, key: Buffer): boolean {
  return typeof given === "string" && sameText(given, conversionSignature(campaignId, key));
}
