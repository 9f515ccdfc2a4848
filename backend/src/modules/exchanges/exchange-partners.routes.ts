import { bodyRoute, callerRoute, idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { ExchangePartnersResolver } from "./exchange-partners.resolver";
import { exchangePartnerOperations } from "./exchange-partners.operations";

/** The admins' exchange partners. */
export const exchangePartnerRoutes: Route[] = [
  callerRoute("GET", "/admin/exchange-partners", mirroring(ExchangePartnersResolver, "exchangePartners"), exchangePartnerOperations.list),
  bodyRoute(
    "POST",
    "/admin/exchange-partners",
    mirroring(ExchangePartnersResolver, "createExchangePartner"),
    (context, body) => exchangePartnerOperations.create(context, { name: body.name, allowedNetworks: body.allowed_networks, userSyncUrl: body.user_sync_url }),
    { status: 201 },
  ),
  idBodyRoute("PUT", "/admin/exchange-partners/:id", mirroring(ExchangePartnersResolver, "updateExchangePartner"), (context, id, body) =>
    exchangePartnerOperations.update(context, id, { name: body.name, allowedNetworks: body.allowed_networks, userSyncUrl: body.user_sync_url }),
  ),
  idRoute("PUT", "/admin/exchange-partners/:id/revoke", mirroring(ExchangePartnersResolver, "revokeExchangePartner"), exchangePartnerOperations.revoke),
];
