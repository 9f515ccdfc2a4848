import { Arg, Ctx, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { targetingOperations } from "./targeting.operations";
import { TargetingForecastInput, TargetingForecastView } from "./targeting.types";

@Resolver()
export class TargetingResolver {
  @Query(() => TargetingForecastView, { description: "The impressions a day a campaign's targeting could reach, from the last 14 days of the network's traffic." })
  @RequireAuth(Role.ADVERTISER)
  async targetingForecast(@Arg("input") input: TargetingForecastInput, @Ctx() context: AppContext): Promise<TargetingForecastView> {
    return targetingOperations.targetingForecast(context, input);
  }
}
