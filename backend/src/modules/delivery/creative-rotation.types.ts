import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, Int, ObjectType } from "type-graphql";
import { clickThroughRate, percentOf } from "../reports/reports.service";
import type { CreativeRotation } from "../campaigns/campaign.entity";
import { ROTATION_HISTORY_DAYS, type CreativeRotationRow } from "./learning/creative-odds";

@ObjectType("RotatedCreative")
export class RotatedCreativeView {
  @Field(() => Int) creativeId: number;
  @Field() name: string;
  @Field(() => GraphQLSafeInt, { description: "Counted impressions over the days the rotation looks at." }) impressions: number;
  @Field(() => GraphQLSafeInt, { description: "Counted clicks over the same days." }) clicks: number;
  @Field(() => Float, { description: "Clicks over impressions, in percent with two decimals." }) ctr: number;
  @Field(() => Float, { description: "The share of the campaign's impressions the rotation gives it now (among creatives of one size), in percent with two decimals." })
  share: number;

  static from = (row: CreativeRotationRow, name: string): RotatedCreativeView =>
    Object.assign(new RotatedCreativeView(), {
      creativeId: row.creativeId,
      name,
      impressions: row.impressions,
      clicks: row.clicks,
      ctr: clickThroughRate(row.clicks, row.impressions),
      share: percentOf(row.share, 1),
    });
}

@ObjectType("CampaignCreativeRotation", { description: "How a campaign's approved creatives share its impressions, and the results that decide it." })
export class CampaignCreativeRotationView {
  @Field(() => Int) campaignId: number;
  @Field({ description: "even: every creative alike; optimised: by each one's odds of the best click rate (Thompson sampling), 10% of impressions still shared evenly." })
  rotation: string;
  @Field(() => Int, { description: "How many days of results the rotation looks at, today included." }) basedOnDays: number;
  @Field(() => [RotatedCreativeView]) creatives: RotatedCreativeView[];

  static from = (campaign: { id: number; rotation: CreativeRotation }, rows: CreativeRotationRow[], names: Map<number, string>): CampaignCreativeRotationView =>
    Object.assign(new CampaignCreativeRotationView(), {
      campaignId: campaign.id,
      rotation: campaign.rotation,
      basedOnDays: ROTATION_HISTORY_DAYS + 1,
      creatives: rows.map((row) => RotatedCreativeView.from(row, names.get(row.creativeId) ?? `#${row.creativeId}`)),
    });
}
