import { actorOf, type AppContext } from "../../auth/context";
import { CampaignCreativeRotationView } from "./creative-rotation.types";

/** The creative rotation's report as both doors answer it. */
export const creativeRotationOperations = {
  campaignCreativeRotation: async (context: AppContext, campaignId: unknown): Promise<CampaignCreativeRotationView> => {
    const { campaigns, creatives, delivery } = context.services;
    const campaign = await campaigns.findOwned(actorOf(context), campaignId, "campaignId");
    const rows = await delivery.creativeRotation(campaign);
    return CampaignCreativeRotationView.from(campaign, rows, await creatives.namesOf(rows.map((row) => row.creativeId)));
  },
};
