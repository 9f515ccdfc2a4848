import type { CampaignView } from "../campaigns/campaigns.types";
import type { CreativeView } from "../creatives/creatives.types";
import type { PayoutView } from "../payouts/payouts.types";
import type { SiteView } from "../sites/sites.types";
import type { OwnerLoader } from "./owner-loader";
import type { AccountSummaryView } from "./owner.types";

/** Whose each listed object is: the `owner` field of GraphQL and the owner key of the REST admin lists. */
export const ownerOf = {
  site: (site: SiteView, owners: OwnerLoader): Promise<AccountSummaryView> => owners.account(site.publisherId),
  campaign: (campaign: CampaignView, owners: OwnerLoader): Promise<AccountSummaryView> => owners.account(campaign.advertiserId),
  creative: (creative: CreativeView, owners: OwnerLoader): Promise<AccountSummaryView> => owners.advertiserOf(creative.campaignId),
  payout: (payout: PayoutView, owners: OwnerLoader): Promise<AccountSummaryView> => owners.account(payout.publisherId),
};
