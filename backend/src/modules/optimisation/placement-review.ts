import { BidStrategy } from "../campaigns/campaign.entity";
import { placementVerdict, type PlacementVerdict } from "./placement-rule";

/** The zone-by-zone counts a placement is judged on. */
export interface ZoneResults {
  zoneId: number;
  impressions: number;
  clicks: number;
  conversions: number;
  spendMicros: number;
}

/** The unit a goal's placements are judged by: clicks for a click goal, conversions for the others. */
export const resultUnit = (strategy: BidStrategy) => (strategy === BidStrategy.TARGET_CPC ? "click" : "conversion");

const resultsOf = (strategy: BidStrategy, zone: ZoneResults) => (strategy === BidStrategy.TARGET_CPC ? zone.clicks : zone.conversions);

/** Each of a campaign's zones with its results and the rule's verdict, at the campaign's own rate over all its zones. */
export function reviewPlacements(strategy: BidStrategy, zones: readonly ZoneResults[]): { zone: ZoneResults; results: number; verdict: PlacementVerdict }[] {
  const impressions = zones.reduce((sum, zone) => sum + zone.impressions, 0);
  const campaignResults = zones.reduce((sum, zone) => sum + resultsOf(strategy, zone), 0);
  const campaignRate = impressions > 0 ? campaignResults / impressions : 0;
  return zones.map((zone) => {
    const results = resultsOf(strategy, zone);
    const verdict = placementVerdict({ impressions: zone.impressions, results, campaignRate, campaignResults }, resultUnit(strategy));
    // A zone that has cost nothing has spent nothing without results.
    return { zone, results, verdict: zone.spendMicros > 0 ? verdict : { ...verdict, exclude: false } };
  });
}
