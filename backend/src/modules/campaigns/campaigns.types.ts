import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { addAnswerFields, answerValuesOf, FieldValueView, fieldValuesOf } from "../../common/fields/graphql-answers";
import { createAndUpdateInputs } from "../../common/fields/graphql-inputs";
import { ListInput, PageOf } from "../../common/list-page.types";
import { microsToDollars } from "../../common/money";
import { clickThroughRate } from "../reports/reports.service";
import { BidStrategy, CampaignStatus, CreativeRotation, DeliveryTier, GoalType, PacingMode, PricingModel } from "./campaign.entity";
import type { CampaignChange } from "./campaign-history";
import { CAMPAIGN_FIELDS } from "./campaign-fields";
import { CampaignAction } from "./campaign-lifecycle";
import type { CampaignWithStats } from "./campaigns.service";

registerEnumType(CampaignStatus, { name: "CampaignStatus" });
registerEnumType(PricingModel, { name: "PricingModel", description: "What the advertiser pays for: CPM a thousand impressions, CPC a valid click, CPA a counted conversion." });
registerEnumType(PacingMode, { name: "PacingMode", description: "EVEN spreads each day's allowance over the day's traffic; ASAP spends it as traffic comes." });
registerEnumType(BidStrategy, { name: "BidStrategy", description: "FIXED bids the bid; TARGET_CPA and TARGET_CPC bid per zone for the target cost; MAX_CONVERSIONS spends the budget where conversions cost least." });
registerEnumType(CreativeRotation, { name: "CreativeRotation", description: "EVEN shares impressions alike between creatives; OPTIMISED favours the better click rate." });
registerEnumType(DeliveryTier, { name: "DeliveryTier", description: "The priority the decision applies before price: SPONSORSHIP takes its share, GUARANTEED what keeps it on pace to its goal, AUCTION competes on eCPM, HOUSE fills the rest unbilled." });
registerEnumType(GoalType, { name: "GoalType", description: "What a guaranteed campaign's goal counts." });
registerEnumType(CampaignAction, { name: "CampaignAction", description: "What a person may do to a campaign, one mutation each." });

@ObjectType("CampaignCreativeCounts", { description: "How many creatives a campaign has in each review status." })
export class CampaignCreativeCountsView {
  @Field(() => Int) pending: number;
  @Field(() => Int) approved: number;
  @Field(() => Int) rejected: number;
}

@ObjectType("TargetName", { description: "A site or zone a campaign's targeting lists, with the name the network knows it by." })
export class TargetNameView {
  @Field({ description: "The targeting rule listing it: sites or zones." }) rule: string;
  @Field({ description: "As the targeting stores it: a site's domain, or a zone's number." }) value: string;
  @Field(() => String, { nullable: true, description: "The site's or zone's name; null for one the network does not have." }) name: string | null;
}

/** A campaign as both doors answer it: its declared fields (CAMPAIGN_FIELDS, added below), and what the network counts and decides of it. */
@ObjectType("Campaign", { description: "Money fields are US dollars." })
export class CampaignView {
  [declared: string]: unknown;
  @Field(() => Int) id: number;
  @Field(() => Int) advertiserId: number;
  @Field(() => Float, { nullable: true, description: "The bid of a CPM campaign (price per thousand impressions), kept for the spec's clients; null for CPC and CPA campaigns, whose bid is in `bid`." })
  cpm: number | null;
  @Field({ description: "Archived campaigns leave the lists and never serve; their figures stay in reports and statements." }) archived: boolean;
  @Field(() => CampaignStatus) status: CampaignStatus;
  @Field(() => String, { nullable: true, description: "Why an admin rejected the campaign." }) rejectionReason: string | null;
  @Field(() => GraphQLSafeInt) impressions: number;
  @Field(() => GraphQLSafeInt) clicks: number;
  @Field(() => GraphQLSafeInt) conversions: number;
  @Field(() => Float, { description: "Clicks over impressions, in percent with two decimals." }) ctr: number;
  @Field(() => Float) spend: number;
  @Field() createdAt: Date;
  @Field(() => String, { nullable: true, description: "Why an active campaign serves no ads, in a sentence; null when nothing stops it." })
  deliveryIssue: string | null;
  @Field(() => [FieldValueView], { description: "Every field formOptions.campaignFields declares, with its stored value." }) fieldValues: FieldValueView[];
  @Field(() => CampaignCreativeCountsView) creativeCounts: CampaignCreativeCountsView;
  @Field(() => [TargetNameView], { description: "The sites and zones the targeting lists, each with its name, in the targeting's order." }) targetNames: TargetNameView[];

  static from({ campaign, totals, spendMicros, deliveryIssue, creativeCounts, targetNames }: CampaignWithStats): CampaignView {
    return Object.assign(new CampaignView(), {
      ...answerValuesOf(CAMPAIGN_FIELDS, campaign),
      id: campaign.id,
      advertiserId: campaign.advertiserId,
      cpm: campaign.pricingModel === PricingModel.CPM ? microsToDollars(campaign.bidMicros) : null,
      archived: campaign.archivedAt !== null,
      status: campaign.status,
      rejectionReason: campaign.rejectionReason,
      impressions: totals.impressions,
      clicks: totals.clicks,
      conversions: totals.conversions,
      ctr: clickThroughRate(totals.clicks, totals.impressions),
      spend: microsToDollars(spendMicros),
      createdAt: campaign.createdAt,
      deliveryIssue,
      fieldValues: fieldValuesOf(CAMPAIGN_FIELDS, campaign),
      creativeCounts: Object.assign(new CampaignCreativeCountsView(), {
        pending: creativeCounts.pending ?? 0,
        approved: creativeCounts.approved ?? 0,
        rejected: creativeCounts.rejected ?? 0,
      }),
      targetNames: targetNames.map((target) => Object.assign(new TargetNameView(), target)),
    });
  }
}
addAnswerFields(CampaignView, CAMPAIGN_FIELDS);

/** What a new campaign is made of and what an edit changes, by CAMPAIGN_FIELDS: creating, a required field is non-null. */
export const [CreateCampaignInput, UpdateCampaignInput] = createAndUpdateInputs(
  CAMPAIGN_FIELDS,
  "Campaign",
  "Only the fields sent change; null leaves a field as it is, except dailyCap, where it removes the cap. A video's skip offset is its creative's (skipAfterSeconds).",
);

@ObjectType("CampaignChange", { description: "One field changed on a campaign, as its history shows it: amounts in dollars, choices in words." })
export class CampaignChangeView {
  @Field(() => ID) id: string;
  @Field() at: Date;
  @Field({ description: "Who: their e-mail, or AdNet for what the network did." }) by: string;
  @Field({ description: "Created, Edited, Paused, Archived…" }) action: string;
  @Field(() => String, { nullable: true, description: "The field as the form names it; null for a change of the whole campaign (created, copied)." }) field: string | null;
  @Field(() => String, { nullable: true, description: "The value before; for a copy, the name of the original." }) from: string | null;
  @Field(() => String, { nullable: true }) to: string | null;

  static from(change: CampaignChange): CampaignChangeView {
    return Object.assign(new CampaignChangeView(), change);
  }
}

@InputType()
export class CampaignListInput extends ListInput {
  @Field(() => CampaignStatus, { nullable: true, description: "Only rows of this status; every status when left out." }) status?: CampaignStatus | null;
  @Field(() => Boolean, { nullable: true, description: "True lists the archived campaigns alone; otherwise they are left out." }) archived?: boolean | null;
}

export const CampaignPage = PageOf(CampaignView, "CampaignPage");
