import { PacingMode, PricingModel } from "../campaigns/campaign.entity";
import { addDays } from "../../common/fields/field";
import { BID_BOUNDS } from "../campaigns/campaign-settings";
import { NEAR_TIE_FRACTION } from "../delivery/decision/decision";
import { ecpmOf, type Rates } from "../delivery/learning/rate-prediction";
import type { FrequencyCap } from "../frequency-caps/frequency-caps";
import { VISITOR_REQUESTS } from "../targeting/audience-shares";

/** A live campaign the forecast one may meet in the auction. */
export interface Competitor {
  ecpmMicros: number;
  /** The share of the forecast campaign's requests this one may fill too (its countries against ours). */
  overlap: number;
  /** The share of the requests it may fill that its budget, cap and pacing let it take in a day. */
  appetite: number;
}

/** What the forecast campaign asks for, as its settings say; a missing bid or budget forecasts the reach alone. */
export interface CampaignPlan {
  pricingModel: PricingModel;
  bidMicros: number | null;
  budgetMicros: number | null;
  /** What an existing campaign has spent of its budget; 0 for a new one. */
  spentMicros: number;
  dailyCapMicros: number | null;
  pacing: PacingMode;
  startDate: string;
  endDate: string;
  frequencyCaps: readonly FrequencyCap[] | null;
}

/** What the read model says of the requests the targeting reaches and the market it meets there. */
export interface MarketFacts {
  /** Requests a day the targeting reaches (countries, places, day-part and audience shares applied). */
  requestsPerDay: number;
  /** The sentence saying what the reach rests on: "from 14 days of requests on 3 sites in 2 countries…". */
  reachBasis: string;
  /** The share of those requests whose zone's floor an eCPM meets. */
  floorShare(ecpmMicros: number): number;
  competitors: readonly Competitor[];
  /** The campaign's predicted click, conversion, viewable and completion rates, and where they come from. */
  rates: Rates;
  ratesBasis: string;
  /** The share of a day's allowance even pacing has released by the day-part's last open hour (1 without day-parting). */
  releasedShare: number;
}

export interface DeliveryForecast {
  impressionsPerDay: number;
  clicksPerDay: number;
  spendPerDayMicros: number;
  /** The last day the budget pays for, or null when it lasts the flight (or nothing is spent). */
  budgetRunsOutOn: string | null;
  basis: { impressions: string; clicks: string; spend: string; runOut: string };
}

/** "$80", "$0.50", "$1,234.56": whole dollars without cents, others with both. */
const dollarText = (micros: number) => {
  const cents = Math.round(micros / 10_000);
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
};
/** "Dec 3, 2026": a calendar day as the screens write it. */
const dateText = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });
const percent = (share: number) => `${Math.round(share * 100)}%`;
const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;

/**
 * The share of a campaign's requests it wins at `ecpmMicros`, as decide's auction splits them: a
 * rival clearly above (beyond NEAR_TIE_FRACTION) takes every request it is there for, a near tie
 * splits by eCPM in the lottery, a rival clearly below takes none. A rival is there for as many of
 * the requests as its overlap and appetite say.
 */
export function wonShare(ecpmMicros: number, competitors: readonly Competitor[]): number {
  let share = 1;
  for (const rival of competitors) {
    const present = rival.overlap * rival.appetite;
    if (ecpmMicros < rival.ecpmMicros * NEAR_TIE_FRACTION) share *= 1 - present;
    else if (rival.ecpmMicros >= ecpmMicros * NEAR_TIE_FRACTION) share *= 1 - present * (rival.ecpmMicros / (ecpmMicros + rival.ecpmMicros));
  }
  return share;
}

/**
 * The share of its won requests a visitor's caps leave: a cap of `count` per period holds once a
 * visitor's won requests in the period pass it (VISITOR_REQUESTS, an assumption said so in the basis).
 */
