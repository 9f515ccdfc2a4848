import type { ConsentSignals } from "../consent/consent";
import { field, flag, integers } from "./json-fields";
import { MalformedBidRequest } from "./malformed-bid-request";

/** A bid request's privacy signals, from OpenRTB 2.6's places or the `ext` places Prebid still fills; 2.6's win when both come. */
export function consentSignalsOf(body: Record<string, unknown>): ConsentSignals {
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
  if (globalPrivacyControl(regsExt)) signals.gpc = true;
  return signals;
}

/** Prebid 11 tells the browser's Global Privacy Control as `regs.ext.gpc: "1"`; a number is read too. */
function globalPrivacyControl(regsExt: Record<string, unknown>): boolean {
  const gpc = regsExt.gpc;
  if (gpc === undefined || gpc === null) return false;
  if (gpc !== "1" && gpc !== "0" && gpc !== 1 && gpc !== 0) throw new MalformedBidRequest('regs.ext.gpc must be "1" or "0"');
  return gpc === "1" || gpc === 1;
}
