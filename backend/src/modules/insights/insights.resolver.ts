import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { insightsOperations } from "./insights.operations";
import { AudienceInsightsView, CampaignInsightsView, CampaignLookalikeView } from "./insights.types";
import { LOOKALIKE_RULE } from "./lookalike";

const FROM = { description: "First day, YYYY-MM-DD, in the reporting time zone." };
const TO = { description: "Last day, included." };

@Resolver()
export class InsightsResolver {
  @Query(() => CampaignInsightsView, { description: "One of the signed-in advertiser's campaigns: its reach and frequency, and its top sites, categories, keywords, devices, countries and hours against the network." })
  @RequireAuth(Role.ADVERTISER)
  async campaignInsights(@Arg("campaignId", () => Int) campaignId: number, @Arg("from", FROM) from: string, @Arg("to", TO) to: string, @Ctx() context: AppContext): Promise<CampaignInsightsView> {
    return insightsOperations.campaignInsights(context, campaignId, { from, to });
  }

  @Query(() => AudienceInsightsView, { description: "One of the signed-in advertiser's audiences: where its members were seen, against the network's average." })
  @RequireAuth(Role.ADVERTISER)
  async audienceInsights(@Arg("audienceId", () => Int) audienceId: number, @Arg("from", FROM) from: string, @Arg("to", TO) to: string, @Ctx() context: AppContext): Promise<AudienceInsightsView> {
    return insightsOperations.audienceInsights(context, audienceId, { from, to });
  }

  @Query(() => CampaignLookalikeView, { nullable: true, description: "How the campaign's lookalike targeting was built; null when it never was." })
  @RequireAuth(Role.ADVERTISER)
  async campaignLookalike(@Arg("campaignId", () => Int) campaignId: number, @Ctx() context: AppContext): Promise<CampaignLookalikeView | null> {
    return insightsOperations.campaignLookalike(context, campaignId);
  }

  @Mutation(() => CampaignLookalikeView, {
    description: `Targets the campaign at the sites, zones, keywords and hours where the audience's members are over-represented (an index of ${LOOKALIKE_RULE.minIndex} or more on at least ${LOOKALIKE_RULE.minRequests} requests, over the last ${LOOKALIKE_RULE.historyDays} days); refused when the audience was seen on fewer than ${LOOKALIKE_RULE.minAudienceRequests} requests or nothing stands out.`,
  })
  @RequireAuth(Role.ADVERTISER)
  async buildLookalike(@Arg("campaignId", () => Int) campaignId: number, @Arg("audienceId", () => Int) audienceId: number, @Ctx() context: AppContext): Promise<CampaignLookalikeView> {
    return insightsOperations.buildLookalike(context, campaignId, audienceId);
  }
}
