import { createHmac } from "node:crypto";
import { PricingModel } from "../../campaigns/campaign.entity";
import { consentOf } from "../../consent/consent";
import { tcString } from "../../consent/tc-strings.fixture";
import { newOfferId, signOffer, trackingKey, verifyOffer } from "./offer-token";

const key = trackingKey("test-secret-that-is-long-enough-for-hs256-signing");
const offer = {
  offerId: newOfferId(),
  zoneId: 3,
  campaignId: 5,
  creativeId: 8,
  country: "DE",
  pricingModel: PricingModel.CPC,
  bidMicros: 750_000,
  issuedAt: 1_790_000_000_000,
  visitor: "v".repeat(11),
  pageHost: "news.example.com",
};

it("carries the campaign's pricing model and bid at serve time", () => {
  expect(verifyOffer(signOffer(offer, key), key)).toEqual(offer);
});

it("carries what the ad request's consent allowed, and reads an offer signed before offers carried it as carrying none", () => {
  for (const consent of [consentOf({}), consentOf({ gdprApplies: true }), consentOf({ gpc: true }), consentOf({ gdprApplies: true, tcString: tcString({ purposes: [1, 3, 4], vendors: [] }), usPrivacy: "1YYN" })]) {
    expect(verifyOffer(signOffer({ ...offer, consent }, key), key)).toEqual({ ...offer, consent });
  }
  const before = verifyOffer(signOffer(offer, key), key);
  expect(before).toEqual(offer);
  expect(before).not.toHaveProperty("consent");
});

it("refuses a token whose consent was widened", () => {
  const token = signOffer({ ...offer, consent: consentOf({ gdprApplies: true }) }, key);
  expect(token).toContain(".N0.");
  expect(verifyOffer(token.replace(".N0.", ".A7."), key)).toBeNull();
  expect(verifyOffer(token.replace(".N0.", "."), key)).toBeNull();
});

it("reads an offer served before offers named their pricing model as a CPM offer at its bid", () => {
  // The shape the previous version signed: the CPM where the model and bid are now.
  const payload = `${offer.offerId}.3.5.8.DE.4000000.${offer.issuedAt}.${offer.visitor}.news.example.com`;
  const signature = createHmac("sha256", key).update(payload).digest("base64url").slice(0, 22);
  expect(verifyOffer(`${payload}.${signature}`, key)).toEqual({ ...offer, pricingModel: PricingModel.CPM, bidMicros: 4_000_000 });
});

it("refuses a token whose pricing model was changed", () => {
  expect(verifyOffer(signOffer(offer, key).replace(".cpc.", ".cpm."), key)).toBeNull();
});

const payloadOf = (token: string) => token.slice(0, token.lastIndexOf("."));
const hmacSigned = (payload: string, signingKey: Buffer) => `${payload}.${createHmac("sha256", signingKey).update(payload).digest("base64url").slice(0, 22)}`;

it("still counts an offer signed with HMAC-SHA256 before the upgrade, while it is young enough to be counted", () => {
  expect(verifyOffer(hmacSigned(payloadOf(signOffer(offer, key)), key), key)).toEqual(offer);
});

it("refuses an offer signed with another key, either way, and one whose signature is cut or padded", () => {
  const otherKey = trackingKey("another-secret-that-is-long-enough-for-signing");
  const token = signOffer(offer, key);
  expect(verifyOffer(signOffer(offer, otherKey), key)).toBeNull();
  expect(verifyOffer(hmacSigned(payloadOf(token), otherKey), key)).toBeNull();
  expect(verifyOffer(token.slice(0, -1), key)).toBeNull();
  expect(verifyOffer(`${token}A`, key)).toBeNull();
});

it("signs offers with a MAC of their own, not the HMAC of the links before it", () => {
  const token = signOffer(offer, key);
  expect(token).not.toBe(hmacSigned(payloadOf(token), key));
});
