import { Field, Float, Int, ObjectType } from "type-graphql";
import { microsToDollars } from "../../common/money";
import { percentOf, type TrafficQuality } from "./reports.service";
import type { AdminStats, AdvertiserStats, PublisherStats } from "./stats.service";

@ObjectType("PublisherStats", { description: "All-time figures; money in US dollars, rates in percent." })
export class PublisherStatsView {
  @Field(() => Int) impressions: number;
  @Field(() => Int) clicks: number;
  @Field(() => Float) ctr: number;
  @Field(() => Float) revenue: number;
  @Field(() => Float, { description: "Ad requests filled over ad requests." }) fillRate: number;

  static from(stats: PublisherStats): PublisherStatsView {
    return Object.assign(new PublisherStatsView(), {
      impressions: stats.totals.impressions,
      clicks: stats.totals.clicks,
      ctr: stats.ctr,
      revenue: microsToDollars(stats.revenueMicros),
      fillRate: stats.fillRate,
    });
  }
}

@ObjectType("AdvertiserStats", { description: "All-time figures; money in US dollars, rates in percent." })
export class AdvertiserStatsView {
  @Field(() => Int) impressions: number;
  @Field(() => Int) clicks: number;
  @Field(() => Float) ctr: number;
  @Field(() => Float) spend: number;
  @Field(() => Int) conversions: number;

  static from(stats: AdvertiserStats): AdvertiserStatsView {
    return Object.assign(new AdvertiserStatsView(), {
      impressions: stats.totals.impressions,
      clicks: stats.totals.clicks,
      ctr: stats.ctr,
      spend: microsToDollars(stats.spendMicros),
      conversions: stats.totals.conversions,
    });
  }
}

@ObjectType("AdminStats", { description: "Live counts for the admin dashboard; money in US dollars." })
export class AdminStatsView {
  @Field(() => Int) totalUsers: number;
  @Field(() => Int) pendingSites: number;
  @Field(() => Int) pendingCampaigns: number;
  @Field(() => Int) pendingCreatives: number;
  @Field(() => Int) activeCampaigns: number;
  @Field(() => Int) requestedPayouts: number;
  @Field(() => Float, { description: "Advertiser spend this calendar month (UTC)." }) monthlyRevenue: number;

  static from({ monthlyRevenueMicros, ...counts }: AdminStats): AdminStatsView {
    return Object.assign(new AdminStatsView(), { ...counts, monthlyRevenue: microsToDollars(monthlyRevenueMicros) });
  }
}

@ObjectType("InvalidTrafficReason")
export class InvalidTrafficReasonView {
  @Field({ description: "request, impression, click or conversion." }) event: string;
  @Field({ description: "bot, bad_signature, expired, replay, domain_mismatch, ip_rate, no_impression, too_fast, no_click or budget_spent." })
  reason: string;
  @Field(() => Int) events: number;
  @Field(() => Float, { description: "Percent of all events seen (counted and refused), two decimals." }) share: number;
}

@ObjectType("TrafficQuality", { description: "Counted events beside the events refused as invalid traffic, all time." })
export class TrafficQualityView {
  @Field(() => Int) impressions: number;
  @Field(() => Int) clicks: number;
  @Field(() => Int) invalidEvents: number;
  @Field(() => Float, { description: "Percent of all events seen that were refused, two decimals." }) invalidShare: number;
  @Field(() => [InvalidTrafficReasonView], { description: "Most frequent first." }) byReason: InvalidTrafficReasonView[];

  static from(quality: TrafficQuality): TrafficQualityView {
    const invalidEvents = quality.invalid.reduce((sum, row) => sum + row.events, 0);
    const seen = quality.impressions + quality.clicks + invalidEvents;
    return Object.assign(new TrafficQualityView(), {
      impressions: quality.impressions,
      clicks: quality.clicks,
      invalidEvents,
      invalidShare: percentOf(invalidEvents, seen),
      byReason: quality.invalid.map((row) => Object.assign(new InvalidTrafficReasonView(), { ...row, share: percentOf(row.events, seen) })),
    });
  }
}
