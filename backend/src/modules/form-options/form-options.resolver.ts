import { Arg, Ctx, FieldResolver, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { SkipAuth } from "../../auth/require-auth";
import { formOptionsOf, granularityOptions } from "./form-options";
import { FormOption, FormOptions } from "./form-options.types";

@Resolver(() => FormOptions)
export class FormOptionsResolver {
  @Query(() => FormOptions, { description: "The bounds and choices every form offers; public, since sign-up and contact forms need them too." })
  @SkipAuth()
  formOptions(@Ctx() { services }: AppContext): FormOptions {
    return formOptionsOf({
      minBudgetMicros: services.campaigns.minBudgetMicros,
      defaultRevenueShareBps: services.users.defaultRevenueShareBps,
      minDepositMicros: services.funds.config.minDepositMicros,
    });
  }

  @FieldResolver(() => [FormOption], {
    description: "The granularities (ReportGranularity values) a report of these days may be read at: HOUR only for a short range whose hours are still kept.",
  })
  reportGranularities(@Arg("from") from: string, @Arg("to") to: string, @Ctx() { services }: AppContext): FormOption[] {
    return granularityOptions(services.analytics.granularitiesFor({ from, to }));
  }
}
