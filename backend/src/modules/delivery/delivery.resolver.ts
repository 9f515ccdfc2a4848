import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { CampaignView } from "../campaigns/campaigns.types";

/** What the ad server adds to the types other domains own. */
@Resolver(() => CampaignView)
export class CampaignTrackingResolver {
  @FieldResolver(() => String, {
    description: "An image URL for the advertiser's confirmation page: each load counts a conversion for the visitor's last click within 30 days.",
  })
  conversionPixelUrl(@Root() campaign: CampaignView, @Ctx() { services, origin }: AppContext): string {
    return services.delivery.conversionPixelUrl(campaign.id, origin);
  }
}
