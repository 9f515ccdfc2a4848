import { actorOf, type AppContext } from "../../auth/context";
import type { CampaignLookalike } from "./campaign-lookalike.entity";
import { AudienceInsightsView, CampaignInsightsView, CampaignLookalikeView } from "./insights.types";

/** A lookalike as the advertiser reads it: its audience's name and its places' labels. */
async function lookalikeView(context: AppContext, lookalike: CampaignLookalike): Promise<CampaignLookalikeView> {
  const { audiences, insights } = context.services;
  const [names, labelOf] = await Promise.all([audiences.namesOf([lookalike.audienceId]), insights.labeller(lookalike.places)]);
  return CampaignLookalikeView.from(lookalike, names.get(lookalike.audienceId) ?? `Audience ${lookalike.audienceId}`, labelOf);
}

/** Insights and lookalikes as both doors answer them. */
export const insightsOperations = {
  campaignInsights: async (context: AppContext, campaignId: unknown, input: { from?: unknown; to?: unknown }): Promise<CampaignInsightsView> => {
    const { campaigns, insights } = context.services;
    const campaign = await campaigns.findOwned(actorOf(context), campaignId, "campaignId");
    return CampaignInsightsView.from(await insights.campaignInsights(campaign, insights.range(input)));
  },

  audienceInsights: async (context: AppContext, audienceId: unknown, input: { from?: unknown; to?: unknown }): Promise<AudienceInsightsView> => {
    const { audiences, insights } = context.services;
    const audience = await audiences.findOwned(actorOf(context), audienceId, "audienceId");
    const range = insights.range(input);
    return AudienceInsightsView.from(audience.id, range, await insights.audienceInsights(audience.id, range));
  },

  campaignLookalike: async (context: AppContext, campaignId: unknown): Promise<CampaignLookalikeView | null> => {
    const lookalike = await context.services.lookalikes.of(actorOf(context), campaignId);
    return lookalike ? lookalikeView(context, lookalike) : null;
  },

  buildLookalike: async (context: AppContext, campaignId: unknown, audienceId: unknown): Promise<CampaignLookalikeView> =>
    lookalikeView(context, await context.services.lookalikes.build(actorOf(context), campaignId, audienceId)),
};
