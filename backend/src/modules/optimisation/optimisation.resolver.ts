import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { optimisationOperations } from "./optimisation.operations";
import { CampaignOptimisationView } from "./optimisation.types";

@Resolver()
export class OptimisationResolver {
  @Query(() => CampaignOptimisationView, { description: "What the optimisation engine does for one of the signed-in advertiser's campaigns: bids per zone, excluded placements." })
  @RequireAuth(Role.ADVERTISER)
  campaignOptimisation(@Arg("campaignId", () => Int) campaignId: number, @Ctx() context: AppContext): Promise<CampaignOptimisationView> {
    return optimisationOperations.campaignOptimisation(context, campaignId);
  }

  @Mutation(() => CampaignOptimisationView, { description: "Puts a zone the engine excluded back into the campaign; the engine leaves it alone for 14 days. CONFLICT when it is not excluded." })
  @RequireAuth(Role.ADVERTISER)
  undoPlacementExclusion(@Arg("campaignId", () => Int) campaignId: number, @Arg("zoneId", () => Int) zoneId: number, @Ctx() context: AppContext): Promise<CampaignOptimisationView> {
    return optimisationOperations.undoPlacementExclusion(context, campaignId, zoneId);
  }
}
