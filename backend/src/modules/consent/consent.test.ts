import { consentOf, narrowedConsent } from "./consent";
import { NETWORK_VENDOR, OTHER_VENDOR, tcString } from "./tc-strings.fixture";

const everything = tcString({ purposes: [1, 2, 3, 4, 7], vendors: [NETWORK_VENDOR, OTHER_VENDOR] });
const storageOnly = tcString({ purposes: [1, 2], vendors: [NETWORK_VENDOR] });
const refused = tcString({ purposes: [], vendors: [] });
const othersOnly = tcString({ purposes: [1, 2, 3, 4], vendors: [OTHER_VENDOR] });

describe("consentOf", () => {
  it("grants storage and personalised ads where the visitor consented to purposes 1, 3 and 4", () => {
    expect(consentOf({ gdprApplies: true, tcString: everything })).toEqual({
      state: "gdpr_consented", mayStore: true, mayPersonalise: true, mayIdentifyAcrossSites: true,
    });
  });

  it("grants storage without personalised ads where purposes 3 and 4 are refused", () => {
    expect(consentOf({ gdprApplies: true, tcString: storageOnly })).toMatchObject({ state: "gdpr_consented", mayStore: true, mayPersonalise: false });
  });

  it("grants nothing where GDPR applies and the visitor refused, gave no string, or a malformed one", () => {
    for (const string of [refused, undefined, "not-a-tc-string", "C".repeat(20000)]) {
      expect(consentOf({ gdprApplies: true, tcString: string })).toEqual({
        state: "gdpr_no_consent", mayStore: false, mayPersonalise: false, mayIdentifyAcrossSites: false,
      });
    }
  });

  it("asks for the network's own vendor consent when it has a vendor id", () => {
    expect(consentOf({ gdprApplies: true, tcString: othersOnly }, NETWORK_VENDOR).mayStore).toBe(false);
    expect(consentOf({ gdprApplies: true, tcString: othersOnly }).mayStore).toBe(true);
    expect(consentOf({ gdprApplies: true, tcString: storageOnly }, NETWORK_VENDOR).mayStore).toBe(true);
  });

  it("reads the TC string of a GPP string's TCF EU section where gpp_sid names it", () => {
    const gpp = `DBABMA~${everything}`;
    expect(consentOf({ gpp, gppSid: [2] }).state).toBe("gdpr_consented");
    expect(consentOf({ gpp: `DBABMA~${refused}`, gppSid: [2] }).state).toBe("gdpr_no_consent");
  });

  it("counts a US Privacy or GPP opt-out, or Global Privacy Control, as opted out: no profile, no cross-site cookie, caps kept", () => {
    const optedOut = { state: "opted_out", mayStore: true, mayPersonalise: false, mayIdentifyAcrossSites: false };
    expect(consentOf({ usPrivacy: "1YYN" })).toEqual(optedOut);
    expect(consentOf({ gpc: true })).toEqual(optedOut);
    expect(consentOf({ gpp: "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YYN", gppSid: [6] })).toEqual(optedOut);
    expect(consentOf({ usPrivacy: "1YNN" }).state).toBe("not_applicable");
  });

  it("reads the opt-outs of GPP's usnat and state sections at their places in the section", () => {
    // A section as the GPP spec lays it out: 6-bit version 1, then 2-bit fields; 1 is "opted out", 2 "did not".
    const section = (fields: number[]) => {
      const bits = "000001" + fields.map((field) => field.toString(2).padStart(2, "0")).join("");
      const padded = bits.padEnd(Math.ceil(bits.length / 6) * 6, "0");
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      return padded.match(/.{6}/g)!.map((six) => alphabet[parseInt(six, 2)]).join("");
    };
    const notices = [1, 1, 1, 1, 1, 1];
    // Headers as in the GPP spec's examples: "DBABLA" lists section 7 (usnat), "DBABBg" section 8 (usca).
    expect(consentOf({ gpp: `DBABLA~${section([...notices, 2, 2, 1, 0])}`, gppSid: [7] }).state).toBe("opted_out");
    expect(consentOf({ gpp: `DBABLA~${section([...notices, 2, 2, 2, 0])}`, gppSid: [7] }).state).toBe("not_applicable");
    expect(consentOf({ gpp: `DBABBg~${section([1, 1, 1, 1, 2])}`, gppSid: [8] }).state).toBe("opted_out");
    // The spec's own usnat example: notices given, and "did not opt out" of sale, sharing and targeting.
    expect(consentOf({ gpp: "DBABLA~BVQqAAAAAgA.QA", gppSid: [7] }).state).toBe("not_applicable");
  });

  it("is not applicable without signals, and a malformed GPP string fails nothing", () => {
    expect(consentOf({})).toEqual({ state: "not_applicable", mayStore: true, mayPersonalise: true, mayIdentifyAcrossSites: true });
    expect(consentOf({ gpp: "~~garbage~", gppSid: [7] }).state).toBe("not_applicable");
    expect(consentOf({ gpp: "%%%", gppSid: [2] }).state).toBe("gdpr_no_consent");
  });
});

describe("narrowedConsent", () => {
  it("lets a notice do no more than its ad request allowed, nor more than the notice's own signals allow now", () => {
    const consented = consentOf({ gdprApplies: true, tcString: everything });
    const withdrawn = consentOf({ gdprApplies: true });
    const silent = consentOf({});
    expect(narrowedConsent(consented, silent)).toEqual(consented);
    expect(narrowedConsent(withdrawn, silent)).toEqual(withdrawn);
    expect(narrowedConsent(consented, withdrawn)).toEqual(withdrawn);
    expect(narrowedConsent(consentOf({ usPrivacy: "1YYN" }), silent)).toEqual({ state: "opted_out", mayStore: true, mayPersonalise: false, mayIdentifyAcrossSites: false });
  });
});
