import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { exchangePartnerOperations } from "./exchange-partners.operations";
import { CreatedExchangePartnerView, CreateExchangePartnerInput, ExchangePartnerView, UpdateExchangePartnerInput } from "./exchange-partners.types";

@Resolver()
export class ExchangePartnersResolver {
  @Query(() => [ExchangePartnerView], { description: "The exchanges the bidder takes server-side bid requests from, live ones first." })
  @RequireAuth(Role.ADMIN)
  exchangePartners(@Ctx() context: AppContext): Promise<ExchangePartnerView[]> {
    return exchangePartnerOperations.list(context);
  }

  @Mutation(() => CreatedExchangePartnerView, { description: "Adds an exchange partner; its credential is in this answer only." })
  @RequireAuth(Role.ADMIN)
  createExchangePartner(@Arg("input") input: CreateExchangePartnerInput, @Ctx() context: AppContext): Promise<CreatedExchangePartnerView> {
    return exchangePartnerOperations.create(context, input);
  }

  @Mutation(() => ExchangePartnerView, { description: "Changes a partner's name, networks or cookie sync URL." })
  @RequireAuth(Role.ADMIN)
  updateExchangePartner(@Arg("id", () => Int) id: number, @Arg("input") input: UpdateExchangePartnerInput, @Ctx() context: AppContext): Promise<ExchangePartnerView> {
    return exchangePartnerOperations.update(context, id, input);
  }

  @Mutation(() => ExchangePartnerView, { description: "Revokes a partner: its credential is refused from then on (a repeat changes nothing)." })
  @RequireAuth(Role.ADMIN)
  revokeExchangePartner(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<ExchangePartnerView> {
    return exchangePartnerOperations.revoke(context, id);
  }
}
