import { GraphQLSafeInt } from "graphql-scalars";
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { createAndUpdateInputs } from "../../common/fields/graphql-inputs";
import { ListInput, PageOf } from "../../common/list-page.types";
import { microsToDollars } from "../../common/money";
import { clickThroughRate } from "../reports/reports.service";
import { CampaignStatus, CreativeRotation, PacingMode, PricingModel } from "./campaign.entity";
import type { CampaignChange } from "./campaign-history";
import { CAMPAIGN_FIELDS, SKIP_AFTER } from "./campaign-fields";
import { CampaignAction } from "./campaign-lifecycle";
import type { CampaignWithStats } from "./campaigns.service";
import { storedFrequencyCaps } from "../frequency-caps/frequency-caps";
import { FrequencyCapView } from "../frequency-caps/frequency-caps.types";
import { storedTargeting } from "../targeting/targeting-rules";
import { Targeting } from "../targeting/targeting.types";

registerEnumType(CampaignStatus, { name: "CampaignStatus" });
registerEnumType(PricingModel, { name: "PricingModel", description: "What the advertiser pays for: CPM a thousand impressions, CPC a valid click, CPA a counted conversion." });
registerEnumType(PacingMode, { name: "PacingMode", description: "EVEN spreads each day's allowance over the day's traffic; ASAP spends it as traffic comes." });
registerEnumType(CreativeRotation, { name: "CreativeRotation", description: "EVEN shares impressions alike between creatives; OPTIMISED favours the better click rate." });
registerEnumType(CampaignAction, { name: "CampaignAction", description: "What a person may do to a campaign, one mutation each." });

@ObjectType("Campaign", { description: "Money fields are US dollars." })
export class CampaignView {
  @Field(() => Int) id: number;
  @Field(() => Int) advertiserId: number;
  @Field() name: string;
  @Field(() => Float) budget: number;
  @Field(() => Float, { nullable: true, description: "The bid of a CPM campaign (price per thousand impressions), kept for the spec's clients; null for CPC and CPA campaigns, whose bid is in `bid`." })
  cpm: number | null;
  @Field(() => PricingModel) pricingModel: PricingModel;
  @Field(() => Float, { description: "What one unit of the pricing model costs: a thousand impressions, a click or a conversion." }) bid: number;
  @Field(() => Float, { nullable: true, description: "At most this much a day; null when only the pacing decides." }) dailyCap: number | null;
  @Field(() => PacingMode) pacing: PacingMode;
  @Field(() => CreativeRotation) rotation: CreativeRotation;
  @Field({ description: "What the advertiser sells, one of formOptions.advertiserCategories." }) category: string;
  @Field({ description: "Archived campaigns leave the lists and never serve; their figures stay in reports and statements." }) archived: boolean;
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
  @Field(() => [FrequencyCapView], { description: "At most so many impressions per visitor per period; empty caps nothing." })
  frequencyCaps: FrequencyCapView[];
  @Field(() => Int, { nullable: true, description: SKIP_AFTER }) skipAfterSeconds: number | null;
  @Field() createdAt: Date;
  @Field(() => String, { nullable: true, description: "Why an active campaign serves no ads, in a sentence; null when nothing stops it." })
  deliveryIssue: string | null;

  static from({ campaign, totals, spendMicros, deliveryIssue }: CampaignWithStats): CampaignView {
    return Object.assign(new CampaignView(), {
      id: campaign.id,
      advertiserId: campaign.advertiserId,
      name: campaign.name,
      budget: microsToDollars(campaign.budgetMicros),
      cpm: campaign.pricingModel === PricingModel.CPM ? microsToDollars(campaign.bidMicros) : null,
      pricingModel: campaign.pricingModel,
      bid: microsToDollars(campaign.bidMicros),
      dailyCap: campaign.dailyCapMicros === null ? null : microsToDollars(campaign.dailyCapMicros),
      pacing: campaign.pacing,
      rotation: campaign.rotation,
      category: campaign.category,
      archived: campaign.archivedAt !== null,
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
      frequencyCaps: storedFrequencyCaps(campaign.frequencyCaps) ?? [],
      skipAfterSeconds: campaign.skipAfterSeconds,
      createdAt: campaign.createdAt,
      deliveryIssue,
    });
  }
}

/** What a new campaign is made of and what an edit changes, by CAMPAIGN_FIELDS: creating, a required field is non-null. */
export const [CreateCampaignInput, UpdateCampaignInput] = createAndUpdateInputs(
  CAMPAIGN_FIELDS,
  "Campaign",
  "Only the fields sent change; null leaves a field as it is, except dailyCap, where it removes the cap, and skipAfterSeconds, where it makes the video unskippable.",
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
