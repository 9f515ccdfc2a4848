import { In, IsNull, MoreThanOrEqual, type DataSource } from "typeorm";
import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { Campaign, DeliveryTier, GoalType, PricingModel } from "../campaigns/campaign.entity";
import { EDITABLE_STATUSES } from "../campaigns/campaign-lifecycle";
import { RateModel } from "../delivery/learning/rate-prediction";
import { campaignTallies } from "../delivery/learning/rate-tallies";
import { forecastWindow, NO_HISTORY, type TargetingForecaster, type Window } from "../forecast/forecast";
import type { ReportsService } from "../reports/reports.service";
import { parseTargetCountries } from "../targeting/countries";
import { parseTargeting, storedTargeting } from "../targeting/targeting-rules";
import { type Inventory, overlapShare, type OverlapFacts } from "./contention";

/** The tiers that book inventory ahead of the auction, and so take from what is available. */
export const BOOKED_TIERS = [DeliveryTier.SPONSORSHIP, DeliveryTier.GUARANTEED] as const;

export interface AvailabilityInput {
  targetCountries?: unknown;
  targeting?: unknown;
  startDate?: unknown;
  endDate?: unknown;
}

/** A booked campaign and what it takes of the asked-for pool. */
export interface Contender {
  campaignId: number;
  name: string;
  tier: DeliveryTier;
  impressions: number;
}

export interface Availability {
  /** The days of the range still to come (from today), which the pool is forecast over. */
  days: number;
  forecastImpressions: number;
  bookedImpressions: number;
  availableImpressions: number;
  contenders: Contender[];
  basis: string;
  /** The click rate a new campaign is predicted at: what a goal of clicks needs in impressions. */
  clickRate: number;
}

/** A booked campaign as contention reads it: where it shows, its flight, and what it still needs. */
interface Booked extends Inventory {
  id: number;
  name: string;
  tier: DeliveryTier;
  startDate: string;
  endDate: string;
  /** A guaranteed campaign's goal left, in impressions. */
  impressionsLeft: number;
  sharePercent: number;
}

/** A campaign not yet booked, as the rate model predicts one before its first impression. */
const NEW_CAMPAIGN = { id: 0, pricingModel: PricingModel.CPM, bidMicros: 0, category: "general" };
/** A click rate below this would turn a goal of clicks into an unbounded number of impressions. */
const MIN_CLICK_RATE = 1e-4;

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
/** Days from `from` to `to`, both included; 0 when `to` is before `from`. */
const daysBetween = (from: string, to: string) => Math.max(0, dayNumber(to) - dayNumber(from) + 1);
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * What a booked campaign takes of the pool: a guaranteed one its goal left, spread evenly over the
 * days left of its flight, for the days it shares with the range, times the share of its own
 * requests the asked-for targeting also matches; a sponsorship its percentage of the pool's
 * requests it matches too, on the days it shares with the range.
 */
function takes(booked: Booked, asked: Inventory, range: { from: string; to: string }, perDay: number, facts: OverlapFacts, today: string): number {
  const flightFrom = later(booked.startDate, today);
  const shared = daysBetween(later(flightFrom, range.from), earlier(booked.endDate, range.to));
  if (shared === 0) return 0;
  if (booked.tier === DeliveryTier.SPONSORSHIP) return (booked.sharePercent / 100) * perDay * overlapShare(facts, asked, booked) * shared;
  return booked.impressionsLeft * (shared / daysBetween(flightFrom, booked.endDate)) * overlapShare(facts, booked, asked);
}

const thousands = (count: number) => Math.round(count).toLocaleString("en-US");

/**
 * Available impressions for a targeting and dates: the forecast's reach a day over the days to come
 * of the range, net of what the guaranteed and sponsorship campaigns booked on the same inventory
 * will take there (see `takes`). Read from the read model's daily and hourly facts and the
 * campaigns' totals, never from raw events.
 */
