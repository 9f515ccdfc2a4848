import { callerRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { SellerIdentityResolver } from "./seller-identity.resolver";
import { sellerIdentityOperations } from "./seller-identity.operations";

/** A site's ads.txt checked again now, by its publisher or an admin: the same operation under each one's part of the API. */
const adsTxtCheck = (part: "publisher" | "admin"): Route =>
  idRoute("POST", `/${part}/sites/:id/ads-txt-check`, mirroring(SellerIdentityResolver, "recheckAdsTxt"), sellerIdentityOperations.recheckAdsTxt);

export const sellerIdentityRoutes = {
  /** A publisher's ads.txt checks and their listing in sellers.json. */
  publisher: [
    adsTxtCheck("publisher"),
    callerRoute("GET", "/publisher/seller-listing", mirroring(SellerIdentityResolver, "mySellerListing"), sellerIdentityOperations.mySellerListing),
    {
      method: "PUT",
      url: "/publisher/seller-listing",
      ...mirroring(SellerIdentityResolver, "setSellerConfidential"),
      handle: (context, body) => sellerIdentityOperations.setSellerConfidential(context, body.confidential),
    },
  ] satisfies Route[],
  admin: adsTxtCheck("admin"),
};
