import { GVL, TCModel, TCString } from "@iabtcf/core";

/**
 * Real TC strings for tests, encoded by @iabtcf/core. The Global Vendor List cannot be fetched in a
 * test, so a small one is built here: the purposes AdNet reads, and two vendors.
 */
export const NETWORK_VENDOR = 1001;
export const OTHER_VENDOR = 1002;

const purposes = Object.fromEntries(
  [1, 2, 3, 4, 7].map((id) => [id, { id, name: `Purpose ${id}`, description: "", illustrations: [] }]),
);
const vendor = (id: number) => ({
  id, name: `Vendor ${id}`, purposes: [1, 2, 3, 4], legIntPurposes: [7], flexiblePurposes: [],
  specialPurposes: [], features: [], specialFeatures: [], cookieMaxAgeSeconds: 0, usesCookies: true,
  cookieRefresh: false, usesNonCookieAccess: false, urls: [],
});

function vendorList(): GVL {
  return new GVL({
    gvlSpecificationVersion: 3, vendorListVersion: 1, tcfPolicyVersion: 5, lastUpdated: "2026-01-01T00:00:00Z",
    purposes, specialPurposes: {}, features: {}, specialFeatures: {}, stacks: {}, dataCategories: {},
    vendors: { [NETWORK_VENDOR]: vendor(NETWORK_VENDOR), [OTHER_VENDOR]: vendor(OTHER_VENDOR) },
  } as never);
}

/** A TC string whose visitor consented to `purposes` for `vendors`. */
export function tcString(consent: { purposes: number[]; vendors: number[] }): string {
  const model = new TCModel(vendorList());
  model.cmpId = 10;
  model.cmpVersion = 1;
  model.isServiceSpecific = true;
  consent.purposes.forEach((id) => model.purposeConsents.set(id));
  consent.vendors.forEach((id) => model.vendorConsents.set(id));
  return TCString.encode(model);
}
