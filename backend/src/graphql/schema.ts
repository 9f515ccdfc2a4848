import "reflect-metadata";
import { printSchemaWithDirectives } from "@graphql-tools/utils";
import type { GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { authChecker, authDirectives } from "../auth/require-auth";
import { CampaignActionsResolver, CampaignsResolver } from "../modules/campaigns/campaigns.resolver";
import { ContactResolver } from "../modules/contact/contact.resolver";
import { CreativeActionsResolver, CreativeCampaignResolver, CreativesResolver } from "../modules/creatives/creatives.resolver";
import { DashboardsResolver } from "../modules/dashboards/dashboards.resolver";
import { ReportResolver } from "../modules/reports/report.resolver";
import { CreativeRotationResolver } from "../modules/delivery/creative-rotation.resolver";
import { InsightsResolver } from "../modules/insights/insights.resolver";
import { OptimisationResolver } from "../modules/optimisation/optimisation.resolver";
import { CampaignTrackingResolver } from "../modules/delivery/delivery.resolver";
import { CampaignOwnerResolver, CreativeOwnerResolver, PayoutOwnerResolver, SiteOwnerResolver } from "../modules/owners/owners.resolver";
import { FormOptionsResolver } from "../modules/form-options/form-options.resolver";
import { FundsResolver } from "../modules/funds/funds.resolver";
import { PayoutActionsResolver, PayoutsResolver } from "../modules/payouts/payouts.resolver";
import { SiteActionsResolver, SitesResolver } from "../modules/sites/sites.resolver";
import { SellerIdentityResolver } from "../modules/seller-identity/seller-identity.resolver";
import { StatementsResolver } from "../modules/statements/statements.resolver";
import { UsersResolver } from "../modules/users/users.resolver";
import { UserAdminResolver } from "../modules/users/user-admin.resolver";
import { ManagedUserResolver } from "../modules/owners/managed-user.resolver";
import { AuditResolver } from "../modules/audit/audit.resolver";
import { ApiKeysResolver } from "../modules/api-keys/api-keys.resolver";
import { ExchangePartnersResolver } from "../modules/exchanges/exchange-partners.resolver";
import { WebhooksResolver } from "../modules/webhooks/webhooks.resolver";
import { TwoFactorResolver } from "../modules/two-factor/two-factor.resolver";
import { ZonesResolver } from "../modules/zones/zones.resolver";
import { RarelySeenZonesResolver } from "../modules/zones/rarely-seen-zones.resolver";
import { ForecastResolver } from "../modules/forecast/forecast.resolver";
import { BookingResolver } from "../modules/booking/booking.resolver";
import { EmailLinksResolver } from "../modules/email-links/email-links.resolver";
import { MailResolver } from "../modules/mail/mail.resolver";
import { NotificationsResolver } from "../modules/notifications/notifications.resolver";
import { MediaResolver } from "../modules/media/media.resolver";
import { AudiencesResolver } from "../modules/audiences/audiences.resolver";

const resolvers = [
  UsersResolver,
  SitesResolver,
  SellerIdentityResolver,
  ZonesResolver,
  RarelySeenZonesResolver,
  CampaignsResolver,
  CampaignTrackingResolver,
  CreativeRotationResolver,
  InsightsResolver,
  OptimisationResolver,
  ForecastResolver,
  BookingResolver,
  CreativesResolver,
  PayoutsResolver,
  StatementsResolver,
  FundsResolver,
  DashboardsResolver,
  ReportResolver,
  ContactResolver,
  SiteOwnerResolver,
  CampaignOwnerResolver,
  CreativeOwnerResolver,
  PayoutOwnerResolver,
  SiteActionsResolver,
  CampaignActionsResolver,
  CreativeActionsResolver,
  CreativeCampaignResolver,
  PayoutActionsResolver,
  FormOptionsResolver,
  EmailLinksResolver,
  NotificationsResolver,
  MailResolver,
  UserAdminResolver,
  ManagedUserResolver,
  AuditResolver,
  ApiKeysResolver,
  ExchangePartnersResolver,
  WebhooksResolver,
  TwoFactorResolver,
  MediaResolver,
  AudiencesResolver,
] as const;

let schema: Promise<GraphQLSchema> | undefined;

/** The one schema, shared by the server, the tests and the emitter. Services validate input themselves. */
export function appSchema(): Promise<GraphQLSchema> {
  schema ??= buildSchema({ resolvers, authChecker, directives: authDirectives, validate: false });
  return schema;
}

export function printAppSchema(built: GraphQLSchema): string {
  return `# Generated from the backend's resolvers by \`npm run schema\`: do not edit.\n\n${printSchemaWithDirectives(built)}\n`;
}
