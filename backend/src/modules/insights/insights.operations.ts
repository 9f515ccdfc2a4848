import { actorOf, type AppContext } from "../../auth/context";
import { CampaignInsightsView } from "./insights.types";

/** Insights as both doors answer them. */
export const insightsOperations = {
  campaignInsights: async (context: AppContext, campaignId: unknown, input: { from?: unknown; to?: unknown }): Promise<CampaignInsightsView> => {
    const { campaigns, insights } = context.services;
    const campaign = await campaigns.findOwned(actorOf(context), campaignId, "campaignId");
    return CampaignInsightsView.from(await insights.campaignInsights(campaign, insights.range(input)));
  },
};
