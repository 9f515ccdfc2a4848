import type { CampaignEntry, CampaignSpend, CreativeEntry, Slot, SlotCandidate } from "./model";
import { reportCalendar } from "../reports/grains";
import type { TargetingRequest } from "../targeting/request";

/** Campaigns within this fraction of the best eligible eCPM share the traffic, weighted by eCPM. */
export const NEAR_TIE_FRACTION = 0.9;

const DAY_MS = 24 * 3600 * 1000;

export interface DecisionContext {
  /** ISO 3166-1 alpha-2, or XX when unknown. */
  country: string;
  /** What the request tells for the campaigns' targeting rules. */
  request: TargetingRequest;
  /** Today in the reporting calendar, as YYYY-MM-DD. */
  day: string;
  spendOf(campaignId: number): CampaignSpend;
  /** Whether the advertiser has anything available to spend; every campaign of one who has not stops filling. */
  hasFunds(advertiserId: number): boolean;
  random(): number;
}

export interface Decision {
  campaign: CampaignEntry;
  creative: CreativeEntry;
}

/** The reporting calendar's date of a moment as YYYY-MM-DD; worked out once a day, not once a decision. */
let cachedDay = { start: 0, end: 0, day: "" };
export function reportDay(atMs: number): string {
  if (atMs < cachedDay.start || atMs >= cachedDay.end) {
    const day = reportCalendar().dateOf(atMs);
    cachedDay = { start: reportCalendar().dateStart(day), end: reportCalendar().dateStart(day, 1), day };
  }
  return cachedDay.day;
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
function dayNumber(day: string): number {
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
  if (campaign.matches && !campaign.matches(context.request)) return false;
  if (!context.hasFunds(campaign.advertiserId)) return false;
  const spend = context.spendOf(campaign.id);
  if (spend.total >= campaign.budgetMicros) return false;
  return spend.today < dailyAllowance(campaign, spend, context.day);
}

export function slotOf(candidates: SlotCandidate[]): Slot {
  const sorted = [...candidates].sort((a, b) => b.campaign.ecpmMicros - a.campaign.ecpmMicros);
  const ecpmBefore = [0];
  for (const candidate of sorted) ecpmBefore.push(ecpmBefore[ecpmBefore.length - 1] + candidate.campaign.ecpmMicros);
  return { candidates: sorted, ecpmBefore };
}

/** Draws before the lottery gives up on luck and checks every near tie. */
const MAX_DRAWS = 8;

/**
 * Picks the ad for one request: the eligible campaigns with the best eCPM (and those within
 * NEAR_TIE_FRACTION of it) compete in a lottery weighted by eCPM; then one of the winner's
 * creatives of the zone's shape at random.
 */
export function decide(slot: Slot, context: DecisionContext): Decision | null {
  const { candidates } = slot;
  let best = 0;
  while (best < candidates.length && !isEligible(candidates[best].campaign, context)) best++;
  if (best === candidates.length) return null;
  const end = firstBelow(candidates, candidates[best].campaign.ecpmMicros * NEAR_TIE_FRACTION, best);
  const winner = end - best === 1 ? candidates[best] : lottery(slot, best, end, context);
  const creative = winner.creatives[Math.floor(context.random() * winner.creatives.length)];
  return { campaign: winner.campaign, creative };
}

/** The index of the first candidate after `from` whose eCPM is below `floor`. */
function firstBelow(candidates: SlotCandidate[], floor: number, from: number): number {
  let low = from + 1;
  let high = candidates.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (candidates[middle].campaign.ecpmMicros >= floor) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * An eCPM-weighted draw among the eligible candidates in [best, end). A large network has dozens
 * of near ties per shape, so rather than check every one on every request, it draws over all of
 * them and redraws when the pick is not eligible: the same odds, usually after one check.
 */
function lottery(slot: Slot, best: number, end: number, context: DecisionContext): SlotCandidate {
  const { candidates, ecpmBefore } = slot;
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const ticket = ecpmBefore[best] + context.random() * (ecpmBefore[end] - ecpmBefore[best]);
    const picked = candidates[holderOf(ecpmBefore, ticket, best, end)];
    if (picked === candidates[best] || isEligible(picked.campaign, context)) return picked;
  }
  const pool = candidates.slice(best, end).filter((candidate, index) => index === 0 || isEligible(candidate.campaign, context));
  let ticket = context.random() * pool.reduce((sum, candidate) => sum + candidate.campaign.ecpmMicros, 0);
  for (const candidate of pool) {
    ticket -= candidate.campaign.ecpmMicros;
    if (ticket < 0) return candidate;
  }
  return pool[pool.length - 1];
}

/** The candidate in [from, to) whose share of the running eCPM total holds the ticket. */
function holderOf(ecpmBefore: number[], ticket: number, from: number, to: number): number {
  let low = from;
  let high = to - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (ecpmBefore[middle] <= ticket) low = middle;
    else high = middle - 1;
  }
  return low;
}
