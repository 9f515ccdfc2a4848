import type { AdvertiserCategory } from "./advertiser-categories";
import { BidStrategy, CampaignStatus, CreativeRotation, DeliveryTier, GoalType, PacingMode, PricingModel } from "./campaign.entity";

/** The words the form and the change history show for each choice of a campaign's settings. */
export const PRICING_MODEL_LABELS: Record<PricingModel, string> = {
  [PricingModel.CPM]: "CPM: per thousand impressions",
  [PricingModel.CPC]: "CPC: per click",
  [PricingModel.CPA]: "CPA: per conversion",
  [PricingModel.VCPM]: "vCPM: per thousand viewable impressions",
  [PricingModel.CPCV]: "CPCV: per completed video view",
};

/** What the bid of each pricing model is, as the campaign form labels its price field. */
export const PRICE_LABELS: Record<PricingModel, string> = {
  [PricingModel.CPM]: "Price per 1,000 impressions",
  [PricingModel.CPC]: "Bid per click",
  [PricingModel.CPA]: "Price per action",
  [PricingModel.VCPM]: "Price per 1,000 viewable impressions",
  [PricingModel.CPCV]: "Price per completed view",
};

export const BID_STRATEGY_LABELS: Record<BidStrategy, string> = {
  [BidStrategy.FIXED]: "Fixed bid",
  [BidStrategy.TARGET_CPA]: "Target cost per conversion",
  [BidStrategy.TARGET_CPC]: "Target cost per click",
  [BidStrategy.MAX_CONVERSIONS]: "Most conversions within the budget",
};

export const PACING_LABELS: Record<PacingMode, string> = {
  [PacingMode.EVEN]: "Even through the day",
  [PacingMode.ASAP]: "As fast as possible",
};

export const ROTATION_LABELS: Record<CreativeRotation, string> = {
  [CreativeRotation.EVEN]: "Even",
  [CreativeRotation.OPTIMISED]: "Optimised by click rate",
};

export const DELIVERY_TIER_LABELS: Record<DeliveryTier, string> = {
  [DeliveryTier.SPONSORSHIP]: "Sponsorship: a share of the requests it matches",
  [DeliveryTier.GUARANTEED]: "Guaranteed: a goal between its dates",
  [DeliveryTier.AUCTION]: "Auction: competes on price",
  [DeliveryTier.HOUSE]: "House: fills what nothing else takes, never billed",
};

export const GOAL_TYPE_LABELS: Record<GoalType, string> = {
  [GoalType.IMPRESSIONS]: "Impressions",
  [GoalType.CLICKS]: "Clicks",
};

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  [CampaignStatus.PENDING]: "Pending review",
  [CampaignStatus.ACTIVE]: "Active",
  [CampaignStatus.PAUSED]: "Paused",
  [CampaignStatus.COMPLETED]: "Completed",
  [CampaignStatus.REJECTED]: "Rejected",
};

/** "food_and_drink" as "Food and drink". */
export function categoryLabel(category: AdvertiserCategory): string {
  const words = category.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
