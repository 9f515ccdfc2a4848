import { DeliveryTier, PacingMode } from "../../campaigns/campaign.entity";
import { reportCalendar } from "../../reports/grains";
import type { FrequencyCap } from "../../frequency-caps/frequency-caps";
import { pickCreative } from "./creative-rotation";
import type { CampaignEntry, CampaignSpend, CreativeEntry, SiteBlocks, Slot, SlotCandidate } from "../model";
import { allowedCreatives, blockedBy, meetsFloor, NO_CONTROLS, type PublisherControls, type PublisherRefusal } from "./publisher-controls";
import type { TargetingRequest } from "../../targeting/request";
import { emptyPod, fittingIn, type PodSoFar, separatedFrom, withAd } from "./ad-pod";
import { type PageSoFar, sharesPageWith } from "./page-so-far";

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
  /** Whether the visitor may see one more impression of a campaign with these caps (see VisitorHistories.gate). */
  withinCaps(campaignId: number, caps: readonly FrequencyCap[], alsoShown?: number): boolean;
  /**
   * How much of a day's allowance even pacing has released by now: the traffic curve's share of the
   * day passed PACING_LEAD_MS from now. One number per request, worked out before the decision.
   */
  releasedShare: number;
  /** An optimised rotation's weight for a creative: its odds of having the best click rate (see creative-rotation). */
  creativeOdds(creativeId: number): number;
  random(): number;
  /** The zone's floor and its site's blocks; none when left out. */
  publisher?: PublisherControls;
  /** Advertisers already in this answer (a zone showing several ads): none of their campaigns competes again. */
  excludedAdvertisers?: ReadonlySet<number>;
  /** Told, when the request goes unfilled, which of the publisher's controls refused the best campaign otherwise eligible. */
  refused?(reason: PublisherRefusal): void;
  /** The ads already chosen for the same ad pod, which the next one must be separated from and fit after; none for a single ad. */
  pod?: PodSoFar;
  /** What the rest of the page shows (see page-decision.ts): its competitors stay out; none for a zone asked for alone. */
  page?: PageSoFar;
  /** The roadblock being placed in the page's zones: the only campaign that is one allowed to compete; roadblocks never fill a zone alone. */
  roadblock?: number;
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

/**
 * Even pacing releases the allowance this far ahead of the traffic curve, so a campaign right on its
 * line keeps serving rather than stopping and starting with every charge (and other processes' charges
 * reach this one up to a second late). Five minutes of the curve: an hour takes at most some 8% more
 * than its share when the next hour's traffic is double its own.
 */
export const PACING_LEAD_MS = 5 * 60_000;

/**
 * What a campaign may have spent today by now. ASAP: the rest of its budget, or its daily cap, as
 * fast as traffic comes. Even (the default): the day's allowance, capped by the daily cap, released
 * along the network's traffic curve, so no hour takes much more than its share.
 */
export function spendableToday(campaign: CampaignEntry, spend: CampaignSpend, context: DecisionContext): number {
  const cap = campaign.dailyCapMicros ?? Infinity;
  if (campaign.pacing === PacingMode.ASAP) return cap;
  return Math.min(dailyAllowance(campaign, spend, context.day), cap) * context.releasedShare;
}

/**
 * Whether the campaign may fill the request. House ads are never billed, so neither funds nor a
 * budget hold them back. A booked tier is paced by its share or its goal, not by the budget's daily
 * allowance: its budget and daily cap still stop it.
 */
export function isEligible(campaign: CampaignEntry, context: DecisionContext): boolean {
  if (!campaign.servable) return false;
  const deals = context.publisher?.deals;
  if (deals === undefined ? campaign.dealId !== null : campaign.dealId === null || !deals.has(campaign.dealId)) return false;
  if (context.excludedAdvertisers?.has(campaign.advertiserId)) return false;
  if (campaign.roadblockZones > 0 && context.roadblock !== campaign.id) return false;
  if (context.page && !sharesPageWith(campaign, context.page)) return false;
  if (campaign.excludedZones?.has(context.request.zoneId)) return false;
  if (context.day < campaign.startDate || context.day > campaign.endDate) return false;
  if (campaign.countries && !campaign.countries.has(context.country)) return false;
  if (campaign.matches && !campaign.matches(context.request)) return false;
  if (campaign.tier !== DeliveryTier.HOUSE) {
    if (!context.hasFunds(campaign.advertiserId)) return false;
    const spend = context.spendOf(campaign.id);
    if (spend.total >= campaign.budgetMicros) return false;
    if (campaign.tier === DeliveryTier.AUCTION ? spend.today >= spendableToday(campaign, spend, context) : spend.today >= (campaign.dailyCapMicros ?? Infinity)) return false;
  }
  return !campaign.frequencyCaps || context.withinCaps(campaign.id, campaign.frequencyCaps, context.page?.shown.get(campaign.id));
}

