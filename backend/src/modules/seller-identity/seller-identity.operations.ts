import { actorOf, type AppContext } from "../../auth/context";
import { ValidationError } from "../../common/errors";
import { siteViewOf } from "../sites/sites.operations";
import type { SiteView } from "../sites/sites.types";
import type { User } from "../users/user.entity";
import { sellerIdOf } from "./ads-txt-checks";
import { SellerListingView } from "./seller-identity.types";

const listingOf = ({ services }: AppContext, publisher: User): SellerListingView =>
  Object.assign(new SellerListingView(), { sellerId: sellerIdOf(publisher.id), adsTxtLine: services.adsTxt.lineFor(publisher.id), confidential: publisher.sellerConfidential });

/** Each ads.txt and sellers.json operation as both doors answer it. */
export const sellerIdentityOperations = {
  recheckAdsTxt: async (context: AppContext, siteId: unknown): Promise<SiteView> => {
    const site = await context.services.adsTxt.recheck(actorOf(context), siteId);
    return siteViewOf(context)(await context.services.sites.single(site));
  },
  mySellerListing: async (context: AppContext): Promise<SellerListingView> => listingOf(context, actorOf(context)),
  setSellerConfidential: async (context: AppContext, confidential: unknown): Promise<SellerListingView> => {
    if (typeof confidential !== "boolean") throw new ValidationError("confidential", "Confidential must be true or false");
    return listingOf(context, await context.services.sellers.setConfidential(actorOf(context), confidential));
  },
};