export class AvailabilityService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly forecaster: TargetingForecaster,
    private readonly reports: ReportsService,
  ) {}

  /** `options.except`: a booked campaign left out, when its own availability is asked (under-delivery). */
  async availability(input: AvailabilityInput, nowMs = Date.now(), options: { except?: number } = {}): Promise<Availability> {
    const asked = { countries: parseTargetCountries(input.targetCountries), targeting: parseTargeting(input.targeting) };
    const { today, window } = forecastWindow(nowMs);
    const startDate = check.calendarDate("startDate", input.startDate, today);
    const endDate = check.calendarDate("endDate", input.endDate);
    if (endDate < startDate) throw new ValidationError("endDate", "The end date cannot be before the start date");
    if (endDate < today) throw new ValidationError("endDate", "The end date has passed: availability is forecast for days to come");
    const range = { from: later(startDate, today), to: endDate };
    const days = daysBetween(range.from, range.to);

    const [reach, rates] = await Promise.all([this.forecaster.reach(asked.countries, asked.targeting, window), this.rates(nowMs)]);
    const clickRate = Math.max(rates.predict(NEW_CAMPAIGN).ctr, MIN_CLICK_RATE);
    if (!reach) return { days, forecastImpressions: 0, bookedImpressions: 0, availableImpressions: 0, contenders: [], basis: `${NO_HISTORY}.`, clickRate };
    const [booked, zones, hours] = await Promise.all([this.booked(range, rates, options.except), this.zoneRequests(window), this.hourRequests(window)]);
    const facts = { zones, countries: reach.countryRequests, hours };
    const contenders = booked
      .map((campaign) => ({ campaignId: campaign.id, name: campaign.name, tier: campaign.tier, impressions: Math.round(takes(campaign, asked, range, reach.requestsPerDay, facts, today)) }))
      .filter((contender) => contender.impressions > 0);
    const forecastImpressions = Math.round(reach.requestsPerDay * days);
    const bookedImpressions = contenders.reduce((sum, contender) => sum + contender.impressions, 0);
    const availableImpressions = Math.max(0, forecastImpressions - bookedImpressions);
    const bookedText = contenders.length === 0 ? "nothing booked takes from it" : `${contenders.length === 1 ? "1 booked campaign takes" : `${contenders.length} booked campaigns take`} ${thousands(bookedImpressions)} of them`;
    return {
      days,
      forecastImpressions,
      bookedImpressions,
      availableImpressions,
      contenders,
      clickRate,
      basis: `${thousands(forecastImpressions)} matching requests forecast over ${days} ${days === 1 ? "day" : "days"} (${reach.basis}); ${bookedText}.`,
    };
  }

  /**
   * The guaranteed and sponsorship campaigns that may still deliver in the range, with what each
   * still needs: a goal of clicks is read in impressions at the campaign's predicted click rate.
   */
  private async rates(nowMs: number): Promise<RateModel> {
    return new RateModel(await campaignTallies(this.dataSource, nowMs));
  }

  private async booked(range: { from: string; to: string }, rates: RateModel, except?: number): Promise<Booked[]> {
    const campaigns = await this.dataSource.getRepository(Campaign).find({
      where: { deliveryTier: In([...BOOKED_TIERS]), status: In([...EDITABLE_STATUSES]), archivedAt: IsNull(), endDate: MoreThanOrEqual(range.from) },
    });
    const inRange = campaigns.filter((campaign) => campaign.startDate <= range.to && campaign.id !== except);
    if (inRange.length === 0) return [];
    const totals = await this.reports.totalsByCampaign(inRange.map((campaign) => ({ id: campaign.id, ownerId: campaign.advertiserId })));
    return inRange.map((campaign) => {
      const delivered = totals.get(campaign.id);
      const goal = campaign.goalAmount ?? 0;
      const left =
        campaign.goalType === GoalType.CLICKS
          ? Math.max(0, goal - (delivered?.clicks ?? 0)) / Math.max(rates.predict(campaign).ctr, MIN_CLICK_RATE)
          : Math.max(0, goal - (delivered?.impressions ?? 0));
      return {
        id: campaign.id,
        name: campaign.name,
        tier: campaign.deliveryTier,
        startDate: campaign.startDate,
        endDate: campaign.endDate,
        impressionsLeft: left,
        sharePercent: campaign.sharePercent ?? 0,
        countries: campaign.targetCountries,
        targeting: storedTargeting(campaign.targeting),
      };
    });
  }

  /** Each zone's requests over the window, with its site's domain and category. */
  private async zoneRequests({ from, to }: Window) {
    const rows: { zoneId: number; domain: string; category: string; requests: number }[] = await this.dataSource.query(
      `SELECT z.id AS zoneId, s.domain AS domain, s.category AS category, SUM(f.requests) AS requests
       FROM stat_facts f JOIN ad_zones z ON z.id = f.scope_id JOIN sites s ON s.id = z.site_id
       WHERE f.scope = 'zone' AND f.grain = 'd' AND f.period >= ? AND f.period < ? AND f.requests > 0
       GROUP BY z.id, s.domain, s.category`,
      [from, to],
    );
    return rows.map((row) => ({ zoneId: Number(row.zoneId), domain: String(row.domain), category: String(row.category), requests: Number(row.requests) }));
  }

  /** The network's requests hour by hour over the window: what day-parts are weighed by. */
  private hourRequests({ from, to }: Window): Promise<{ period: Date | string; requests: number }[]> {
    return this.dataSource.query("SELECT period, requests FROM stat_facts WHERE scope = 'network' AND grain = 'h' AND period >= ? AND period < ?", [from, to]);
  }
}
