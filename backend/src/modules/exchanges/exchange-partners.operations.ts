import type { AppContext } from "../../auth/context";
import { CreatedExchangePartnerView, ExchangePartnerView } from "./exchange-partners.types";
import type { PartnerInput } from "./exchange-partners.service";

/** What both doors call, through the one service. */
export const exchangePartnerOperations = {
  list: async (context: AppContext) => (await context.services.exchangePartners.list()).map(ExchangePartnerView.from),
  create: async (context: AppContext, input: PartnerInput) => {
    const { partner, credential } = await context.services.exchangePartners.create(input);
    return Object.assign(new CreatedExchangePartnerView(), { partner: ExchangePartnerView.from(partner), credential });
  },
  update: async (context: AppContext, id: unknown, input: PartnerInput) => ExchangePartnerView.from(await context.services.exchangePartners.update(id, input)),
  revoke: async (context: AppContext, id: unknown) => ExchangePartnerView.from(await context.services.exchangePartners.revoke(id)),
};
