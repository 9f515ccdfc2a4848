import { Ctx, FieldResolver, Float, Resolver, Root } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { microsToDollars } from "../../common/money";
import { CampaignView } from "../campaigns/campaigns.types";

/** A rate per impression in percent, to four decimals (0.1% is 0.1). */
const percent = (rate: number) => Math.round(rate * 1_000_000) / 10_000;

/** What the ad server adds to the types other domains own. */
@Resolver(() => CampaignView)
export class CampaignTrackingResolver {
  @FieldResolver(() => String, {
    description: "An image URL for the advertiser's confirmation page: each load counts a conversion for the visitor's last click within 30 days.",
  })
  conversionPixelUrl(@Root() campaign: CampaignView, @Ctx() { services, origin }: AppContext): string {
    return services.delivery.conversionPixelUrl(campaign.id, origin);
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description:
      "The click rate the auction expects of the campaign, in percent: its own clicks over impressions, shrunk toward the network's rate for its format and category while it has few (recomputed every few minutes). Null when the campaign is not approved to run.",
  })
  predictedCtr(@Root() campaign: CampaignView, @Ctx() { services }: AppContext): number | null {
    const prediction = services.delivery.prediction(campaign.id);
    return prediction && percent(prediction.ctr);
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description: "Conversions per impression the auction expects of the campaign, in percent, predicted like predictedCtr. Null when the campaign is not approved to run.",
  })
  predictedConversionRate(@Root() campaign: CampaignView, @Ctx() { services }: AppContext): number | null {
    const prediction = services.delivery.prediction(campaign.id);
    return prediction && percent(prediction.conversionRate);
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description: "Viewable impressions per impression the auction expects of the campaign, in percent, predicted like predictedCtr (what a vCPM bid is ranked by). Null when the campaign is not approved to run.",
  })
  predictedViewableRate(@Root() campaign: CampaignView, @Ctx() { services }: AppContext): number | null {
    const prediction = services.delivery.prediction(campaign.id);
    return prediction && percent(prediction.viewableRate);
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description: "Completed video views per impression the auction expects of the campaign, in percent, predicted like predictedCtr (what a CPCV bid is ranked by). Null when the campaign is not approved to run.",
  })
  predictedCompletionRate(@Root() campaign: CampaignView, @Ctx() { services }: AppContext): number | null {
    const prediction = services.delivery.prediction(campaign.id);
    return prediction && percent(prediction.completionRate);
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description:
      "Expected spend per thousand impressions, what campaigns of every pricing model compete on: the bid for CPM, the bid times the predicted click (CPC), conversion (CPA) or completion (CPCV) rate times 1,000, a vCPM bid times the predicted viewable rate. Null when the campaign is not approved to run.",
  })
  ecpm(@Root() campaign: CampaignView, @Ctx() { services }: AppContext): number | null {
    const prediction = services.delivery.prediction(campaign.id);
    return prediction && microsToDollars(prediction.ecpmMicros);
  }
}
