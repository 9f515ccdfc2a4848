import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { audienceOperations } from "./audiences.operations";
import type { AudienceFields } from "./audiences.service";
import { AudiencePixelView, AudienceView, CreateAudienceInput, UpdateAudienceInput } from "./audiences.types";

@Resolver()
export class AudiencesResolver {
  @Query(() => [AudienceView], { description: "The signed-in advertiser's audiences, newest first (deleted ones left out)." })
  @RequireAuth(Role.ADVERTISER)
  async myAudiences(@Ctx() context: AppContext): Promise<AudienceView[]> {
    return audienceOperations.myAudiences(context);
  }

  @Query(() => AudiencePixelView, { description: "The signed-in advertiser's audience pixel, one for all their audiences, to place on their own site." })
  @RequireAuth(Role.ADVERTISER)
  async audiencePixel(@Ctx() context: AppContext): Promise<AudiencePixelView> {
    return audienceOperations.audiencePixel(context);
  }

  @Mutation(() => AudienceView, { description: "Builds an audience from your audience pixel's visits: who visited, visited a page matching, or converted, within the window." })
  @RequireAuth(Role.ADVERTISER)
  async createAudience(@Arg("input", () => CreateAudienceInput) input: AudienceFields, @Ctx() context: AppContext): Promise<AudienceView> {
    return audienceOperations.createAudience(context, input);
  }

  @Mutation(() => AudienceView, { description: "Edits one of your audiences; visitors already in it keep the expiry they joined with." })
  @RequireAuth(Role.ADVERTISER)
  async updateAudience(@Arg("id", () => Int) id: number, @Arg("input", () => UpdateAudienceInput) input: AudienceFields, @Ctx() context: AppContext): Promise<AudienceView> {
    return audienceOperations.updateAudience(context, id, input);
  }

  @Mutation(() => AudienceView, { description: "Deletes one of your audiences: the pixel adds nobody to it, and its memberships no longer match any campaign." })
  @RequireAuth(Role.ADVERTISER)
  async deleteAudience(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<AudienceView> {
    return audienceOperations.deleteAudience(context, id);
  }
}
