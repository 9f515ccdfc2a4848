import { CreativeRotation } from "../../campaigns/campaign.entity";
import type { CampaignEntry, CreativeEntry } from "../model";

/**
 * Creative rotation. EVEN shares a campaign's impressions evenly among its creatives of the zone's
 * shape. OPTIMISED is Thompson sampling on click rate, made cheap for the request path: in the
 * background, each creative's click rate is a Beta(clicks + 1, impressions − clicks + 1) belief, and
 * Monte Carlo draws from those beliefs give each creative's odds of having the best rate; a request
 * then picks by those odds, which is the same distribution Thompson sampling draws from, without
 * sampling on the request. A share EXPLORATION of requests picks evenly whatever the odds, so a
 * creative that started badly keeps being measured.
 */
export const EXPLORATION = 0.1;

/** The weight an optimised rotation gives an unknown creative: none known yet, so the campaign rotates evenly. */
export const UNKNOWN_ODDS = -1;

/** What a pick draws on: chance, and the optimised rotation's odds per creative (the decision's context has both). */
export interface RotationDraws {
  random(): number;
  creativeOdds(creativeId: number): number;
}

/** The creative of the winning campaign for one request, as its rotation picks. O(creatives of the shape), no allocation. */
export function pickCreative(campaign: CampaignEntry, creatives: CreativeEntry[], context: RotationDraws): CreativeEntry {
  if (creatives.length === 1) return creatives[0];
  if (campaign.rotation === CreativeRotation.OPTIMISED && context.random() >= EXPLORATION) {
    let total = 0;
    for (const creative of creatives) {
      const odds = context.creativeOdds(creative.id);
      if (odds === UNKNOWN_ODDS) {
        total = 0;
        break;
      }
      total += odds;
    }
    // The odds were drawn among all the campaign's creatives; here only those of the zone's shape compete.
    if (total > 0) {
      let ticket = context.random() * total;
      for (const creative of creatives) {
        ticket -= context.creativeOdds(creative.id);
        if (ticket < 0) return creative;
      }
      return creatives[creatives.length - 1];
    }
  }
  return creatives[Math.floor(context.random() * creatives.length)];
}

/** The share of a campaign's impressions each creative gets, as advertisers are told: exploration plus the odds. */
export function rotationShares(rotation: CreativeRotation, odds: number[]): number[] {
  const even = 1 / odds.length;
  if (rotation !== CreativeRotation.OPTIMISED) return odds.map(() => even);
  return odds.map((value) => EXPLORATION * even + (1 - EXPLORATION) * value);
}
