import { In, IsNull, LessThanOrEqual, MoreThanOrEqual, type DataSource } from "typeorm";
import { Campaign, CampaignStatus, DeliveryTier, GoalType } from "../campaigns/campaign.entity";
import { loadTrafficCurve } from "../delivery/learning/traffic-curve";
import { reportCalendar } from "../reports/grains";
import type { ReportsService } from "../reports/reports.service";
import { storedTargeting } from "../targeting/targeting-rules";
import type { AvailabilityService } from "./availability";
import { InsertionOrder } from "./insertion-order.entity";

/** A guaranteed campaign is behind pace once it has delivered less than this share of what it should have by now. */
export const ON_PACE_SHARE = 0.95;

/** Why a guaranteed campaign is behind: what its availability for the days left says. */
export enum BehindReason {
  /** Its targeting reaches less than it still needs, whatever else is booked. */
  TARGETING_TOO_NARROW = "targeting_too_narrow",
  /** It reaches enough, but the sponsorships and guaranteed campaigns on the same inventory take it first. */
  OUTBID_BY_HIGHER_PRIORITY = "outbid_by_higher_priority",
  /** Its inventory has room for what it still needs: pacing should catch up, unless something stops it serving. */
  ROOM_TO_CATCH_UP = "room_to_catch_up",
}

export interface BehindPace {
  campaign: Campaign;
  /** In the goal's unit (impressions or clicks). */
  delivered: number;
  expected: number;
  goalLeft: number;
  daysLeft: number;
  /** What its targeting reaches in the days left, and what of it the other bookings leave, in impressions. */
  forecastImpressions: number;
  availableImpressions: number;
  reason: BehindReason;
  why: string;
  /** Booked over its availability. */
  overridden: boolean;
}

const thousands = (count: number) => Math.round(count).toLocaleString("en-US");
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * The guaranteed campaigns behind pace, for the admins' dashboard: delivered against what the goal
 * spread over the flight on the network's traffic curve expects by now, and why, from the
 * availability of its targeting over the days left (itself left out).
 */
export class UnderDelivery {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reports: ReportsService,
    private readonly availability: AvailabilityService,
  ) {}

  async behindPace(nowMs = Date.now()): Promise<BehindPace[]> {
    const today = reportCalendar().dateOf(nowMs);
    const running = await this.dataSource.getRepository(Campaign).find({
      where: { deliveryTier: DeliveryTier.GUARANTEED, status: CampaignStatus.ACTIVE, archivedAt: IsNull(), startDate: LessThanOrEqual(today), endDate: MoreThanOrEqual(today) },
      order: { endDate: "ASC", id: "ASC" },
    });
    const goals = running.filter((campaign) => (campaign.goalAmount ?? 0) > 0);
    if (goals.length === 0) return [];
    const [totals, curve, orders] = await Promise.all([
      this.reports.totalsByCampaign(goals.map((campaign) => ({ id: campaign.id, ownerId: campaign.advertiserId }))),
      loadTrafficCurve(this.dataSource, nowMs),
      this.dataSource.getRepository(InsertionOrder).findBy({ campaignId: In(goals.map((campaign) => campaign.id)) }),
    ]);
    const overridden = new Set(orders.filter((order) => order.overridden).map((order) => order.campaignId));
    const shareOfDay = curve.expectedShareBy(nowMs);
    const behind: BehindPace[] = [];
    for (const campaign of goals) {
      const goal = campaign.goalAmount!;
      const counted = totals.get(campaign.id);
      const delivered = campaign.goalType === GoalType.CLICKS ? (counted?.clicks ?? 0) : (counted?.impressions ?? 0);
      const flightDays = dayNumber(campaign.endDate) - dayNumber(campaign.startDate) + 1;
      const expected = (goal * (dayNumber(today) - dayNumber(campaign.startDate) + shareOfDay)) / flightDays;
      if (delivered >= expected * ON_PACE_SHARE) continue;
      const goalLeft = Math.max(0, goal - delivered);
      const available = await this.availability.availability(
        { targetCountries: campaign.targetCountries, targeting: storedTargeting(campaign.targeting), startDate: today, endDate: campaign.endDate },
        nowMs,
        { except: campaign.id },
      );
      const needed = campaign.goalType === GoalType.CLICKS ? goalLeft / available.clickRate : goalLeft;
      behind.push({
        campaign,
        delivered,
        expected: Math.round(expected),
        goalLeft,
        daysLeft: available.days,
        forecastImpressions: available.forecastImpressions,
        availableImpressions: available.availableImpressions,
        ...reasonOf(needed, available.forecastImpressions, available.availableImpressions, available.days),
        overridden: overridden.has(campaign.id),
      });
    }
    return behind;
  }
}

function reasonOf(needed: number, reached: number, available: number, days: number): { reason: BehindReason; why: string } {
  const inDays = `in the ${days} ${days === 1 ? "day" : "days"} left`;
  if (reached < needed) {
    return { reason: BehindReason.TARGETING_TOO_NARROW, why: `Its targeting reaches about ${thousands(reached)} impressions ${inDays}, below the ${thousands(needed)} it still needs.` };
  }
  if (available < needed) {
    return {
      reason: BehindReason.OUTBID_BY_HIGHER_PRIORITY,
      why: `Sponsorships and guaranteed campaigns on the same inventory take ${thousands(reached - available)} of the ${thousands(reached)} impressions its targeting reaches ${inDays}, leaving ${thousands(available)} of the ${thousands(needed)} it still needs.`,
    };
  }
  return { reason: BehindReason.ROOM_TO_CATCH_UP, why: `Its inventory has ${thousands(available)} impressions free ${inDays} for the ${thousands(needed)} it still needs: pacing should catch up unless its creatives or funds stop it.` };
}
