import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { actorOf, AppContext } from "../../auth/context";
import { accessOf, RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { mapPage, type Page } from "../../common/list-page";
import { type ActionRule, nextActionsResolver } from "../../common/next-actions";
import { CampaignView } from "../campaigns/campaigns.types";
import { REVIEW_MOVES, type ReviewStatus } from "../../common/review";
import { ReviewAction } from "../../common/review.types";
import { CreateCreativeInput, CreativeContentInput, CreativeListInput, CreativePage, CreativeView } from "./creatives.types";

@Resolver()
export class CreativesResolver {
  @Query(() => [CreativeView], { description: "The creatives of the signed-in advertiser's campaigns." })
  @RequireAuth(Role.ADVERTISER)
  async myCreatives(@Ctx() context: AppContext): Promise<CreativeView[]> {
    return (await context.services.creatives.listForAdvertiser(actorOf(context))).map(CreativeView.from);
  }

  @Query(() => CreativePage, { description: "The network's creatives, a page at a time, by name and status." })
  @RequireAuth(Role.ADMIN)
  async creatives(
    @Arg("input", () => CreativeListInput, { nullable: true }) input: CreativeListInput | undefined,
    @Ctx() { services }: AppContext,
  ): Promise<Page<CreativeView>> {
    return mapPage(await services.creatives.page(input), CreativeView.from);
  }

  @Mutation(() => CreativeView, { description: "Adds a creative to one of your campaigns; it waits for review." })
  @RequireAuth(Role.ADVERTISER)
  async createCreative(@Arg("input") input: CreateCreativeInput, @Ctx() context: AppContext): Promise<CreativeView> {
    return CreativeView.from(await context.services.creatives.create(actorOf(context), input));
  }

  @Mutation(() => CreativeView, { description: "Changes a creative; any change but its name sends it back to review." })
  @RequireAuth(Role.ADVERTISER)
  async updateCreative(
    @Arg("id", () => Int) id: number,
    @Arg("input") input: CreativeContentInput,
    @Ctx() context: AppContext,
  ): Promise<CreativeView> {
    return CreativeView.from(await context.services.creatives.update(actorOf(context), id, input));
  }

  @Mutation(() => CreativeView)
  @RequireAuth(Role.ADMIN)
  async approveCreative(@Arg("id", () => Int) id: number, @Ctx() { services }: AppContext): Promise<CreativeView> {
    return CreativeView.from(await services.creatives.approve(id));
  }

  @Mutation(() => CreativeView)
  @RequireAuth(Role.ADMIN)
  async rejectCreative(@Arg("id", () => Int) id: number, @Arg("reason") reason: string, @Ctx() { services }: AppContext): Promise<CreativeView> {
    return CreativeView.from(await services.creatives.reject(id, reason));
  }
}

const CREATIVE_ACTIONS: Record<ReviewAction, ActionRule<ReviewStatus>> = {
  [ReviewAction.APPROVE]: { from: REVIEW_MOVES.approve.from, access: accessOf(CreativesResolver, "approveCreative") },
  [ReviewAction.REJECT]: { from: REVIEW_MOVES.reject.from, access: accessOf(CreativesResolver, "rejectCreative") },
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

export const CreativeActionsResolver = nextActionsResolver(CreativeView, ReviewAction, CREATIVE_ACTIONS, "creative");
