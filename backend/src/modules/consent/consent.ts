import { gppSignals, TCF_EU_SECTION, usPrivacyOptedOut } from "./gpp";
import { tcfGrant } from "./tcf";

/** The privacy signals of an ad request or a bid request, named as OpenRTB 2.6 names them. */
export interface ConsentSignals {
  gdprApplies?: boolean;
  tcString?: string;
  gpp?: string;
  gppSid?: number[];
  usPrivacy?: string;
  gpc?: boolean;
}

/** How reports count an impression's consent. */
export const CONSENT_STATES = ["gdpr_consented", "gdpr_no_consent", "opted_out", "not_applicable"] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** What AdNet may do for one request. */
export interface Consent {
  state: ConsentState;
  /** Read or write the visitor's history (cookie or page storage): frequency caps depend on it. */
  mayStore: boolean;
  /** Target on what AdNet knows of the visitor beyond this request. */
  mayPersonalise: boolean;
  /** Keep the network's own cookie, which follows the visitor from site to site. */
  mayIdentifyAcrossSites: boolean;
}

/**
 * One rule for both doors (the tag's ad request and OpenRTB). Where GDPR applies, the TC string
 * decides (no string, or a malformed one, is no consent); elsewhere a US opt-out or Global Privacy
 * Control turns off personalisation and the cross-site cookie, but not caps kept on one site, which
 * are no sale or sharing of data. `vendorId` is the network's IAB vendor id, when it has one.
 */
export function consentOf(signals: ConsentSignals, vendorId: number | null = null): Consent {
  const gpp = signals.gpp ? gppSignals(signals.gpp) : undefined;
  const optedOut =
    !!signals.gpc || (!!signals.usPrivacy && usPrivacyOptedOut(signals.usPrivacy)) || !!gpp?.usOptOut;
  const gdprApplies = signals.gdprApplies ?? signals.gppSid?.includes(TCF_EU_SECTION) ?? false;
  if (gdprApplies) {
    const grant = tcfGrant(signals.tcString ?? gpp?.tcString, vendorId);
    return {
      state: grant.mayStore ? "gdpr_consented" : "gdpr_no_consent",
      mayStore: grant.mayStore,
      mayPersonalise: grant.mayPersonalise && !optedOut,
      mayIdentifyAcrossSites: grant.mayStore && !optedOut,
    };
  }
  return { state: optedOut ? "opted_out" : "not_applicable", mayStore: true, mayPersonalise: !optedOut, mayIdentifyAcrossSites: !optedOut };
}

/** How strict each state is, least first: a notice that hears two takes the stricter. */
const STRICTNESS: readonly ConsentState[] = ["not_applicable", "gdpr_consented", "opted_out", "gdpr_no_consent"];

/**
 * What a notice of a served ad (an impression beacon, a burl, a click) may do: what the ad request
 * allowed, as its signed offer carries it, and never more than the notice's own signals allow now
 * (a visitor may have withdrawn consent since; a burl or a player's Impression URL carries none).
 */
export function narrowedConsent(offered: Consent, notice: Consent): Consent {
  return {
    state: STRICTNESS[Math.max(STRICTNESS.indexOf(offered.state), STRICTNESS.indexOf(notice.state))],
    mayStore: offered.mayStore && notice.mayStore,
    mayPersonalise: offered.mayPersonalise && notice.mayPersonalise,
    mayIdentifyAcrossSites: offered.mayIdentifyAcrossSites && notice.mayIdentifyAcrossSites,
  };
}
