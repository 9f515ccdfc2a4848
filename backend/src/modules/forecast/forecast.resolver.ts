import { Arg, Ctx, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { forecastOperations } from "./forecast.operations";
import { TargetingForecastInput, TargetingForecastView } from "./forecast.types";

@Resolver()
export class ForecastResolver {
  @Query(() => TargetingForecastView, { description: "What a campaign would deliver a day (impressions, clicks, spend) and when its budget runs out, from the last 14 days of the network's traffic and the live campaigns it competes with." })
  @RequireAuth(Role.ADVERTISER)
  async targetingForecast(@Arg("input") input: TargetingForecastInput, @Ctx() context: AppContext): Promise<TargetingForecastView> {
    return forecastOperations.targetingForecast(context, input);
  }
}
