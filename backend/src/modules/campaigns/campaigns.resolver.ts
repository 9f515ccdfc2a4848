import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { accessOf, RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import type { Page } from "../../common/list-page";
import { type ActionRule, nextActions } from "../../common/next-actions";
import type { CampaignStatus } from "./campaign.entity";
import { CAMPAIGN_ACTION_STATUSES, CampaignAction, fitsArchiving } from "./campaign-lifecycle";
import type { CampaignFields } from "./campaign-settings";
import { campaignOperations } from "./campaigns.operations";
import { CampaignChangeView, CampaignListInput, CampaignPage, CampaignView, CreateCampaignInput, UpdateCampaignInput } from "./campaigns.types";

@Resolver()
export class CampaignsResolver {
  @Query(() => [CampaignView], { description: "The signed-in advertiser's campaigns, newest first: the archived ones alone when archived is true, otherwise the others." })
  @RequireAuth(Role.ADVERTISER)
  async myCampaigns(@Arg("archived", () => Boolean, { nullable: true }) archived: boolean | undefined, @Ctx() context: AppContext): Promise<CampaignView[]> {
    return campaignOperations.myCampaigns(context, archived);
  }

  @Query(() => [CampaignChangeView], { description: "Who changed what on the campaign and when, newest first, one row a field." })
  @RequireAuth(Role.ADVERTISER, Role.ADMIN)
  async campaignHistory(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<CampaignChangeView[]> {
    return campaignOperations.campaignHistory(context, id);
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
  async createCampaign(@Arg("input", () => CreateCampaignInput) input: CampaignFields, @Ctx() context: AppContext): Promise<CampaignView> {
    return campaignOperations.createCampaign(context, input);
  }

  @Mutation(() => CampaignView, { description: "Changes the fields sent, live; another category sends an approved campaign back to review (formOptions.campaignFields says which fields do). A completed, rejected or archived campaign cannot be edited." })
  @RequireAuth(Role.ADVERTISER, Role.ADMIN)
  async updateCampaign(@Arg("id", () => Int) id: number, @Arg("input", () => UpdateCampaignInput) input: CampaignFields, @Ctx() context: AppContext): Promise<CampaignView> {
    return campaignOperations.updateCampaign(context, id, input);
  }

  @Mutation(() => CampaignView, { description: "A new pending campaign with the same settings and copies of the creatives, each to be reviewed." })
  @RequireAuth(Role.ADVERTISER)
  async duplicateCampaign(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<CampaignView> {
    return campaignOperations.duplicateCampaign(context, id);
  }

  @Mutation(() => CampaignView, { description: "Takes a campaign that is not active out of the lists; it never serves, and stays in reports." })
  @RequireAuth(Role.ADVERTISER)
  async archiveCampaign(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<CampaignView> {
    return campaignOperations.archiveCampaign(context, id);
  }

  @Mutation(() => CampaignView, { description: "Brings an archived campaign back to the lists, in the status it had." })
  @RequireAuth(Role.ADVERTISER)
  async unarchiveCampaign(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<CampaignView> {
    return campaignOperations.unarchiveCampaign(context, id);
  }

  @Mutation(() => CampaignView, { description: "Takes a pending campaign live; with withPendingCreatives, also approves its pending creatives, in one action with one e-mail naming them all." })
  @RequireAuth(Role.ADMIN)
  async approveCampaign(
    @Arg("id", () => Int) id: number,
    @Arg("withPendingCreatives", () => Boolean, { nullable: true, description: "Approve the campaign's pending creatives with it. Left out, they wait for their own review." })
    withPendingCreatives: boolean | undefined,
    @Ctx() context: AppContext,
  ): Promise<CampaignView> {
    return campaignOperations.approveCampaign(context, id, withPendingCreatives);
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

const MUTATION_OF: Record<CampaignAction, keyof CampaignsResolver> = {
  [CampaignAction.APPROVE]: "approveCampaign",
  [CampaignAction.REJECT]: "rejectCampaign",
  [CampaignAction.PAUSE]: "pauseCampaign",
  [CampaignAction.RESUME]: "resumeCampaign",
  [CampaignAction.EDIT]: "updateCampaign",
  [CampaignAction.DUPLICATE]: "duplicateCampaign",
  [CampaignAction.ARCHIVE]: "archiveCampaign",
  [CampaignAction.UNARCHIVE]: "unarchiveCampaign",
};

const CAMPAIGN_ACTIONS = Object.fromEntries(
  Object.values(CampaignAction).map((action) => [action, { from: CAMPAIGN_ACTION_STATUSES[action], access: accessOf(CampaignsResolver, MUTATION_OF[action]) }]),
) as Record<CampaignAction, ActionRule<CampaignStatus>>;

/** A campaign's buttons: by its status and the viewer's role, as for every object, and by whether it is archived. */
@Resolver(() => CampaignView)
export class CampaignActionsResolver {
  @FieldResolver(() => [CampaignAction], { description: "What the viewer may do to this campaign now, by its status, archiving and their role: one button each." })
  nextActions(@Root() campaign: CampaignView, @Ctx() { actor }: AppContext): CampaignAction[] {
    return nextActions(CAMPAIGN_ACTIONS, campaign.status, actor?.role).filter((action) => fitsArchiving(action, campaign.archived));
  }
}
