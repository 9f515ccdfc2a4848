import { withGraphqlNames } from "../../common/graphql-names";
import { mirroring, type Route } from "../../common/rest-route";
import { campaignFieldsOfBody } from "../campaigns/campaign-rest-body";
import { ForecastResolver } from "./forecast.resolver";
import { forecastOperations } from "./forecast.operations";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** What a campaign would deliver a day, before it is saved: its reach, clicks, spend and the day its budget runs out. */
export const forecastRoutes: Route[] = [
  {
    method: "POST",
    url: "/advertiser/targeting-forecast",
    ...mirroring(ForecastResolver, "targetingForecast"),
    handle: (context, body) =>
      forecastOperations.targetingForecast(context, {
        targetCountries: body.target_countries,
        targeting: withGraphqlNames(body.targeting),
        campaignId: body.campaign_id,
        ...(isObject(body.campaign) ? { campaign: campaignFieldsOfBody(body.campaign) } : {}),
      }),
  },
];