/** The order the booked tiers take their share in: sponsorships, then guaranteed campaigns. */
const BOOKED_ORDER: Partial<Record<DeliveryTier, number>> = { [DeliveryTier.SPONSORSHIP]: 0, [DeliveryTier.GUARANTEED]: 1 };

export function slotOf(all: SlotCandidate[]): Slot {
  const candidates = all.filter(({ campaign }) => campaign.tier === DeliveryTier.AUCTION).sort((a, b) => b.campaign.ecpmMicros - a.campaign.ecpmMicros);
  const booked = all.filter(({ campaign }) => BOOKED_ORDER[campaign.tier] !== undefined).sort((a, b) => BOOKED_ORDER[a.campaign.tier]! - BOOKED_ORDER[b.campaign.tier]!);
  const house = all.filter(({ campaign }) => campaign.tier === DeliveryTier.HOUSE);
  const ecpmBefore = [0];
  for (const candidate of candidates) ecpmBefore.push(ecpmBefore[ecpmBefore.length - 1] + candidate.campaign.ecpmMicros);
  return { booked, house, candidates, ecpmBefore };
}

/** Draws before the lottery gives up on luck and checks every near tie. */
const MAX_DRAWS = 8;

/**
 * What a campaign offers per thousand impressions in a zone: its goal's bid there (see
 * learning/goal-bids), or its one eCPM. Never above its ecpmMicros, which orders the slot.
 */
export function ecpmIn(campaign: CampaignEntry, zoneId: number): number {
  const bids = campaign.zoneBids;
  return bids === null ? campaign.ecpmMicros : (bids.byZone.get(zoneId) ?? bids.elsewhere);
}

/**
 * Picks the ad for one request, by tier before price: a sponsorship or a guaranteed campaign that
 * takes it (see decideBooked); else the auction (see decideAuction); else a house ad.
 */
export function decide(slot: Slot, context: DecisionContext): Decision | null {
  const booked = slot.booked.length > 0 ? decideBooked(slot.booked, context) : null;
  if (booked) return booked;
  const won = decideAuction(slot, context);
  return won || slot.house.length === 0 ? won : decideHouse(slot.house, context);
}

/** What a campaign offers in the zone and pays: nothing for a house ad, its goal's bid there for a goal campaign, its bid otherwise. */
export function offeredBidMicros(campaign: CampaignEntry, zoneId: number): number {
  if (campaign.tier === DeliveryTier.HOUSE) return 0;
  return campaign.zoneBids ? ecpmIn(campaign, zoneId) : campaign.bidMicros;
}

/** Whether a booked or house campaign may fill the request: eligible, not refused by the site, fitting the pod. */
const mayFill = (candidate: SlotCandidate, context: DecisionContext, controls: PublisherControls) =>
  isEligible(candidate.campaign, context) && blockedBy(candidate, controls.blocks) === null && !podRefuses(candidate, controls.blocks, context.pod);

/**
 * The booked tiers, with one draw: each campaign that may fill the request holds the next stretch
 * of [0, 1) as long as its take share, sponsorships first, so each takes its share of the requests
 * it matches (the booking keeps the shares on one inventory within 100%) and the auction gets the
 * rest. Every guaranteed campaign that matched counts it, taken or not: its pacing's forecast.
 */
function decideBooked(booked: SlotCandidate[], context: DecisionContext): Decision | null {
  const controls = context.publisher ?? NO_CONTROLS;
  const ticket = context.random();
  let held = 0;
  let winner: SlotCandidate | null = null;
  for (const candidate of booked) {
    const { campaign } = candidate;
    if (winner && !campaign.goal) continue;
    if (!mayFill(candidate, context, controls) || !meetsFloor(campaign.ecpmMicros, controls)) continue;
    if (campaign.goal) campaign.goal.matched++;
    if (winner) continue;
    held += campaign.takeShare;
    if (ticket < held) winner = candidate;
  }
  if (!winner) return null;
  if (winner.campaign.goal) winner.campaign.goal.taken++;
  return withCreative(winner, context, controls);
}

