import type { FieldReaders } from "./bid-request";

/** The privacy signals a bid request carries, from OpenRTB 2.6's places or the `ext` places Prebid still fills. */
export interface ConsentSignals {
  gdprApplies?: boolean;
  /** The IAB TCF consent string. */
  tcString?: string;
  gpp?: string;
  gppSid?: number[];
  usPrivacy?: string;
}

/** 2.6's own fields win over the `ext` ones when a request sends both. */
export function consentSignalsOf(body: Record<string, unknown>, { field, flag, integers }: FieldReaders): ConsentSignals {
  const regs = field<Record<string, unknown>>(body, "", "regs", "object") ?? {};
  const regsExt = field<Record<string, unknown>>(regs, "regs.", "ext", "object") ?? {};
  const user = field<Record<string, unknown>>(body, "", "user", "object") ?? {};
  const userExt = field<Record<string, unknown>>(user, "user.", "ext", "object") ?? {};
  const gdpr = flag(regs, "regs.", "gdpr") ?? flag(regsExt, "regs.ext.", "gdpr");
  const signals: ConsentSignals = {};
  if (gdpr !== undefined) signals.gdprApplies = gdpr === 1;
  const tcString = field<string>(user, "user.", "consent", "string") ?? field<string>(userExt, "user.ext.", "consent", "string");
  if (tcString !== undefined) signals.tcString = tcString;
  const gpp = field<string>(regs, "regs.", "gpp", "string");
  if (gpp !== undefined) signals.gpp = gpp;
  const gppSid = integers(regs, "regs.", "gpp_sid");
  if (gppSid !== undefined) signals.gppSid = gppSid;
  const usPrivacy = field<string>(regs, "regs.", "us_privacy", "string") ?? field<string>(regsExt, "regs.ext.", "us_privacy", "string");
  if (usPrivacy !== undefined) signals.usPrivacy = usPrivacy;
  return signals;
}

/**
 * Whether the visitor's device may be read or written (frequency-cap histories): not where GDPR
 * applies, until the consent module decides from the TCF string what the visitor allowed.
 */
export const mayStore = (signals: ConsentSignals): boolean => signals.gdprApplies !== true;
