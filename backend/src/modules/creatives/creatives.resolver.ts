import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { accessOf, RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import type { Page } from "../../common/list-page";
import { type ActionRule, nextActionsResolver } from "../../common/next-actions";
import { REVIEW_MOVES, type ReviewStatus } from "../../common/review";
import { CreativeStatus } from "./creative.entity";
import { CampaignView } from "../campaigns/campaigns.types";
import { creativeOperations } from "./creatives.operations";
import type { CreativeFields } from "./creatives.service";
import { CreateCreativeInput, CreativeAction, CreativeContentInput, CreativeListInput, CreativePage, CreativeView, DuplicatePreview } from "./creatives.types";

@Resolver()
export class CreativesResolver {
  @Query(() => [CreativeView], { description: "The creatives of the signed-in advertiser's campaigns." })
  @RequireAuth(Role.ADVERTISER)
  async myCreatives(@Ctx() context: AppContext): Promise<CreativeView[]> {
    return creativeOperations.myCreatives(context);
  }

  @Query(() => CreativePage, { description: "The network's creatives, a page at a time, by name and status." })
  @RequireAuth(Role.ADMIN)
  async creatives(
    @Arg("input", () => CreativeListInput, { nullable: true }) input: CreativeListInput | undefined,
    @Ctx() context: AppContext,
  ): Promise<Page<CreativeView>> {
    return creativeOperations.creatives(context, input);
  }

  @Query(() => DuplicatePreview, { description: "Which of one of your campaign's creatives duplicateCampaign would copy, and which it leaves out." })
  @RequireAuth(Role.ADVERTISER)
  async duplicatePreview(@Arg("campaignId", () => Int) campaignId: number, @Ctx() context: AppContext): Promise<DuplicatePreview> {
    return creativeOperations.duplicatePreview(context, campaignId);
  }

  @Mutation(() => CreativeView, { description: "Adds a creative to one of your campaigns; it waits for review." })
  @RequireAuth(Role.ADVERTISER)
  async createCreative(@Arg("input", () => CreateCreativeInput) input: CreativeFields, @Ctx() context: AppContext): Promise<CreativeView> {
    return creativeOperations.createCreative(context, input);
  }

  @Mutation(() => CreativeView, { description: "Changes a creative; any change but its name or a video's skip offset sends it back to review." })
  @RequireAuth(Role.ADVERTISER)
  async updateCreative(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => CreativeContentInput) input: CreativeFields,
    @Ctx() context: AppContext,
  ): Promise<CreativeView> {
    return creativeOperations.updateCreative(context, id, input);
  }

  @Mutation(() => CreativeView, { description: "Takes one of your creatives out of your lists, review and delivery; reports keep its figures and its uploaded file is kept." })
  @RequireAuth(Role.ADVERTISER)
  async archiveCreative(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<CreativeView> {
    return creativeOperations.archiveCreative(context, id);
  }

  @Mutation(() => CreativeView)
  @RequireAuth(Role.ADMIN)
  async approveCreative(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<CreativeView> {
    return creativeOperations.approveCreative(context, id);
  }

  @Mutation(() => [CreativeView], { description: "Approves these pending creatives in one action: all or none, with one e-mail per campaign naming them." })
  @RequireAuth(Role.ADMIN)
  async approveCreatives(@Arg("ids", () => [Int]) ids: number[], @Ctx() context: AppContext): Promise<CreativeView[]> {
    return creativeOperations.approveCreatives(context, ids);
  }

  @Mutation(() => CreativeView)
  @RequireAuth(Role.ADMIN)
  async rejectCreative(@Arg("id", () => Int) id: number, @Arg("reason") reason: string, @Ctx() context: AppContext): Promise<CreativeView> {
    return creativeOperations.rejectCreative(context, id, reason);
  }
}

/** A creative's review moves, and its advertiser's archive, which any status allows. */
const CREATIVE_ACTIONS: Record<CreativeAction, ActionRule<ReviewStatus>> = {
  [CreativeAction.APPROVE]: { from: REVIEW_MOVES.approve.from, access: accessOf(CreativesResolver, "approveCreative") },
  [CreativeAction.REJECT]: { from: REVIEW_MOVES.reject.from, access: accessOf(CreativesResolver, "rejectCreative") },
  [CreativeAction.ARCHIVE]: { from: Object.values(CreativeStatus), access: accessOf(CreativesResolver, "archiveCreative") },
};

@Resolver(() => CreativeView)
export class CreativeCampaignResolver {
  @FieldResolver(() => CampaignView, {
    description: "The campaign it belongs to, as its lists show it: a review or an edit may change its delivery issue. A read per creative, so meant for one creative, such as a mutation's answer.",
  })
  async campaign(@Root() creative: CreativeView, @Ctx() { services }: AppContext): Promise<CampaignView> {
    return CampaignView.from(await services.campaigns.withStatsById(creative.campaignId));
  }
}

export const CreativeActionsResolver = nextActionsResolver(CreativeView, CreativeAction, CREATIVE_ACTIONS, "creative");
