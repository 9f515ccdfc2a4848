import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { SiteView } from "../sites/sites.types";
import { sellerIdentityOperations } from "./seller-identity.operations";
import { SellerListingView } from "./seller-identity.types";

@Resolver()
export class SellerIdentityResolver {
  @Mutation(() => SiteView, { description: "Checks an approved site's /ads.txt now: a publisher their own site, an admin any; once a minute per site." })
  @RequireAuth(Role.PUBLISHER, Role.ADMIN)
  async recheckAdsTxt(@Arg("siteId", () => Int) siteId: number, @Ctx() context: AppContext): Promise<SiteView> {
    return sellerIdentityOperations.recheckAdsTxt(context, siteId);
  }

  @Query(() => SellerListingView, { description: "The signed-in publisher's seller id, ads.txt line and sellers.json setting." })
  @RequireAuth(Role.PUBLISHER)
  async mySellerListing(@Ctx() context: AppContext): Promise<SellerListingView> {
    return sellerIdentityOperations.mySellerListing(context);
  }

  @Mutation(() => SellerListingView, { description: "Lists the publisher in sellers.json as confidential (no name or domain), or by name again." })
  @RequireAuth(Role.PUBLISHER)
  async setSellerConfidential(@Arg("confidential") confidential: boolean, @Ctx() context: AppContext): Promise<SellerListingView> {
    return sellerIdentityOperations.setSellerConfidential(context, confidential);
  }
}
