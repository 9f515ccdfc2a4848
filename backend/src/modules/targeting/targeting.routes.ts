import { withGraphqlNames } from "../../common/graphql-names";
import { mirroring, type Route } from "../../common/rest-route";
import { TargetingResolver } from "./targeting.resolver";
import { targetingOperations } from "./targeting.operations";

/** How many impressions a targeting would reach, before a campaign is saved with it. */
export const targetingRoutes: Route[] = [
  {
    method: "POST",
    url: "/advertiser/targeting-forecast",
    ...mirroring(TargetingResolver, "targetingForecast"),
    handle: (context, body) => targetingOperations.targetingForecast(context, { targetCountries: body.target_countries, targeting: withGraphqlNames(body.targeting) }),
  },
];
