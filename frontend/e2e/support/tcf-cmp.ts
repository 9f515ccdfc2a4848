import { GVL, TCModel, TCString } from "@iabtcf/core";

const PURPOSE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const CMP_ID = 300;

/** A vendor list of the TCF's eleven purposes and no vendors: enough to encode a consent string without fetching the IAB's. */
function vendorList(): GVL {
  const purposes = Object.fromEntries(PURPOSE_IDS.map((id) => [id, { id, name: `Purpose ${id}`, description: "", descriptionLegal: "", illustrations: [] }]));
  return new GVL({
    gvlSpecificationVersion: 3,
    vendorListVersion: 1,
    tcfPolicyVersion: 5,
    lastUpdated: "2026-01-01T00:00:00Z",
    purposes,
    specialPurposes: {},
    features: {},
    specialFeatures: {},
    vendors: {},
    stacks: {},
  } as never);
}

/**
 * What a CMP's `addEventListener` hands a vendor's script once the reader has chosen: the TC string
 * encoded with @iabtcf/core for the purposes consented to, and the consents read back from it.
 */
function tcData(consentedPurposes: number[]) {
  const model = new TCModel(vendorList());
  model.cmpId = CMP_ID;
  model.cmpVersion = 1;
  model.isServiceSpecific = true;
  model.purposeConsents.set(consentedPurposes);
  const tcString = TCString.encode(model);
  const decoded = TCString.decode(tcString);
  return {
    tcString,
    tcfPolicyVersion: decoded.policyVersion,
    cmpId: decoded.cmpId,
    cmpVersion: decoded.cmpVersion,
    gdprApplies: true,
    eventStatus: "useractioncomplete",
    cmpStatus: "loaded",
    listenerId: 1,
    isServiceSpecific: decoded.isServiceSpecific,
    useNonStandardTexts: false,
    purposeOneTreatment: false,
    purpose: { consents: Object.fromEntries(PURPOSE_IDS.map((id) => [id, decoded.purposeConsents.has(id)])), legitimateInterests: {} },
    vendor: { consents: {}, legitimateInterests: {} },
    specialFeatureOptins: {},
  };
}

/** A page's CMP, as a script to put before the ad tag: it answers `__tcfapi` with the reader's choice, GDPR applying. */
export function cmpScript({ consentedPurposes }: { consentedPurposes: number[] }): string {
  const data = JSON.stringify(tcData(consentedPurposes));
  return `<script>
    window.__tcfapi = function (command, version, callback) {
      if (command === "ping") return callback({ gdprApplies: true, cmpLoaded: true, cmpStatus: "loaded", displayStatus: "hidden", apiVersion: "2.2", cmpId: ${CMP_ID} }, true);
      if (command === "addEventListener" || command === "getTCData") return callback(${data}, true);
      if (command === "removeEventListener") return callback(true);
    };
  </script>`;
}

/** A CMP showing its dialog to a reader who never chooses: `addEventListener` reports the dialog shown, and nothing after. */
export function undecidedCmpScript(): string {
  return `<script>
    window.__tcfapi = function (command, version, callback) {
      if (command === "ping") return callback({ gdprApplies: true, cmpLoaded: true, cmpStatus: "loaded", displayStatus: "visible", apiVersion: "2.2", cmpId: ${CMP_ID} }, true);
      if (command === "addEventListener") return callback({ gdprApplies: true, eventStatus: "cmpuishown", cmpStatus: "loaded", listenerId: 1 }, true);
    };
  </script>`;
}

/**
 * A US page's CMP: GPP 1.1 with the US Privacy section (id 6) saying the reader opted out of sale
 * ("1YYN"; the header "DBABTA" lists section 6), and the older `__uspapi` saying the same.
 */
export function usOptOutCmpScript(): string {
  const ping = { gppVersion: "1.1", cmpStatus: "loaded", signalStatus: "ready", applicableSections: [6], gppString: "DBABTA~1YYN" };
  return `<script>
    window.__gpp = function (command, callback) {
      if (command === "ping") return callback(${JSON.stringify(ping)}, true);
      if (command === "addEventListener") return callback({ eventName: "signalStatus", listenerId: 1, data: "ready", pingData: ${JSON.stringify(ping)} }, true);
    };
    window.__uspapi = function (command, version, callback) {
      if (command === "getUSPData") return callback({ version: 1, uspString: "1YYN" }, true);
    };
  </script>`;
}
