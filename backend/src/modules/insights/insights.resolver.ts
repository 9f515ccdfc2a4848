import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { insightsOperations } from "./insights.operations";
import { CampaignInsightsView } from "./insights.types";

@Resolver()
export class InsightsResolver {
  @Query(() => CampaignInsightsView, { description: "One of the signed-in advertiser's campaigns: its reach and frequency, and its top sites, categories, keywords, devices, countries and hours against the network." })
  @RequireAuth(Role.ADVERTISER)
  async campaignInsights(
    @Arg("campaignId", () => Int) campaignId: number,
    @Arg("from", { description: "First day, YYYY-MM-DD, in the reporting time zone." }) from: string,
    @Arg("to", { description: "Last day, included." }) to: string,
    @Ctx() context: AppContext,
  ): Promise<CampaignInsightsView> {
    return insightsOperations.campaignInsights(context, campaignId, { from, to });
  }
}
