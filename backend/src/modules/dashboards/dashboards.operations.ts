import { actorOf, type AppContext } from "../../auth/context";
import { AdminStatsView, AdvertiserStatsView, PublisherStatsView, TrafficQualityView } from "./dashboards.types";

/** Each dashboard as both doors answer it: GraphQL resolvers and REST routes call these and nothing else. */
export const dashboardOperations = {
  publisherStats: async (context: AppContext): Promise<PublisherStatsView> => PublisherStatsView.from(await context.services.dashboards.forPublisher(actorOf(context))),
  advertiserStats: async (context: AppContext): Promise<AdvertiserStatsView> =>
    AdvertiserStatsView.from(await context.services.dashboards.forAdvertiser(actorOf(context))),
  adminStats: async ({ services }: AppContext): Promise<AdminStatsView> => AdminStatsView.from(await services.dashboards.forAdmin()),
  trafficQuality: async ({ services }: AppContext, range?: { from: string; to: string } | null): Promise<TrafficQualityView> =>
    TrafficQualityView.from(await (range ? services.analytics.trafficQuality(range) : services.reports.trafficQuality())),
};
