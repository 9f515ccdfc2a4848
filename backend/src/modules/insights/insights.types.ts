import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, Int, ObjectType } from "type-graphql";
import type { CampaignInsights, CampaignReach, LabelledInsight, LabelledValue } from "./insights.service";

const iso = (ms: number) => new Date(ms).toISOString();

@ObjectType("InsightValue", { description: "One site, zone, category, keyword, device, country or hour, against the network's average." })
export class InsightValueView {
  @Field({ description: "As the read model keys it: a site's or zone's id, a country code, a category, keyword or device, an hour 00 to 23." }) value: string;
  @Field() label: string;
  @Field(() => GraphQLSafeInt, { description: "The dimension's measure here (impressions, or requests served for devices and keywords)." }) count: number;
  @Field(() => Float, { description: "Of the whole's measure, percent with two decimals." }) share: number;
  @Field(() => Float, { description: "The network's share of the same value, percent with two decimals." }) networkShare: number;
  @Field(() => Int, { nullable: true, description: "Share over the network's share, times 100: above 100 over-represented. Null where the network counted nothing." }) index: number | null;
  @Field(() => GraphQLSafeInt) impressions: number;
  @Field(() => GraphQLSafeInt) clicks: number;
  @Field(() => GraphQLSafeInt) conversions: number;
  @Field(() => GraphQLSafeInt, { description: "Ad requests: a campaign's are the requests it filled." }) requests: number;

  static from = (value: LabelledValue) => Object.assign(new InsightValueView(), value);
}

@ObjectType("Insight", { description: "One dimension's values, most counted first." })
export class InsightView {
  @Field({ description: "site, zone, category, keyword, device, country or hour." }) dimension: string;
  @Field() label: string;
  @Field({ description: "What is compared: impressions, or requests (devices and keywords are known of the ad request only)." }) measure: string;
  @Field(() => GraphQLSafeInt) total: number;
  @Field(() => GraphQLSafeInt) networkTotal: number;
  @Field(() => [InsightValueView]) values: InsightValueView[];

  static from = (insight: LabelledInsight) => Object.assign(new InsightView(), insight, { values: insight.values.map(InsightValueView.from) });
}

@ObjectType("ReachDay", { description: "One day's reach: visitors that day, however many days they also came." })
export class ReachDayView {
  @Field({ description: "The day's start (ISO 8601, UTC)." }) day: string;
  @Field(() => GraphQLSafeInt) visitors: number;
  @Field(() => GraphQLSafeInt) identifiedImpressions: number;
  @Field(() => Float, { nullable: true }) frequency: number | null;
}

const REACH_COUNTING =
  "Reach counts visitors who carry AdNet's visitor identifier (kept only where consent allows storage); impressions of visitors without one are not in reach or frequency and are counted apart.";

@ObjectType("Reach", { description: REACH_COUNTING })
export class ReachView {
  @Field(() => GraphQLSafeInt, { description: "Unique identified visitors reached over the range, estimated (HyperLogLog); a visitor of several days counts once." }) visitors: number;
  @Field(() => GraphQLSafeInt, { description: "Impressions shown to identified visitors." }) identifiedImpressions: number;
  @Field(() => GraphQLSafeInt, { description: "Impressions shown to visitors without an identifier: not in reach nor frequency." }) unidentifiedImpressions: number;
  @Field(() => Float, { nullable: true, description: "Average impressions per identified visitor: identifiedImpressions over visitors; null with none." }) frequency: number | null;
  @Field(() => Float, { description: "The visitors estimate's relative standard error, percent." }) standardErrorPercent: number;
  @Field({ description: "How visitors are counted, as the report says it." }) counting: string;
  @Field(() => [ReachDayView]) days: ReachDayView[];

  static from = (reach: CampaignReach) =>
    Object.assign(new ReachView(), reach, {
      counting: REACH_COUNTING,
      days: reach.days.map((day) => Object.assign(new ReachDayView(), { ...day, day: iso(day.day) })),
    });
}

@ObjectType("CampaignInsights", { description: "A campaign's reach and frequency, and where its ads were seen against the network's average, over a range of days." })
export class CampaignInsightsView {
  @Field(() => Int) campaignId: number;
  @Field() from: string;
  @Field() to: string;
  @Field(() => ReachView) reach: ReachView;
  @Field(() => [InsightView]) insights: InsightView[];

  static from = ({ campaign, range, reach, dimensions }: CampaignInsights) =>
    Object.assign(new CampaignInsightsView(), { campaignId: campaign.id, from: range.from, to: range.to, reach: ReachView.from(reach), insights: dimensions.map(InsightView.from) });
}
