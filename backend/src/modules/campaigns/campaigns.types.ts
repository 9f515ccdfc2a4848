import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { ListInput, PageOf } from "../../common/list-page.types";
import { microsToDollars } from "../../common/money";
import { clickThroughRate } from "../reports/reports.service";
import { CampaignStatus } from "./campaign.entity";
import { CampaignAction } from "./campaign-lifecycle";
import type { CampaignWithStats } from "./campaigns.service";
import { storedTargeting } from "../targeting/targeting-rules";
import { Targeting } from "../targeting/targeting.types";

registerEnumType(CampaignStatus, { name: "CampaignStatus" });
registerEnumType(CampaignAction, { name: "CampaignAction", description: "What a person may do to a campaign, one mutation each." });

@ObjectType("Campaign", { description: "Money fields are US dollars." })
export class CampaignView {
  @Field(() => Int) id: number;
  @Field(() => Int) advertiserId: number;
  @Field() name: string;
  @Field(() => Float) budget: number;
  @Field(() => Float, { description: "Price per thousand impressions." }) cpm: number;
  @Field(() => CampaignStatus) status: CampaignStatus;
  @Field(() => String, { nullable: true, description: "Why an admin rejected the campaign." }) rejectionReason: string | null;
  @Field(() => GraphQLSafeInt) impressions: number;
  @Field(() => GraphQLSafeInt) clicks: number;
  @Field(() => GraphQLSafeInt) conversions: number;
  @Field(() => Float, { description: "Clicks over impressions, in percent with two decimals." }) ctr: number;
  @Field(() => Float) spend: number;
  @Field(() => [String], { description: "ISO 3166-1 alpha-2 codes; empty means every country." }) targetCountries: string[];
  @Field(() => Targeting) targeting: Targeting;
  @Field({ description: "YYYY-MM-DD" }) startDate: string;
  @Field({ description: "YYYY-MM-DD" }) endDate: string;
  @Field() createdAt: Date;
  @Field(() => String, { nullable: true, description: "Why an active campaign serves no ads, in a sentence; null when nothing stops it." })
  deliveryIssue: string | null;

  static from({ campaign, totals, spendMicros, deliveryIssue }: CampaignWithStats): CampaignView {
    return Object.assign(new CampaignView(), {
      id: campaign.id,
      advertiserId: campaign.advertiserId,
      name: campaign.name,
      budget: microsToDollars(campaign.budgetMicros),
      cpm: microsToDollars(campaign.bidMicros),
      status: campaign.status,
      rejectionReason: campaign.rejectionReason,
      impressions: totals.impressions,
      clicks: totals.clicks,
      conversions: totals.conversions,
      ctr: clickThroughRate(totals.clicks, totals.impressions),
      spend: microsToDollars(spendMicros),
      targetCountries: campaign.targetCountries,
      targeting: storedTargeting(campaign.targeting),
      startDate: campaign.startDate,
      endDate: campaign.endDate,
      createdAt: campaign.createdAt,
      deliveryIssue,
    });
  }
}

@InputType()
export class CreateCampaignInput {
  @Field() name: string;
  @Field(() => Float, { description: "Total budget in dollars, in whole cents; at least the network minimum." }) budget: number;
  @Field(() => Float, { description: "Price per thousand impressions in dollars, in whole cents, from $0.01 to $1,000." }) cpm: number;
  @Field(() => [String], { nullable: true, description: "ISO codes or country names; empty or left out means every country." })
  targetCountries?: string[];
  @Field(() => Targeting, { nullable: true, description: "Every rule left out targets everyone." }) targeting?: Targeting;
  @Field({ nullable: true, description: "YYYY-MM-DD, a date of the reporting time zone; today when left out." }) startDate?: string;
  @Field({ nullable: true, description: "YYYY-MM-DD, not before startDate; 30 days after it when left out." }) endDate?: string;
}

@InputType()
export class CampaignListInput extends ListInput {
  @Field(() => CampaignStatus, { nullable: true, description: "Only rows of this status; every status when left out." }) status?: CampaignStatus | null;
}

export const CampaignPage = PageOf(CampaignView, "CampaignPage");
