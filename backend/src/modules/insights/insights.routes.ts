import { mirroring, type Route } from "../../common/rest-route";
import { insightsOperations } from "./insights.operations";
import { InsightsResolver } from "./insights.resolver";

/** A campaign's insights for its advertiser, the range as query parameters. */
export const insightsRoutes: Route[] = [
  {
    method: "GET",
    url: "/advertiser/campaigns/:id/insights",
    doc: { query: ["from", "to"] },
    ...mirroring(InsightsResolver, "campaignInsights"),
    handle: (context, _body, params, query) => insightsOperations.campaignInsights(context, params.id, { from: query.from, to: query.to }),
  },
];
