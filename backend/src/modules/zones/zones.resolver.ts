import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { actorOf, AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { AdZoneView, CreateAdZoneInput } from "./zones.types";

@Resolver()
export class ZonesResolver {
  @Query(() => [AdZoneView], { description: "The signed-in publisher's ad zones with their tags, newest first." })
  @RequireAuth(Role.PUBLISHER)
  async myAdZones(@Ctx() context: AppContext): Promise<AdZoneView[]> {
    return (await context.services.zones.listForPublisher(actorOf(context), context.origin)).map(AdZoneView.from);
  }

  @Mutation(() => AdZoneView)
  @RequireAuth(Role.PUBLISHER)
  async createAdZone(@Arg("input") input: CreateAdZoneInput, @Ctx() context: AppContext): Promise<AdZoneView> {
    return AdZoneView.from(await context.services.zones.create(actorOf(context), input, context.origin));
  }
}
