import { Ctx, Query, Resolver } from "type-graphql";
import { actorOf, AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { AdminStatsView, AdvertiserStatsView, PublisherStatsView, TrafficQualityView } from "./dashboards.types";

@Resolver()
export class DashboardsResolver {
  @Query(() => PublisherStatsView)
  @RequireAuth(Role.PUBLISHER)
  async publisherStats(@Ctx() context: AppContext): Promise<PublisherStatsView> {
    return PublisherStatsView.from(await context.services.dashboards.forPublisher(actorOf(context)));
  }

  @Query(() => AdvertiserStatsView)
  @RequireAuth(Role.ADVERTISER)
  async advertiserStats(@Ctx() context: AppContext): Promise<AdvertiserStatsView> {
    return AdvertiserStatsView.from(await context.services.dashboards.forAdvertiser(actorOf(context)));
  }

  @Query(() => AdminStatsView)
  @RequireAuth(Role.ADMIN)
  async adminStats(@Ctx() { services }: AppContext): Promise<AdminStatsView> {
    return AdminStatsView.from(await services.dashboards.forAdmin());
  }

  @Query(() => TrafficQualityView, { description: "How much traffic the ad server refused to bill, by reason." })
  @RequireAuth(Role.ADMIN)
  async trafficQuality(@Ctx() { services }: AppContext): Promise<TrafficQualityView> {
    return TrafficQualityView.from(await services.reports.trafficQuality());
  }
}
