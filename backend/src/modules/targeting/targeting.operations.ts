import type { AppContext } from "../../auth/context";
import type { ForecastInput } from "./forecast";
import { TargetingForecastView } from "./targeting.types";

/** Each targeting operation as both doors answer it. */
export const targetingOperations = {
  targetingForecast: async ({ services }: AppContext, input: ForecastInput): Promise<TargetingForecastView> =>
    TargetingForecastView.from(await services.targetingForecaster.forecast(input)),
};
