import { Arg, Ctx, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { dashboardOperations } from "./dashboards.operations";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { AdminStatsView, AdvertiserStatsView, PublisherStatsView, TrafficQualityInput, TrafficQualityView } from "./dashboards.types";

@Resolver()
export class DashboardsResolver {
  @Query(() => PublisherStatsView)
  @RequireAuth(Role.PUBLISHER)
  async publisherStats(@Ctx() context: AppContext): Promise<PublisherStatsView> {
    return dashboardOperations.publisherStats(context);
  }

  @Query(() => AdvertiserStatsView)
  @RequireAuth(Role.ADVERTISER)
  async advertiserStats(@Ctx() context: AppContext): Promise<AdvertiserStatsView> {
    return dashboardOperations.advertiserStats(context);
  }

  @Query(() => AdminStatsView)
  @RequireAuth(Role.ADMIN)
  async adminStats(@Ctx() context: AppContext): Promise<AdminStatsView> {
    return dashboardOperations.adminStats(context);
  }

  @Query(() => TrafficQualityView, { description: "How much traffic the ad server refused to bill, by reason: over `range`, or all time without one." })
  @RequireAuth(Role.ADMIN)
  async trafficQuality(@Arg("range", () => TrafficQualityInput, { nullable: true }) range: TrafficQualityInput | undefined, @Ctx() context: AppContext): Promise<TrafficQualityView> {
    return dashboardOperations.trafficQuality(context, range);
  }
}
