import { Ctx, FieldResolver, Float, Resolver, Root } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { AuditEntryView } from "../audit/audit.types";
import { CampaignView } from "../campaigns/campaigns.types";
import { PayoutView, PublisherBalanceView } from "../payouts/payouts.types";
import { SiteView } from "../sites/sites.types";
import { siteViewOf } from "../sites/sites.operations";
import { userAdminOperations } from "../users/user-admin.operations";
import { ManagedUserView } from "../users/user-admin.types";
import { AdZoneView } from "../zones/zones.types";

const AUDIT_TRAIL_ROWS = 50;

/** A user's page in User Management: what they own and what was done to or by them. Empty lists for the other roles. */
@Resolver(() => ManagedUserView)
export class ManagedUserResolver {
  @FieldResolver(() => [SiteView], { description: "A publisher's sites." })
  @RequireAuth(Role.ADMIN)
  async sites(@Root() user: ManagedUserView, @Ctx() context: AppContext): Promise<SiteView[]> {
    return user.role === Role.PUBLISHER ? (await context.services.sites.listForPublisher(user.account)).map(siteViewOf(context)) : [];
  }

  @FieldResolver(() => [AdZoneView], { description: "A publisher's zones." })
  @RequireAuth(Role.ADMIN)
  async zones(@Root() user: ManagedUserView, @Ctx() { services, origin }: AppContext): Promise<AdZoneView[]> {
    return user.role === Role.PUBLISHER ? (await services.zones.listForPublisher(user.account, origin)).map(AdZoneView.from) : [];
  }

  @FieldResolver(() => [CampaignView], { description: "An advertiser's campaigns." })
  @RequireAuth(Role.ADMIN)
  async campaigns(@Root() user: ManagedUserView, @Ctx() { services }: AppContext): Promise<CampaignView[]> {
    return user.role === Role.ADVERTISER ? (await services.campaigns.listForAdvertiser(user.account)).map(CampaignView.from) : [];
  }

  @FieldResolver(() => [PayoutView], { description: "A publisher's payouts, newest first." })
  @RequireAuth(Role.ADMIN)
  async payouts(@Root() user: ManagedUserView, @Ctx() { services }: AppContext): Promise<PayoutView[]> {
    return user.role === Role.PUBLISHER ? (await services.payouts.listForPublisher(user.account)).map(PayoutView.from) : [];
  }

  @FieldResolver(() => PublisherBalanceView, { nullable: true, description: "A publisher's earnings and payouts; null for the other roles." })
  @RequireAuth(Role.ADMIN)
  async publisherBalance(@Root() user: ManagedUserView, @Ctx() { services }: AppContext): Promise<PublisherBalanceView | null> {
    return user.role === Role.PUBLISHER ? PublisherBalanceView.from(await services.payouts.balance(user.account)) : null;
  }

  @FieldResolver(() => Float, { nullable: true, description: "An advertiser's balance in US dollars, as their Billing tab shows it; null for the other roles." })
  @RequireAuth(Role.ADMIN)
  async advertiserBalance(@Root() user: ManagedUserView, @Ctx() context: AppContext): Promise<number | null> {
    return userAdminOperations.advertiserBalance(context, user);
  }

  @FieldResolver(() => [AuditEntryView], { description: `The latest ${AUDIT_TRAIL_ROWS} audit entries done to or by this account.` })
  @RequireAuth(Role.ADMIN)
  async auditTrail(@Root() user: ManagedUserView, @Ctx() { services }: AppContext): Promise<AuditEntryView[]> {
    return (await services.auditLog.page({ targetUserId: user.id, limit: AUDIT_TRAIL_ROWS })).items.map(AuditEntryView.from);
  }
}