/** House ads fill what nothing else took, in turns alike: no price to rank them by. */
function decideHouse(house: SlotCandidate[], context: DecisionContext): Decision | null {
  const controls = context.publisher ?? NO_CONTROLS;
  let fitting = 0;
  let winner: SlotCandidate | null = null;
  for (const candidate of house) {
    if (!mayFill(candidate, context, controls)) continue;
    fitting++;
    // One pass, no list: the k-th fitting one replaces the pick at odds 1/k, so each ends up at 1/n.
    if (context.random() * fitting < 1) winner = candidate;
  }
  return winner ? withCreative(winner, context, controls) : null;
}

/** The winner with one of its creatives the site allows (and the pod has room for), as its rotation picks. */
function withCreative(winner: SlotCandidate, context: DecisionContext, controls: PublisherControls): Decision {
  const allowed = allowedCreatives(winner, controls.blocks);
  return { campaign: winner.campaign, creative: pickCreative(winner.campaign, context.pod ? fittingIn(allowed, context.pod) : allowed, context) };
}

/**
 * The auction: the eligible campaigns with the best eCPM in the zone (and those
 * within NEAR_TIE_FRACTION of it) compete in a lottery weighted by eCPM; then one of the winner's
 * creatives of the zone's shape, as the campaign's rotation picks. The publisher's controls apply
 * on the way: campaigns whose eCPM pays less than the zone's floor are cut off, and the site's
 * blocked categories and landing domains are passed over. The slot is in order of each campaign's
 * highest eCPM anywhere; a goal campaign may offer less in this zone, so the search goes on past
 * the first that fits until no campaign left could offer more than the best found.
 */
function decideAuction(slot: Slot, context: DecisionContext): Decision | null {
  const { candidates } = slot;
  const controls = context.publisher ?? NO_CONTROLS;
  const zoneId = context.request.zoneId;
  // Candidates come highest eCPM first: past the first below the floor, none pays the publisher enough.
  const floorEnd = controls.floorMicros > 0 ? firstBelowFloor(candidates, controls) : candidates.length;
  let refusal: PublisherRefusal | null = null;
  let first = -1;
  let best = -1;
  let bestEcpm = 0;
  for (let index = 0; index < candidates.length; index++) {
    const candidate = candidates[index];
    if (best >= 0 && candidate.campaign.ecpmMicros <= bestEcpm) break;
    if (!isEligible(candidate.campaign, context)) continue;
    if (index >= floorEnd) {
      refusal ??= "below_floor";
      break;
    }
    const ecpm = ecpmIn(candidate.campaign, zoneId);
    if (ecpm <= 0) continue;
    if (ecpm < candidate.campaign.ecpmMicros && !meetsFloor(ecpm, controls)) {
      refusal ??= "below_floor";
      continue;
    }
    const blocked = blockedBy(candidate, controls.blocks);
    if (blocked) {
      refusal ??= blocked;
      continue;
    }
    if (podRefuses(candidate, controls.blocks, context.pod)) continue;
    if (first < 0) first = index;
    if (ecpm > bestEcpm) {
      best = index;
      bestEcpm = ecpm;
    }
  }
  if (best < 0) {
    if (refusal) context.refused?.(refusal);
    return null;
  }
  const tie = { zoneId, least: bestEcpm * NEAR_TIE_FRACTION, floor: controls };
  const end = Math.min(floorEnd, firstBelow(candidates, tie.least, best));
  const winner = end - first === 1 ? candidates[best] : lottery(slot, { first, best, end }, tie, context, controls.blocks);
  return withCreative(winner, context, controls);
}

/** What a near tie must offer in the request's zone: at least `least`, and the zone's floor. */
interface NearTie {
  zoneId: number;
  least: number;
  floor: PublisherControls;
}

