import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, Int, ObjectType } from "type-graphql";
import type { ReportRange } from "../reports/report-range";
import type { CampaignLookalike } from "./campaign-lookalike.entity";
import type { InsightDimension } from "./insight-dimensions";
import type { CampaignInsights, CampaignReach, LabelledInsight, LabelledValue } from "./insights.service";
import { AUDIENCES_COUNTED_PER_REQUEST } from "./request-facets";

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

@ObjectType("AudienceInsights", { description: "Where an audience's members were seen over a range of days: their ad requests by site, zone, category, keyword, device, country and hour, against the network's." })
export class AudienceInsightsView {
  @Field(() => Int) audienceId: number;
  @Field() from: string;
  @Field() to: string;
  @Field(() => GraphQLSafeInt, { description: `Ad requests of members counted over the range; a visitor in more than ${AUDIENCES_COUNTED_PER_REQUEST} audiences is counted for a random ${AUDIENCES_COUNTED_PER_REQUEST} of them.` })
  requests: number;
  @Field(() => [InsightView]) insights: InsightView[];

  static from = (audienceId: number, range: ReportRange, insights: LabelledInsight[]) =>
    Object.assign(new AudienceInsightsView(), { audienceId, from: range.from, to: range.to, requests: insights[0]?.total ?? 0, insights: insights.map(InsightView.from) });
}

@ObjectType("LookalikePlace", { description: "A site, zone, keyword or hour the audience's members are over-represented in." })
export class LookalikePlaceView {
  @Field() dimension: string;
  @Field() value: string;
  @Field() label: string;
  @Field(() => Int, { description: "The audience's share there over the network's, times 100, when it was built." }) index: number;
  @Field(() => GraphQLSafeInt, { description: "The audience's requests there in the history read." }) requests: number;
}

@ObjectType("CampaignLookalike", { description: "How a campaign's lookalike targeting was built: from which audience, when, on which places, and how large it is." })
export class CampaignLookalikeView {
  @Field(() => Int) campaignId: number;
  @Field(() => Int) audienceId: number;
  @Field() audienceName: string;
  @Field() builtAt: Date;
  @Field(() => Int, { description: "Days of the audience's history read, up to the day it was built." }) historyDays: number;
  @Field(() => GraphQLSafeInt, { description: "Ad requests a day its targeting matched in that history (its zones' requests, narrowed by its hours' and keywords' shares)." }) requestsPerDay: number;
  @Field(() => [LookalikePlaceView]) places: LookalikePlaceView[];
  @Field({ description: "The same in a sentence." }) description: string;

  static from(lookalike: CampaignLookalike, audienceName: string, labelOf: (dimension: InsightDimension, value: string) => string): CampaignLookalikeView {
    const places = lookalike.places.map((place) => Object.assign(new LookalikePlaceView(), { ...place, label: labelOf(place.dimension, place.value) }));
    const named = (dimension: string) => places.filter((place) => place.dimension === dimension).map((place) => place.label);
    const parts = [
      ["sites", named("site")],
      ["zones", named("zone")],
      ["keywords", named("keyword")],
      ["hours", named("hour")],
    ].filter(([, labels]) => labels.length > 0).map(([what, labels]) => `${what} ${(labels as string[]).join(", ")}`);
    const description = `Built from the audience "${audienceName}" on ${lookalike.builtAt.toISOString().slice(0, 10)} from ${lookalike.historyDays} days of its history: ${parts.join("; ")}. About ${lookalike.requestsPerDay.toLocaleString("en-US")} ad requests a day matched.`;
    return Object.assign(new CampaignLookalikeView(), { ...lookalike, audienceName, places, description });
  }
}
