import { GoalType, PricingModel } from "../../campaigns/campaign.entity";
import { reportDay } from "../decision/decision";
import type { CampaignEntry } from "../model";

const DAY_MS = 86_400_000;
/**
 * Aims this much above the goal left: what the forecast overestimates of the traffic to come is
 * made up before the end date rather than missed at it. A day then runs some 2% over its share.
 */
const AIM = 1.02;

/** What the pacing reads of the network's traffic curve. */
export interface Curve {
  expectedShareBy(atMs: number, aheadMs?: number): number;
}

const dayNumberOf = (atMs: number) => Math.round(Date.parse(reportDay(atMs)) / DAY_MS);

/** The traffic between two moments in days of the curve: a whole day is 1, a quiet night hour little. */
export function curveDaysBetween(curve: Curve, fromMs: number, toMs: number): number {
  if (toMs <= fromMs) return 0;
  const days = dayNumberOf(toMs) - dayNumberOf(fromMs);
  if (days === 0) return curve.expectedShareBy(toMs) - curve.expectedShareBy(fromMs);
  return 1 - curve.expectedShareBy(fromMs) + (days - 1) + curve.expectedShareBy(toMs);
}

/** The units of a goal a campaign has delivered, told from its spend: its fixed price is per thousand impressions or per click. */
export function deliveredUnits(campaign: Pick<CampaignEntry, "pricingModel" | "bidMicros">, spentMicros: number): number {
  return campaign.pricingModel === PricingModel.CPM ? (spentMicros * 1000) / campaign.bidMicros : spentMicros / campaign.bidMicros;
}

/**
 * A guaranteed campaign's goal and what this process has counted of it, carried across catalogue
 * loads: the requests it matched (whoever took them) and took. The decision counts them (two
 * additions, no allocation); the pacing loop turns them into the campaign's take probability.
 */
export class GoalPace {
  matched = 0;
  taken = 0;
  /** The traffic since counting began, in days of the curve, and the units delivered then. */
  private traffic = 0;
  private deliveredAtStart: number | null = null;
  private lastMs: number | null = null;

  constructor(
    readonly type: GoalType,
    readonly amount: number,
  ) {}

  /**
   * The share of the requests it matches the campaign takes from now on so that it meets its goal
   * by its end date, following the traffic curve: the goal left, over the matching requests the
   * rest of the flight brings (their rate so far, counted here, times the curve's traffic left),
   * times the units a take delivers. A take's units are the campaign's delivery across every ad
   * server (told by its spend) over this one's takes, so with several servers each takes its part.
   * Behind, the goal left grows against the traffic left and the share rises; ahead, it falls.
   */
  takeShareAt(campaign: CampaignEntry, spentMicros: number, nowMs: number, curve: Curve): number {
    const delivered = deliveredUnits(campaign, spentMicros);
    const left = this.amount - delivered;
    if (left <= 0) return 0;
    const running = reportDay(nowMs) >= campaign.startDate;
    if (running && this.lastMs !== null) this.traffic += curveDaysBetween(curve, this.lastMs, nowMs);
    if (running) this.deliveredAtStart ??= delivered;
    this.lastMs = nowMs;
    const trafficLeft = 1 - curve.expectedShareBy(nowMs) + Math.max(0, campaign.endDayNumber - dayNumberOf(nowMs));
    if (this.matched === 0 || this.traffic <= 0 || trafficLeft <= 0) return 1;
    const perTake = this.taken > 0 ? (delivered - (this.deliveredAtStart ?? 0)) / this.taken : this.firstGuessPerTake(campaign);
    const matchingLeft = (this.matched / this.traffic) * trafficLeft;
    return perTake <= 0 ? 1 : Math.min(1, (AIM * left) / (matchingLeft * perTake));
  }

  /** Before any take: an impression each, or a click at the campaign's predicted click rate (its eCPM over its bid). */
  private firstGuessPerTake(campaign: CampaignEntry): number {
    return this.type === GoalType.IMPRESSIONS ? 1 : campaign.ecpmMicros / (campaign.bidMicros * 1000);
  }
}
