import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, InputType, Int, ObjectType } from "type-graphql";
import { microsToDollars } from "../../common/money";
import { INVALID_REASONS } from "../delivery/quality/invalid-reasons";
import { percentOf, type TrafficQuality } from "../reports/reports.service";
import type { AdminStats, AdvertiserStats, PublisherStats } from "./dashboards.service";

const MONTH_TO_DATE = "this calendar month so far (in the reporting time zone) against the same stretch of last month";

/** A count's or an amount's change: percent. */
const PercentChange = (nothingLastMonth: string) =>
  Field(() => Float, {
    nullable: true,
    description: `Change in percent, two decimals: 12.5 is +12.5%. Null when last month had no ${nothingLastMonth}.`,
  });

/** A rate's change: percentage points, so a CTR going from 1% to 1.5% reads +0.5, not +50. */
const PointsChange = (nothingLastMonth: string) =>
  Field(() => Float, {
    nullable: true,
    description: `Change in percentage points, two decimals. Null when last month had no ${nothingLastMonth}.`,
  });

/**
 * The traffic figures both dashboards open with. Decorated so the two types below inherit its
 * fields; nothing returns it, so the schema never shows it on its own.
 */
@ObjectType()
abstract class TrafficChangeView {
  @PercentChange("impressions") impressions: number | null;
  @PercentChange("clicks") clicks: number | null;
  @PointsChange("impressions") ctr: number | null;
}

@ObjectType("PublisherStatsChange", { description: `Each publisher figure, ${MONTH_TO_DATE}.` })
export class PublisherStatsChangeView extends TrafficChangeView {
  @PercentChange("revenue") revenue: number | null;
  @PointsChange("ad requests") fillRate: number | null;
}

@ObjectType("AdvertiserStatsChange", { description: `Each advertiser figure, ${MONTH_TO_DATE}.` })
export class AdvertiserStatsChangeView extends TrafficChangeView {
  @PercentChange("spend") spend: number | null;
  @PercentChange("conversions") conversions: number | null;
}

@ObjectType("PublisherStats", { description: `Figures of ${MONTH_TO_DATE}; money in US dollars, rates in percent.` })
export class PublisherStatsView {
  @Field(() => GraphQLSafeInt) impressions: number;
  @Field(() => GraphQLSafeInt) clicks: number;
  @Field(() => Float) ctr: number;
  @Field(() => Float) revenue: number;
  @Field(() => Float, { description: "Ad requests filled over ad requests." }) fillRate: number;
  @Field(() => PublisherStatsChangeView) monthOverMonth: PublisherStatsChangeView;

  static from(stats: PublisherStats): PublisherStatsView {
    return Object.assign(new PublisherStatsView(), {
      impressions: stats.totals.impressions,
      clicks: stats.totals.clicks,
      ctr: stats.ctr,
      revenue: microsToDollars(stats.revenueMicros),
      fillRate: stats.fillRate,
      monthOverMonth: Object.assign(new PublisherStatsChangeView(), stats.monthOverMonth),
    });
  }
}

@ObjectType("AdvertiserStats", { description: `Figures of ${MONTH_TO_DATE}; money in US dollars, rates in percent.` })
export class AdvertiserStatsView {
  @Field(() => GraphQLSafeInt) impressions: number;
  @Field(() => GraphQLSafeInt) clicks: number;
  @Field(() => Float) ctr: number;
  @Field(() => Float) spend: number;
  @Field(() => GraphQLSafeInt) conversions: number;
  @Field(() => AdvertiserStatsChangeView) monthOverMonth: AdvertiserStatsChangeView;

  static from(stats: AdvertiserStats): AdvertiserStatsView {
    return Object.assign(new AdvertiserStatsView(), {
      impressions: stats.totals.impressions,
      clicks: stats.totals.clicks,
      ctr: stats.ctr,
      spend: microsToDollars(stats.spendMicros),
      conversions: stats.totals.conversions,
      monthOverMonth: Object.assign(new AdvertiserStatsChangeView(), stats.monthOverMonth),
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
  @Field(() => Int, { description: "Deposit requests whose bank transfer is not recorded yet (the Finance tab's Transfers awaited)." }) awaitedTransfers: number;
  @Field(() => Float, { description: "Advertiser spend this calendar month (in the reporting time zone)." }) monthlyRevenue: number;
  @Field(() => Float, {
    nullable: true,
    description: `Monthly revenue's change in percent, ${MONTH_TO_DATE}, two decimals: 12.5 is +12.5%. Null when last month had no spend.`,
  })
  monthlyRevenueChange: number | null;

  static from({ monthlyRevenueMicros, ...counts }: AdminStats): AdminStatsView {
    return Object.assign(new AdminStatsView(), { ...counts, monthlyRevenue: microsToDollars(monthlyRevenueMicros) });
  }
}

@ObjectType("InvalidTrafficReason")
export class InvalidTrafficReasonView {
  @Field({ description: "request, impression, click or conversion." }) event: string;
  @Field({ description: `One of ${INVALID_REASONS.join(", ")}; formOptions.invalidTrafficReasons says each in words.` })
  reason: string;
  @Field(() => GraphQLSafeInt) events: number;
  @Field(() => Float, { description: "Percent of all events seen (counted and refused), two decimals." }) share: number;
}

@InputType()
export class TrafficQualityInput {
  @Field({ description: "First day, YYYY-MM-DD, in the reporting time zone." }) from: string;
  @Field({ description: "Last day, included." }) to: string;
}

@ObjectType("TrafficQuality", { description: "Counted events beside the events refused as invalid traffic, over the days asked (all time when none are)." })
export class TrafficQualityView {
  @Field(() => GraphQLSafeInt) impressions: number;
  @Field(() => GraphQLSafeInt) clicks: number;
  @Field(() => GraphQLSafeInt) invalidEvents: number;
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
