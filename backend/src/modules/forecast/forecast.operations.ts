import { actorOf, type AppContext } from "../../auth/context";
import type { ForecastInput } from "./forecast";
import { TargetingForecastView } from "./forecast.types";

/** Each targeting operation as both doors answer it. */
export const forecastOperations = {
  targetingForecast: async (context: AppContext, input: ForecastInput): Promise<TargetingForecastView> =>
    TargetingForecastView.from(await context.services.targetingForecaster.forecast(actorOf(context), input)),
};
