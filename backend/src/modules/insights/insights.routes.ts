import { idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { insightsOperations } from "./insights.operations";
import { InsightsResolver } from "./insights.resolver";

/** A range of days as query parameters, for a subject named by the path's id. */
const rangeRoute = (url: string, operation: "campaignInsights" | "audienceInsights"): Route => ({
  method: "GET",
  url,
  doc: { query: ["from", "to"] },
  ...mirroring(InsightsResolver, operation),
  handle: (context, _body, params, query) => insightsOperations[operation](context, params.id, { from: query.from, to: query.to }),
});

/** Campaigns' and audiences' insights, and campaigns' lookalikes, for their advertiser. */
export const insightsRoutes: Route[] = [
  rangeRoute("/advertiser/campaigns/:id/insights", "campaignInsights"),
  rangeRoute("/advertiser/audiences/:id/insights", "audienceInsights"),
  idRoute("GET", "/advertiser/campaigns/:id/lookalike", mirroring(InsightsResolver, "campaignLookalike"), insightsOperations.campaignLookalike),
  idBodyRoute("PUT", "/advertiser/campaigns/:id/lookalike", mirroring(InsightsResolver, "buildLookalike"), (context, id, body) => insightsOperations.buildLookalike(context, id, body.audience_id)),
];
