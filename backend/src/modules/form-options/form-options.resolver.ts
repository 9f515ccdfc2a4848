import { Ctx, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { SkipAuth } from "../../auth/require-auth";
import { formOptionsOf } from "./form-options";
import { FormOptions } from "./form-options.types";

@Resolver()
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
}
