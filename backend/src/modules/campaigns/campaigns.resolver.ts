import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { accessOf, RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import type { Page } from "../../common/list-page";
import { type ActionRule, nextActionsResolver } from "../../common/next-actions";
import type { CampaignStatus } from "./campaign.entity";
import { CAMPAIGN_MOVES, CampaignAction } from "./campaign-lifecycle";
import { campaignOperations } from "./campaigns.operations";
import { CampaignListInput, CampaignPage, CampaignView, CreateCampaignInput } from "./campaigns.types";

@Resolver()
export class CampaignsResolver {
  @Query(() => [CampaignView], { description: "The signed-in advertiser's campaigns, newest first." })
  @RequireAuth(Role.ADVERTISER)
  async myCampaigns(@Ctx() context: AppContext): Promise<CampaignView[]> {
    return campaignOperations.myCampaigns(context);
  }

  @Query(() => CampaignPage, { description: "The network's campaigns, a page at a time, by name and status." })
  @RequireAuth(Role.ADMIN)
  async campaigns(
    @Arg("input", () => CampaignListInput, { nullable: true }) input: CampaignListInput | undefined,
    @Ctx() context: AppContext,
  ): Promise<Page<CampaignView>> {
    return campaignOperations.campaigns(context, input);
  }

  @Mutation(() => CampaignView, { description: "Submits a campaign for review; it starts pending." })
  @RequireAuth(Role.ADVERTISER)
  async createCampaign(@Arg("input") input: CreateCampaignInput, @Ctx() context: AppContext): Promise<CampaignView> {
    return campaignOperations.createCampaign(context, input);
  }

  @Mutation(() => CampaignView, { description: "Takes a pending campaign live." })
  @RequireAuth(Role.ADMIN)
  async approveCampaign(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<CampaignView> {
    return campaignOperations.approveCampaign(context, id);
  }

  @Mutation(() => CampaignView, { description: "The reason is shown to the campaign's advertiser." })
  @RequireAuth(Role.ADMIN)
  async rejectCampaign(@Arg("id", () => Int) id: number, @Arg("reason") reason: string, @Ctx() context: AppContext): Promise<CampaignView> {
    return campaignOperations.rejectCampaign(context, id, reason);
  }

  @Mutation(() => CampaignView)
  @RequireAuth(Role.ADVERTISER, Role.ADMIN)
  async pauseCampaign(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<CampaignView> {
    return campaignOperations.pauseCampaign(context, id);
  }

  @Mutation(() => CampaignView)
  @RequireAuth(Role.ADVERTISER, Role.ADMIN)
  async resumeCampaign(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<CampaignView> {
    return campaignOperations.resumeCampaign(context, id);
  }
}

const CAMPAIGN_ACTIONS: Record<CampaignAction, ActionRule<CampaignStatus>> = {
  [CampaignAction.APPROVE]: { from: CAMPAIGN_MOVES.approve.from, access: accessOf(CampaignsResolver, "approveCampaign") },
  [CampaignAction.REJECT]: { from: CAMPAIGN_MOVES.reject.from, access: accessOf(CampaignsResolver, "rejectCampaign") },
  [CampaignAction.PAUSE]: { from: CAMPAIGN_MOVES.pause.from, access: accessOf(CampaignsResolver, "pauseCampaign") },
  [CampaignAction.RESUME]: { from: CAMPAIGN_MOVES.resume.from, access: accessOf(CampaignsResolver, "resumeCampaign") },
};

export const CampaignActionsResolver = nextActionsResolver(CampaignView, CampaignAction, CAMPAIGN_ACTIONS, "campaign");
