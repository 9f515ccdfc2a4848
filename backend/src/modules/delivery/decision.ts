import type { CampaignSpend } from "./delivery-state";
import type { CampaignEntry, CreativeEntry, SlotCandidate } from "./inventory";

/** Campaigns within this fraction of the best eligible CPM share the traffic, weighted by CPM. */
export const NEAR_TIE_FRACTION = 0.9;

const DAY_MS = 24 * 3600 * 1000;

export interface DecisionContext {
  /** ISO 3166-1 alpha-2, or XX when unknown. */
  country: string;
  /** Today, UTC, as YYYY-MM-DD. */
  day: string;
  spendOf(campaignId: number): CampaignSpend;
  random(): number;
}

export interface Decision {
  campaign: CampaignEntry;
  creative: CreativeEntry;
}

export function utcDay(atMs: number): string {
  return new Date(atMs).toISOString().slice(0, 10);
}

/**
 * Pacing: what is left of the budget at the start of today, spread evenly over the days left in
 * the flight (today included), so a campaign does not spend its whole budget on its first day.
 */
export function dailyAllowance(campaign: CampaignEntry, spend: CampaignSpend, day: string): number {
  const daysLeft = Math.max(1, campaign.endDayNumber - dayNumber(day) + 1);
  return (campaign.budgetMicros - (spend.total - spend.today)) / daysLeft;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date; parsed once per day, not once per decision. */
let lastDay = "";
let lastDayNumber = 0;
export function dayNumber(day: string): number {
  if (day !== lastDay) {
    lastDay = day;
    lastDayNumber = Math.round(Date.parse(day) / DAY_MS);
  }
  return lastDayNumber;
}

export function isEligible(campaign: CampaignEntry, context: DecisionContext): boolean {
  if (!campaign.servable) return false;
  if (context.day < campaign.startDate || context.day > campaign.endDate) return false;
  if (campaign.countries && !campaign.countries.has(context.country)) return false;
  const spend = context.spendOf(campaign.id);
  if (spend.total >= campaign.budgetMicros) return false;
  return spend.today < dailyAllowance(campaign, spend, context.day);
}

/**
 * Picks the ad for one request: the eligible campaigns with the best CPM (and those within
 * NEAR_TIE_FRACTION of it) compete in a lottery weighted by CPM; then one of the winner's
 * creatives of the zone's shape at random. Candidates come sorted by CPM, highest first.
 */
export function decide(candidates: SlotCandidate[], context: DecisionContext): Decision | null {
  const pool: SlotCandidate[] = [];
  let floor = 0;
  for (const candidate of candidates) {
    if (candidate.campaign.cpmMicros < floor) break;
    if (!isEligible(candidate.campaign, context)) continue;
    if (pool.length === 0) floor = candidate.campaign.cpmMicros * NEAR_TIE_FRACTION;
    pool.push(candidate);
  }
  if (pool.length === 0) return null;

  const totalWeight = pool.reduce((sum, candidate) => sum + candidate.campaign.cpmMicros, 0);
  let ticket = context.random() * totalWeight;
  let winner = pool[pool.length - 1];
  for (const candidate of pool) {
    ticket -= candidate.campaign.cpmMicros;
    if (ticket < 0) {
      winner = candidate;
      break;
    }
  }
  const creative = winner.creatives[Math.floor(context.random() * winner.creatives.length)];
  return { campaign: winner.campaign, creative };
}
