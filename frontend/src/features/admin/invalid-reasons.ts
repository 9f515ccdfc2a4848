/** The ad server's refusal codes, as an admin would say them. */
const REASONS: Record<string, string> = {
  bot: "Bot or crawler",
  bad_signature: "Tampered or unsigned link",
  expired: "Ad offer expired",
  replay: "Same beacon sent again",
  domain_mismatch: "Page not on the site's domain",
  ip_rate: "Too many from one IP address",
  no_impression: "Click without an impression",
  too_fast: "Clicked too soon after the ad showed",
  no_click: "Conversion without a click",
  budget_spent: "Campaign budget spent",
};

/** A code the server added after this screen was written still reads as words. */
export const describeReason = (reason: string) => REASONS[reason] ?? reason.replaceAll("_", " ");
