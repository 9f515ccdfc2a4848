import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { creativeRotationOperations } from "./creative-rotation.operations";
import { CampaignCreativeRotationView } from "./creative-rotation.types";

@Resolver()
export class CreativeRotationResolver {
  @Query(() => CampaignCreativeRotationView, { description: "How one of the signed-in advertiser's campaigns shares its impressions among its creatives, and why." })
  @RequireAuth(Role.ADVERTISER)
  async campaignCreativeRotation(@Arg("campaignId", () => Int) campaignId: number, @Ctx() context: AppContext): Promise<CampaignCreativeRotationView> {
    return creativeRotationOperations.campaignCreativeRotation(context, campaignId);
  }
}