export function capShare(caps: readonly FrequencyCap[] | null, impressionShare: number, flightDays: number): number {
  if (!caps || impressionShare <= 0) return 1;
  const requestsIn = (per: FrequencyCap["per"]) => (per === "flight" ? VISITOR_REQUESTS.week * Math.max(1, Math.ceil(flightDays / 7)) : VISITOR_REQUESTS[per]);
  return Math.min(1, ...caps.map(({ count, per }) => count / (requestsIn(per) * impressionShare)));
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** What is left to spend of the budget, or null when none is set. */
const budgetLeft = (plan: CampaignPlan) => (plan.budgetMicros === null ? null : Math.max(0, plan.budgetMicros - plan.spentMicros));

/** "the $1,000 budget", or "the $400 left of the $1,000 budget" once some is spent. */
const budgetText = (plan: CampaignPlan) =>
  plan.spentMicros > 0 ? `the ${dollarText(budgetLeft(plan)!)} left of the ${dollarText(plan.budgetMicros!)} budget` : `the ${dollarText(plan.budgetMicros!)} budget`;

/** The daily spend the campaign's money allows: even pacing spreads the budget over the days left, and the daily cap holds either way. */
function dailyLimit(plan: CampaignPlan, firstDay: string, releasedShare: number): { micros: number; why: string } {
  const limit = moneyLimit(plan, firstDay);
  // Even pacing releases the day's money along the network's curve, the daily cap's included.
  if (plan.pacing !== PacingMode.EVEN || releasedShare >= 1) return limit;
  return { micros: limit.micros * releasedShare, why: `${limit.why}, ${percent(releasedShare)} of it released by the day-part's last hour` };
}

/** The limit of the money alone: the daily cap, or what the pacing mode lets the budget left spend today. */
function moneyLimit(plan: CampaignPlan, firstDay: string): { micros: number; why: string } {
  const cap = plan.dailyCapMicros ?? Infinity;
  const budget = budgetLeft(plan) ?? Infinity;
  const daysLeft = Math.max(1, dayNumber(plan.endDate) - dayNumber(firstDay) + 1);
  const paced = plan.pacing === PacingMode.EVEN ? budget / daysLeft : budget;
  if (cap <= paced) return { micros: cap, why: `the daily cap of ${dollarText(cap)}` };
  if (plan.pacing === PacingMode.EVEN) return { micros: paced, why: `even pacing of ${budgetText(plan)} over ${days(daysLeft)}, ${dollarText(Math.floor(paced))} a day` };
  return { micros: paced, why: budgetText(plan) };
}

/** What each impression costs on average, in micros: the bid's eCPM per impression. */
const spendPerImpression = (plan: CampaignPlan, rates: Rates) => ecpmOf({ pricingModel: plan.pricingModel, bidMicros: plan.bidMicros ?? 0 }, rates) / 1000;

/**
 * A day of the campaign's delivery: the requests it reaches, less those whose floor its eCPM does
 * not meet, those the competing campaigns win, and those the visitor caps hold back; then no more
 * than its daily cap and pacing let it spend. Clicks and spend follow from its predicted rates and
 * its pricing model, and the budget's last day from the spend a day.
 */
export function forecastDelivery(plan: CampaignPlan, market: MarketFacts, today: string): DeliveryForecast {
  const firstDay = plan.startDate > today ? plan.startDate : today;
  const flightDays = Math.max(1, dayNumber(plan.endDate) - dayNumber(firstDay) + 1);
  const perImpression = spendPerImpression(plan, market.rates);
  const ecpm = perImpression * 1000;
  const priced = plan.bidMicros !== null && plan.bidMicros > 0;

  const floor = priced ? market.floorShare(ecpm) : 1;
  const won = priced ? wonShare(ecpm, market.competitors) : 1;
  const capped = capShare(plan.frequencyCaps, floor * won, flightDays);
  const available = market.requestsPerDay * floor * won * capped;
  const limit = priced ? dailyLimit(plan, firstDay, market.releasedShare) : { micros: Infinity, why: "" };
  const bound = perImpression > 0 && available * perImpression > limit.micros;
  const impressions = bound ? limit.micros / perImpression : available;
  const spend = impressions * perImpression;

  const notes = [market.reachBasis];
  if (priced && floor < 1) notes.push(`zone floors above this bid keep it from ${percent(1 - floor)} of them`);
  if (priced && market.competitors.length > 0) notes.push(`${market.competitors.length === 1 ? "1 competing campaign wins" : `${market.competitors.length} competing campaigns win`} ${percent(1 - won)} at this bid`);
  if (capped < 1) notes.push(`frequency caps hold back ${percent(1 - capped)}, assuming a visitor sends ${VISITOR_REQUESTS.day} requests a day`);
  if (bound) notes.push(`${limit.why} buys ${Math.round(impressions).toLocaleString("en-US")} of the ${Math.round(available).toLocaleString("en-US")} it could win`);

  const price = priced ? `${dollarText(plan.bidMicros!)} ${BID_BOUNDS[plan.pricingModel].unit}` : "";
  return {
    impressionsPerDay: Math.round(impressions),
    clicksPerDay: impressions * market.rates.ctr,
    spendPerDayMicros: Math.round(spend),
    budgetRunsOutOn: runOutDay(plan, spend, firstDay),
    basis: {
      impressions: `${notes.join("; ")}.`,
      clicks: `At a predicted click rate of ${(market.rates.ctr * 100).toFixed(2)}% (${market.ratesBasis}).`,
      spend: !priced ? "Enter a bid to forecast the spend." : bound ? `${price}, up to ${limit.why}.` : `${price}, on every impression it can win; ${limit.why} is not reached.`,
      runOut: runOutBasis(plan, spend, firstDay),
    },
  };
}

/** The last day the budget pays for at `spend` a day from `firstDay`; null when it lasts past the end date. */
function runOutDay(plan: CampaignPlan, spend: number, firstDay: string): string | null {
  const left = budgetLeft(plan);
  if (left === null || spend <= 0) return null;
  // A hair under a whole number of days is that number: even pacing spends the budget by the end date exactly.
  const day = addDays(firstDay, Math.max(0, Math.ceil(left / spend - 1e-6) - 1));
  return day > plan.endDate ? null : day;
}

function runOutBasis(plan: CampaignPlan, spend: number, firstDay: string): string {
  const left = budgetLeft(plan);
  if (left === null || !plan.bidMicros) return "Enter a budget and a bid to forecast when it runs out.";
  if (spend <= 0) return "Nothing would be spent: no request the targeting reaches is won at this bid.";
  const lasting = Math.ceil(left / spend - 1e-6);
  const budget = budgetText(plan);
  const runsOut = runOutDay(plan, spend, firstDay);
  if (runsOut) return `${budget[0].toUpperCase()}${budget.slice(1)} at ${dollarText(Math.round(spend))} a day lasts ${days(lasting)} from ${dateText(firstDay)}.`;
  const flightDays = dayNumber(plan.endDate) - dayNumber(firstDay) + 1;
  return `At ${dollarText(Math.round(spend))} a day the flight to ${dateText(plan.endDate)} spends ${dollarText(Math.round(Math.min(left, spend * flightDays)))} of ${budget}.`;
}
