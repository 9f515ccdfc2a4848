import { callerRoute, mirroring, type Route } from "../../common/rest-route";
import { DashboardsResolver } from "./dashboards.resolver";
import { dashboardOperations } from "./dashboards.operations";

/** Each dashboard's summary cards, for the one it belongs to. */
export const dashboardRoutes = {
  publisher: callerRoute("GET", "/publisher/stats", mirroring(DashboardsResolver, "publisherStats"), dashboardOperations.publisherStats),
  advertiser: callerRoute("GET", "/advertiser/stats", mirroring(DashboardsResolver, "advertiserStats"), dashboardOperations.advertiserStats),
} satisfies Record<string, Route>;
