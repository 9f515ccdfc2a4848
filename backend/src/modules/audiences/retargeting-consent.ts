import type { Consent } from "../consent/consent";

/**
 * Whether a request's consent lets the network keep and use audience memberships: they are stored
 * on the device and make a personalised-ads profile that follows the visitor from the advertiser's
 * site to publishers' (TCF purposes 1, 3 and 4 with the network's vendor consent; or no GDPR, no US
 * opt-out and no Global Privacy Control).
 */
export const mayRetarget = (consent: Consent): boolean => consent.mayStore && consent.mayPersonalise && consent.mayIdentifyAcrossSites;

/** Why a request's consent keeps nobody in an audience, for the advertiser debugging their pixel; null when it allows memberships. */
export function retargetingRefusal(consent: Consent): string | null {
  if (mayRetarget(consent)) return null;
  if (consent.state === "gdpr_no_consent") return "GDPR applies and the consent string gives the network no consent to store on the device (TCF purpose 1 and vendor consent)";
  if (consent.state === "gdpr_consented") return "GDPR applies and the consent string gives the network no consent to personalised ads (TCF purposes 3 and 4), or the visitor opted out";
  return "The visitor opted out of targeted advertising (US Privacy, GPP or Global Privacy Control)";
}