/** Whether a candidate may fill the request: eligible, not refused by the site, separated from the rest of its pod, and offering a near tie's eCPM in the zone. */
const fits = (candidate: SlotCandidate, context: DecisionContext, blocks: SiteBlocks | null, tie: NearTie) => {
  const ecpm = ecpmIn(candidate.campaign, tie.zoneId);
  return ecpm >= tie.least && meetsFloor(ecpm, tie.floor) && isEligible(candidate.campaign, context) && blockedBy(candidate, blocks) === null && !podRefuses(candidate, blocks, context.pod);
};

/**
 * Decides up to `most` ads one after another, each as `decide` decides one with the context narrowed
 * by those already picked; what the publisher's controls refused is told once, for the first: a box
 * or a break half filled was not refused by them.
 */
function decideInTurn(slot: Slot, context: DecisionContext, most: number, narrowed: (picked: readonly Decision[]) => Partial<DecisionContext>): Decision[] {
  const picked: Decision[] = [];
  while (picked.length < most) {
    const next = decide(slot, { ...context, ...narrowed(picked), refused: picked.length === 0 ? context.refused : undefined });
    if (!next) break;
    picked.push(next);
  }
  return picked;
}

/**
 * Picks the ads of a zone showing several at once (content recommendation): up to `count`, among
 * the advertisers not picked yet, so no advertiser shows twice in one answer and the best prices come first.
 */
export const decideSeveral = (slot: Slot, context: DecisionContext, count: number): Decision[] =>
  decideInTurn(slot, context, count, (picked) => ({ excludedAdvertisers: new Set(picked.map(({ campaign }) => campaign.advertiserId)) }));

/** Whether the pod being filled keeps a candidate out: an advertiser or category already in it, or no video short enough for what is left. */
const podRefuses = (candidate: SlotCandidate, blocks: SiteBlocks | null, pod: PodSoFar | undefined) =>
  pod !== undefined && (!separatedFrom(candidate, pod) || fittingIn(allowedCreatives(candidate, blocks), pod).length === 0);

/**
 * The ads of one break, in the order they play: among the campaigns separated from those already in
 * the pod whose videos fit in what is left of the break, until the pod holds `maxAds` or nothing more fits.
 */
export const decidePod = (slot: Slot, context: DecisionContext, { maxAds, breakMs }: { maxAds: number; breakMs: number }): Decision[] =>
  decideInTurn(slot, context, maxAds, (picked) => ({ pod: picked.reduce((pod, ad) => withAd(pod, ad, ad.creative), emptyPod(breakMs)) }));

/** The index of the first candidate whose eCPM pays the publisher less than the zone's floor. */
function firstBelowFloor(candidates: SlotCandidate[], controls: PublisherControls): number {
  let low = 0;
  let high = candidates.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (meetsFloor(candidates[middle].campaign.ecpmMicros, controls)) low = middle + 1;
    else high = middle;
  }
  return low;
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
 * An eCPM-weighted draw among the eligible candidates in [first, end). A large network has dozens
 * of near ties per shape, so rather than check every one on every request, it draws over all of
 * them by their highest eCPM and redraws when the pick does not fit; a goal campaign offering less
 * here than its highest is kept at the odds of what it offers (drawn at the highest, accepted at
 * their ratio). The same odds, usually after one check.
 */
function lottery(slot: Slot, range: { first: number; best: number; end: number }, tie: NearTie, context: DecisionContext, blocks: SiteBlocks | null): SlotCandidate {
  const { candidates, ecpmBefore } = slot;
  const { first, best, end } = range;
  const accepted = (picked: SlotCandidate) => {
    const ecpm = ecpmIn(picked.campaign, tie.zoneId);
    return ecpm === picked.campaign.ecpmMicros || context.random() * picked.campaign.ecpmMicros < ecpm;
  };
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const ticket = ecpmBefore[first] + context.random() * (ecpmBefore[end] - ecpmBefore[first]);
    const picked = candidates[holderOf(ecpmBefore, ticket, first, end)];
    if ((picked === candidates[best] || fits(picked, context, blocks, tie)) && accepted(picked)) return picked;
  }
  const pool = candidates.slice(first, end).filter((candidate) => candidate === candidates[best] || fits(candidate, context, blocks, tie));
  let ticket = context.random() * pool.reduce((sum, candidate) => sum + ecpmIn(candidate.campaign, tie.zoneId), 0);
  for (const candidate of pool) {
    ticket -= ecpmIn(candidate.campaign, tie.zoneId);
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
