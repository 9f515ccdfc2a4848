import { BidStrategy } from "../../campaigns/campaign.entity";
import { posteriorRate, PRIOR_IMPRESSIONS, type Rates } from "./rate-prediction";

/** A campaign's counted results in one zone, over the read window. */
export interface ZoneTally {
  campaignId: number;
  zoneId: number;
  impressions: number;
  clicks: number;
  conversions: number;
  spendMicros: number;
}

/**
 * Below this many impressions of its own a zone is still being explored: the campaign bids its
 * full bid there, the exploration floor, so that a campaign whose predicted rate starts at the
 * network's (a conversion in ten thousand) still wins the impressions that show what the zone is
 * worth. A thousand display impressions cost at most the bid once, and hold a few conversions.
 */
export const EXPLORING_IMPRESSIONS = 1_000;

/** What a goal-bidding campaign offers per thousand impressions, zone by zone: the decision's `ecpmIn`. */
export interface ZoneBids {
  byZone: ReadonlyMap<number, number>;
  /** What it offers in a zone it has no results in yet: its full bid, exploring. */
  elsewhere: number;
  /** The highest of them: the campaign's place in the auction's order. */
  highest: number;
}

/** What the goal needs of a campaign. */
export interface GoalCampaign {
  bidStrategy: BidStrategy;
  /** The most it may pay per thousand impressions: the campaign's bid. */
  bidMicros: number;
  targetCpaMicros: number | null;
  targetCpcMicros: number | null;
}

/** The rate of the goal's unit, a conversion or a click, per impression. */
const unitRate = (strategy: BidStrategy, rates: Pick<Rates, "ctr" | "conversionRate">) => (strategy === BidStrategy.TARGET_CPC ? rates.ctr : rates.conversionRate);

/** A zone's rate of the goal's unit, shrunk toward the campaign's own with PRIOR_IMPRESSIONS of weight. */
export function zoneRate(strategy: BidStrategy, tally: ZoneTally | undefined, campaignRates: Pick<Rates, "ctr" | "conversionRate">): number {
  const prior = unitRate(strategy, campaignRates);
  if (!tally) return prior;
  const events = strategy === BidStrategy.TARGET_CPC ? tally.clicks : tally.conversions;
  return posteriorRate(events, tally.impressions, prior, PRIOR_IMPRESSIONS);
}

/**
 * What one unit of the goal is worth to the campaign, in micros. A target is its own worth: paying
 * a thousand impressions its worth times its predicted units pays the target per unit, when the
 * prediction is right. Most conversions pays every zone the same cost per predicted conversion,
 * the most the bid allows in the zone most likely to convert, so the budget goes where conversions
 * are cheapest, and even pacing holds it to the day's allowance.
 */
function unitWorth(campaign: GoalCampaign, bestRate: number): number {
  if (campaign.bidStrategy === BidStrategy.TARGET_CPA) return campaign.targetCpaMicros ?? 0;
  if (campaign.bidStrategy === BidStrategy.TARGET_CPC) return campaign.targetCpcMicros ?? 0;
  return bestRate > 0 ? campaign.bidMicros / (1000 * bestRate) : 0;
}

/**
 * A goal campaign's bid per thousand impressions in each zone it has results in, and elsewhere:
 * its unit's worth times the zone's predicted units per thousand, at most its bid; its full bid
 * while the zone is being explored. Null for a fixed bid.
 */
export function goalBids(campaign: GoalCampaign, campaignRates: Pick<Rates, "ctr" | "conversionRate">, tallies: readonly ZoneTally[]): ZoneBids | null {
  if (campaign.bidStrategy === BidStrategy.FIXED) return null;
  const strategy = campaign.bidStrategy;
  const campaignRate = zoneRate(strategy, undefined, campaignRates);
  const rates = tallies.map((tally) => ({ tally, rate: zoneRate(strategy, tally, campaignRates) }));
  const worth = unitWorth(campaign, Math.max(campaignRate, ...rates.map(({ rate }) => rate)));
  const bidAt = (rate: number) => Math.min(campaign.bidMicros, Math.round(worth * rate * 1000));
  const byZone = new Map<number, number>();
  for (const { tally, rate } of rates) byZone.set(tally.zoneId, tally.impressions < EXPLORING_IMPRESSIONS ? campaign.bidMicros : bidAt(rate));
  return { byZone, elsewhere: campaign.bidMicros, highest: Math.max(campaign.bidMicros, ...byZone.values()) };
}
