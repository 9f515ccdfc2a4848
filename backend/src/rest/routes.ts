import type { Route } from "../common/rest-route";
import { campaignRoutes } from "../modules/campaigns/campaigns.routes";
import { creativeRoutes } from "../modules/creatives/creatives.routes";
import { creativeRotationRoutes } from "../modules/delivery/creative-rotation.routes";
import { insightsRoutes } from "../modules/insights/insights.routes";
import { optimisationRoutes } from "../modules/optimisation/optimisation.routes";
import { dashboardRoutes } from "../modules/dashboards/dashboards.routes";
import { emailLinkRoutes } from "../modules/email-links/email-links.routes";
import { fundsRoutes } from "../modules/funds/funds.routes";
import { mediaRoutes } from "../modules/media/media.routes";
import { ownedListRoutes } from "../modules/owners/owners.routes";
import { payoutRoutes } from "../modules/payouts/payouts.routes";
import { reportRoutes } from "../modules/reports/reports.routes";
import { sellerIdentityRoutes } from "../modules/seller-identity/seller-identity.routes";
import { siteRoutes } from "../modules/sites/sites.routes";
import { statementRoutes } from "../modules/statements/statements.routes";
import { forecastRoutes } from "../modules/forecast/forecast.routes";
import { bookingRoutes } from "../modules/booking/booking.routes";
import { twoFactorRoutes } from "../modules/two-factor/two-factor.routes";
import { userAdminRoutes } from "../modules/users/user-admin.routes";
import { accountRoutes, logoutRoute } from "../modules/users/users.routes";
import { webhookRoutes } from "../modules/webhooks/webhooks.routes";
import { zoneRoutes } from "../modules/zones/zones.routes";
import { exchangePartnerRoutes } from "../modules/exchanges/exchange-partners.routes";
import { audienceRoutes } from "../modules/audiences/audiences.routes";

/**
 * The legacy paths of the spec (section 7) and those added since, each declared beside its
 * module's resolver, in the order the OpenAPI document has always listed them. A module whose
 * paths stand in two places of that order names each part.
 */
export const routes: Route[] = [
  ...accountRoutes,
  ...twoFactorRoutes,
  ...userAdminRoutes,
  logoutRoute,
  ...emailLinkRoutes,
  dashboardRoutes.publisher,
  ...siteRoutes.publisher,
  ...sellerIdentityRoutes.publisher,
  ...zoneRoutes,
  dashboardRoutes.advertiser,
  ...campaignRoutes.advertiser,
  ...creativeRotationRoutes,
  ...insightsRoutes,
  ...optimisationRoutes,
  ...forecastRoutes,
  ...bookingRoutes,
  ...audienceRoutes,
  ...creativeRoutes,
  ...mediaRoutes,
  ownedListRoutes.sites,
  ownedListRoutes.campaigns,
  ...fundsRoutes,
  ...reportRoutes,
  ...statementRoutes,
  ...payoutRoutes,
  siteRoutes.approve,
  sellerIdentityRoutes.admin,
  campaignRoutes.approve,
  ...webhookRoutes,
  ...exchangePartnerRoutes,
];
