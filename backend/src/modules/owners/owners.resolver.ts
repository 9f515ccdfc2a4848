import { ClassType, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { CampaignView } from "../campaigns/campaigns.types";
import { CreativeView } from "../creatives/creatives.types";
import { PayoutView } from "../payouts/payouts.types";
import { SiteView } from "../sites/sites.types";
import type { OwnerLoader } from "./owner-loader";
import { ownerOf } from "./owner-of";
import { AccountSummaryView } from "./owner.types";

/**
 * Adds `owner` to a type another domain owns. Admins only: an owner reading their own objects
 * learns nothing from it, and nobody else may read another account's e-mail. One role rule,
 * printed into schema.graphql with the field. Nullable, so that a refused selection costs only this
 * field: a publisher who selects it on requestPayout still gets the payout they just created.
 */
function ownerResolver<T extends object>(type: ClassType<T>, description: string, ownerOfItem: (item: T, owners: OwnerLoader) => Promise<AccountSummaryView>) {
  @Resolver(() => type)
  class OwnerResolver {
    @FieldResolver(() => AccountSummaryView, { nullable: true, description: `${description} Null, with a FORBIDDEN error, for anyone but an admin.` })
    @RequireAuth(Role.ADMIN)
    owner(@Root() item: T, @Ctx() { owners }: AppContext): Promise<AccountSummaryView> {
      return ownerOfItem(item, owners);
    }
  }
  return OwnerResolver;
}

export const SiteOwnerResolver = ownerResolver(SiteView, "The publisher whose site it is.", ownerOf.site);

export const CampaignOwnerResolver = ownerResolver(CampaignView, "The advertiser whose campaign it is.", ownerOf.campaign);

export const CreativeOwnerResolver = ownerResolver(CreativeView, "The advertiser whose campaign the creative belongs to.", ownerOf.creative);

export const PayoutOwnerResolver = ownerResolver(PayoutView, "The publisher being paid.", ownerOf.payout);
