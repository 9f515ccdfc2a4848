import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { zoneOperations } from "./zones.operations";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import type { CreateZoneFields, ZoneFields } from "./zones.service";
import { AdZoneView, CreateAdZoneInput, UpdateAdZoneInput } from "./zones.types";
import { ApprovedSiteView } from "./approved-sites.types";

@Resolver()
export class ZonesResolver {
  @Query(() => [AdZoneView], { description: "The signed-in publisher's ad zones with their tags, newest first." })
  @RequireAuth(Role.PUBLISHER)
  async myAdZones(@Ctx() context: AppContext): Promise<AdZoneView[]> {
    return zoneOperations.myAdZones(context);
  }

  @Query(() => [ApprovedSiteView], { description: "The network's approved sites with their live zones, by name: what a campaign's site and zone targeting may pick." })
  @RequireAuth(Role.ADVERTISER, Role.ADMIN)
  async approvedSites(@Ctx() context: AppContext): Promise<ApprovedSiteView[]> {
    return zoneOperations.approvedSites(context);
  }

  @Mutation(() => AdZoneView)
  @RequireAuth(Role.PUBLISHER)
  async createAdZone(@Arg("input", () => CreateAdZoneInput) input: CreateZoneFields, @Ctx() context: AppContext): Promise<AdZoneView> {
    return zoneOperations.createAdZone(context, input);
  }

  @Mutation(() => AdZoneView, { description: "Edits one of your zones; its tag keeps its id." })
  @RequireAuth(Role.PUBLISHER)
  async updateAdZone(@Arg("id", () => Int) id: number, @Arg("input", () => UpdateAdZoneInput) input: ZoneFields, @Ctx() context: AppContext): Promise<AdZoneView> {
    return zoneOperations.updateAdZone(context, id, input);
  }

  @Mutation(() => AdZoneView, { description: "Removes one of your zones: its tag stops filling at once, and reports keep its figures." })
  @RequireAuth(Role.PUBLISHER)
  async archiveAdZone(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<AdZoneView> {
    return zoneOperations.archiveAdZone(context, id);
  }
}
