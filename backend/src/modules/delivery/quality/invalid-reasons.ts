/**
 * Why the ad server refused to bill an event, and how an admin reads the reason. The last three
 * are the publisher's own choices, counted beside the unfilled request they left.
 */
export const INVALID_REASON_LABELS = {
  bot: "Bot or crawler",
  bad_signature: "Tampered or unsigned link",
  expired: "Ad offer expired",
  replay: "Same beacon sent again",
  domain_mismatch: "Page not on the site's domain",
  visitor_mismatch: "Sent by another visitor than the ad was shown to",
  ip_rate: "Too many from one IP address",
  no_impression: "Click or ad event without an impression",
  too_fast: "Clicked too soon after the ad showed",
  no_click: "Conversion without a click",
  vast_error: "Video player reported an error",
  budget_spent: "Campaign budget spent",
  daily_cap_spent: "Campaign's daily cap spent",
  state_lost: "Offer made before the shared counters were lost",
  state_unavailable: "Shared counters (Redis) out of reach",
  no_funds: "Advertiser's funds used up",
  auction_lost: "Header-bidding bid lost the publisher's auction",
  below_floor: "Best offer below the zone's floor price",
  blocked_category: "Advertiser category blocked on the site",
  blocked_domain: "Landing domain blocked on the site",
  ads_txt_missing: "Site's ads.txt does not list the network (REQUIRE_ADS_TXT)",
} as const;

export type InvalidReason = keyof typeof INVALID_REASON_LABELS;

export const INVALID_REASONS = Object.keys(INVALID_REASON_LABELS) as InvalidReason[];
