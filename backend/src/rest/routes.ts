import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import type { Access } from "../auth/require-auth";
import { accessOf } from "../auth/require-auth";
import type { AppContext } from "../auth/context";
import { actorOf, sessionIdOf } from "../auth/context";
import { CampaignsResolver } from "../modules/campaigns/campaigns.resolver";
import { campaignOperations } from "../modules/campaigns/campaigns.operations";
import type { CampaignFields } from "../modules/campaigns/campaign-settings";
import { CreativesResolver } from "../modules/creatives/creatives.resolver";
import { creativeOperations } from "../modules/creatives/creatives.operations";
import { CreativeRotationResolver } from "../modules/delivery/creative-rotation.resolver";
import { creativeRotationOperations } from "../modules/delivery/creative-rotation.operations";
import { DashboardsResolver } from "../modules/dashboards/dashboards.resolver";
import { reportCsv } from "../modules/reports/report-csv";
import { ReportResolver } from "../modules/reports/report.resolver";
import type { ReportInput } from "../modules/reports/report.service";
import { reportOf } from "../modules/reports/report.operations";
import type { Audience } from "../modules/reports/metrics";
import { dashboardOperations } from "../modules/dashboards/dashboards.operations";
import type { AccountSummaryView } from "../modules/owners/owner.types";
import type { OwnerLoader } from "../modules/owners/owner-loader";
import { ownerOf } from "../modules/owners/owner-of";
import { PayoutsResolver } from "../modules/payouts/payouts.resolver";
import { FundsResolver } from "../modules/funds/funds.resolver";
import { fundsOperations } from "../modules/funds/funds.operations";
import { SitesResolver } from "../modules/sites/sites.resolver";
import { fileName, statementCsv, statementPdf } from "../modules/statements/statement-files";
import { StatementsResolver } from "../modules/statements/statements.resolver";
import { NotFoundError } from "../common/errors";
import { siteOperations } from "../modules/sites/sites.operations";
import { SellerIdentityResolver } from "../modules/seller-identity/seller-identity.resolver";
import { sellerIdentityOperations } from "../modules/seller-identity/seller-identity.operations";
import { UsersResolver } from "../modules/users/users.resolver";
import { userOperations } from "../modules/users/users.operations";
import { TwoFactorResolver } from "../modules/two-factor/two-factor.resolver";
import { UserAdminResolver } from "../modules/users/user-admin.resolver";
import { userAdminOperations } from "../modules/users/user-admin.operations";
import { ZonesResolver } from "../modules/zones/zones.resolver";
import { RarelySeenZonesResolver } from "../modules/zones/rarely-seen-zones.resolver";
import { rarelySeenZones } from "../modules/zones/rarely-seen-zones";
import { EmailLinksResolver } from "../modules/email-links/email-links.resolver";
import { emailLinkOperations } from "../modules/email-links/email-links.operations";
import { zoneOperations } from "../modules/zones/zones.operations";
import { withGraphqlNames } from "./graphql-names";
import { TargetingResolver } from "../modules/targeting/targeting.resolver";
import { targetingOperations } from "../modules/targeting/targeting.operations";
import { MediaResolver } from "../modules/media/media.resolver";
import { mediaOperations } from "../modules/media/media.operations";
import { WebhooksResolver } from "../modules/webhooks/webhooks.resolver";
import { webhookOperations } from "../modules/webhooks/webhooks.operations";

type Body = Record<string, unknown>;

/** What a route's shape cannot tell the document. */
export interface RouteDoc {
  /** The query parameters it reads, by the snake_case names of its GraphQL twin's arguments (or an input's fields), typed as they are. */
  query?: string[];
  /** A path parameter that is not its twin's id, by name. */
  path?: Record<string, Record<string, unknown>>;
  /** The media types of the file it answers with, instead of JSON. */
  files?: string[];
  /** It takes multipart/form-data with the file in the part named `file`. */
  multipart?: boolean;
  /** Its body, where it is not its GraphQL twin's arguments in snake_case. */
  body?: Record<string, unknown>;
  /** Its answer, where it is not its GraphQL twin's. */
  answer?: Record<string, unknown>;
  /** The GraphQL type its answer is, where that is not its twin's answer. */
  answerType?: string;
  /** What its service refuses beyond what the GraphQL types say, as JSON Schema keywords (`required`, `oneOf`) added to the body's. */
  bodyRules?: Record<string, unknown>;
  /** What a path with no GraphQL twin does. */
  description?: string;
  /** It takes an `Idempotency-Key` header. */
  idempotent?: boolean;
}

export interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  /** The GraphQL operation this path mirrors: its declared access applies here too. */
  access: Access;
  /** That operation's name (or a REST-only path's own), which the OpenAPI document takes for the route's operationId. */
  operation: string;
  status?: number;
  /** What the OpenAPI document says beyond what the route's shape tells it. */
  doc?: RouteDoc;
  handle(context: AppContext, body: Body, params: Record<string, string>, query: Record<string, string>, headers: IncomingHttpHeaders): Promise<unknown>;
}

/** The access and name of the GraphQL operation a route mirrors. */
const mirroring = <T extends object>(resolver: abstract new (...args: never[]) => T, operation: keyof T & string) => ({ access: accessOf(resolver, operation), operation });

/** A file the route answers with instead of JSON, streamed as it is written. */
export class Download {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly stream: Readable,
  ) {}
}

/** The legacy admins' lists: every one of GraphQL's `typeName`, each with its owner, rather than a page. */
const ownedList = (typeName: string) => ({ type: "array", items: { allOf: [{ $ref: `#/components/schemas/${typeName}` }, { properties: { owner: { type: "object" } } }] } });

/** The billing address goes and comes back under its own key, unlike GraphQL's bare string. */
const BILLING_ADDRESS = { type: "object", properties: { billing_address: { type: ["string", "null"] } } };

const REPORT_QUERY = ["from", "to", "granularity", "breakdown", "sort_by", "descending"];

/** The answer of a call that reports what it did in words, `{"detail": "..."}`. */
const MESSAGE = { $ref: "#/components/schemas/Message" };

/** The report exports take the GraphQL input's fields in snake_case as query parameters, and return every row. */
const reportInputOf = (query: Record<string, string>): ReportInput => ({
  from: query.from,
  to: query.to,
  granularity: query.granularity,
  breakdown: query.breakdown,
  sortBy: query.sort_by === undefined ? undefined : query.sort_by.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()),
  descending: query.descending,
});

async function reportDownload(context: AppContext, audience: Audience, query: Record<string, string>): Promise<Download> {
  const { filename, stream } = reportCsv(audience, await reportOf(context, audience, reportInputOf(query), true));
  return new Download(filename, "text/csv; charset=utf-8", stream);
}

/** `12.pdf` or `12.csv`: an issued statement's number and the file's type. */
const STATEMENT_FILE = /^(\d{1,10})\.(pdf|csv)$/;

/** An issued document as a file, for its owner or an admin. */
async function statementDownload(context: AppContext, file: string): Promise<Download> {
  const match = STATEMENT_FILE.exec(file);
  if (!match) throw new NotFoundError("Statement");
  const statement = await context.services.statements.get(actorOf(context), match[1]);
  return match[2] === "pdf"
    ? new Download(fileName(statement, "pdf"), "application/pdf", statementPdf(statement))
    : new Download(fileName(statement, "csv"), "text/csv; charset=utf-8", statementCsv(statement));
}

/**
 * A campaign's settings in the snake_case the spec's clients send, for creating and editing alike;
 * keys left out stay undefined, which an edit leaves unchanged. The legacy form sends the CPM under
 * the misspelled key `cmp`; both name the same field.
 */
const campaignFieldsOf = (body: Body): CampaignFields => ({
  name: body.name,
  budget: body.budget,
  pricingModel: body.pricing_model,
  bid: body.bid,
  cpm: body.cpm ?? body.cmp,
  dailyCap: body.daily_cap,
  pacing: body.pacing,
  rotation: body.rotation,
  category: body.category,
  targetCountries: body.target_countries,
  startDate: body.start_date,
  endDate: body.end_date,
  frequencyCaps: body.frequency_caps,
  targeting: withGraphqlNames(body.targeting),
  skipAfterSeconds: body.skip_after_seconds,
});

/** The admins' lists name each object's owner, loaded for the whole list at once; the other keys stay as they were. */
const withOwners = <T extends object>(items: T[], owners: OwnerLoader, ownerOfItem: (item: T, owners: OwnerLoader) => Promise<AccountSummaryView>) =>
  Promise.all(items.map(async (item) => ({ ...item, owner: await ownerOfItem(item, owners) })));

/** A site's body in snake_case, as the site operations take it. */
const siteBodyOf = ({ blocked_categories, blocked_domains, ...body }: Body) => ({ ...body, blockedCategories: blocked_categories, blockedDomains: blocked_domains });

/** The legacy paths of the spec (section 7): each maps snake_case input to the operation its GraphQL twin calls. */
export const routes: Route[] = [
  {
    method: "GET",
    url: "/auth/me",
    ...mirroring(UsersResolver, "me"),
    handle: async (context) => userOperations.me(context),
  },
  {
    method: "POST",
    url: "/auth/login",
    ...mirroring(UsersResolver, "login"),
    handle: (context, body) => userOperations.login(context, body),
  },
  {
    method: "POST",
    url: "/auth/register",
    ...mirroring(UsersResolver, "register"),
    doc: { bodyRules: { required: ["accept_terms"], properties: { accept_terms: { const: true, description: "The Terms of Service and the Privacy Policy are accepted" } } } },
    status: 201,
    handle: async (context, body) => {
      const session = await userOperations.register(context, { fullName: body.full_name, email: body.email, password: body.password, role: body.role, acceptTerms: body.accept_terms });
      // The spec's clients read the user at the top level; the session is added beside it, as login answers it.
      return { ...session.user, ...session };
    },
  },
  {
    method: "POST",
    url: "/auth/two-factor",
    ...mirroring(TwoFactorResolver, "completeTwoFactorSignIn"),
    handle: (context, body) => userOperations.completeTwoFactorSignIn(context, { challengeToken: body.challenge_token, code: body.code }),
  },
  {
    method: "GET",
    url: "/admin/users",
    doc: { query: ["search", "role", "status", "offset", "limit"] },
    ...mirroring(UserAdminResolver, "users"),
    handle: (context, _body, _params, query) =>
      userAdminOperations.users(context, { search: query.search, role: query.role, status: query.status, offset: query.offset, limit: query.limit }),
  },
  {
    method: "GET",
    url: "/admin/users/:id",
    ...mirroring(UserAdminResolver, "managedUser"),
    handle: async (context, _body, params) => {
      const user = await userAdminOperations.managedUser(context, params.id);
      return { ...user, advertiserBalance: await userAdminOperations.advertiserBalance(context, user) };
    },
  },
  {
    method: "PUT",
    url: "/admin/users/:id/approve",
    ...mirroring(UserAdminResolver, "approveUser"),
    handle: (context, _body, params) => userAdminOperations.approveUser(context, params.id),
  },
  {
    method: "PUT",
    url: "/admin/users/:id/suspend",
    ...mirroring(UserAdminResolver, "suspendUser"),
    handle: (context, body, params) => userAdminOperations.suspendUser(context, params.id, body.reason),
  },
  {
    method: "PUT",
    url: "/admin/users/:id/reactivate",
    ...mirroring(UserAdminResolver, "reactivateUser"),
    handle: (context, _body, params) => userAdminOperations.reactivateUser(context, params.id),
  },
  {
    method: "POST",
    url: "/admin/users/:id/verification-link",
    ...mirroring(UserAdminResolver, "sendVerificationLink"),
    handle: (context, _body, params) => userAdminOperations.sendVerificationLink(context, params.id),
  },
  {
    method: "POST",
    url: "/admin/users/:id/password-reset",
    ...mirroring(UserAdminResolver, "sendPasswordReset"),
    handle: (context, _body, params) => userAdminOperations.sendPasswordReset(context, params.id),
  },
  {
    method: "POST",
    url: "/auth/logout",
    ...mirroring(UsersResolver, "logout"),
    status: 204,
    handle: async (context) => context.services.users.logout(sessionIdOf(context)),
  },
  {
    method: "POST",
    url: "/auth/forgot-password",
    ...mirroring(EmailLinksResolver, "forgotPassword"),
    doc: { answer: MESSAGE },
    status: 202,
    handle: async ({ services, ip }, body) => {
      await services.emailLinks.forgotPassword(body.email, ip);
      return { detail: "If an account uses this address, a link to reset its password is on its way." };
    },
  },
  {
    method: "POST",
    url: "/auth/reset-password",
    ...mirroring(EmailLinksResolver, "resetPassword"),
    doc: { answer: MESSAGE },
    handle: async ({ services, ip }, body) => {
      await services.emailLinks.resetPassword({ token: body.token, newPassword: body.new_password }, ip);
      return { detail: "Your password is changed and every session has ended: sign in with the new password." };
    },
  },
  {
    method: "POST",
    url: "/auth/verify-email",
    ...mirroring(EmailLinksResolver, "verifyEmail"),
    handle: (context, body) => emailLinkOperations.verifyEmail(context, body.token),
  },
  {
    method: "GET",
    url: "/publisher/stats",
    ...mirroring(DashboardsResolver, "publisherStats"),
    handle: (context) => dashboardOperations.publisherStats(context),
  },
  {
    method: "GET",
    url: "/publisher/sites",
    ...mirroring(SitesResolver, "mySites"),
    handle: (context) => siteOperations.mySites(context),
  },
  {
    method: "POST",
    url: "/publisher/sites",
    ...mirroring(SitesResolver, "createSite"),
    status: 201,
    handle: (context, body) => siteOperations.createSite(context, siteBodyOf(body)),
  },
  {
    method: "PUT",
    url: "/publisher/sites/:id",
    ...mirroring(SitesResolver, "updateSite"),
    handle: (context, body, params) => siteOperations.updateSite(context, params.id, siteBodyOf(body)),
  },
  {
    method: "PUT",
    url: "/publisher/sites/:id/archive",
    ...mirroring(SitesResolver, "archiveSite"),
    handle: (context, _body, params) => siteOperations.archiveSite(context, params.id),
  },
  {
    method: "POST",
    url: "/publisher/sites/:id/ads-txt-check",
    ...mirroring(SellerIdentityResolver, "recheckAdsTxt"),
    handle: (context, _body, params) => sellerIdentityOperations.recheckAdsTxt(context, params.id),
  },
  {
    method: "GET",
    url: "/publisher/seller-listing",
    ...mirroring(SellerIdentityResolver, "mySellerListing"),
    handle: (context) => sellerIdentityOperations.mySellerListing(context),
  },
  {
    method: "PUT",
    url: "/publisher/seller-listing",
    ...mirroring(SellerIdentityResolver, "setSellerConfidential"),
    handle: (context, body) => sellerIdentityOperations.setSellerConfidential(context, body.confidential),
  },
  {
    method: "GET",
    url: "/publisher/ad-zones/rarely-seen",
    doc: { query: ["max_viewability", "days"] },
    ...mirroring(RarelySeenZonesResolver, "rarelySeenZones"),
    handle: (context, _body, _params, query) => rarelySeenZones(context, { maxViewability: query.max_viewability, days: query.days }),
  },
  {
    method: "GET",
    url: "/publisher/ad-zones",
    ...mirroring(ZonesResolver, "myAdZones"),
    handle: (context) => zoneOperations.myAdZones(context),
  },
  {
    method: "POST",
    url: "/publisher/ad-zones",
    ...mirroring(ZonesResolver, "createAdZone"),
    status: 201,
    handle: (context, body) => zoneOperations.createAdZone(context, { ...body, siteId: body.site_id, nativeTemplate: body.native_template }),
  },
  {
    method: "PUT",
    url: "/publisher/ad-zones/:id",
    ...mirroring(ZonesResolver, "updateAdZone"),
    handle: (context, body, params) => zoneOperations.updateAdZone(context, params.id, { ...body, nativeTemplate: body.native_template }),
  },
  {
    method: "PUT",
    url: "/publisher/ad-zones/:id/archive",
    ...mirroring(ZonesResolver, "archiveAdZone"),
    handle: (context, _body, params) => zoneOperations.archiveAdZone(context, params.id),
  },
  {
    method: "GET",
    url: "/advertiser/stats",
    ...mirroring(DashboardsResolver, "advertiserStats"),
    handle: (context) => dashboardOperations.advertiserStats(context),
  },
  {
    method: "GET",
    url: "/advertiser/campaigns",
    doc: { query: ["archived"] },
    ...mirroring(CampaignsResolver, "myCampaigns"),
    handle: (context, _body, _params, query) => campaignOperations.myCampaigns(context, query.archived),
  },
  {
    method: "POST",
    url: "/advertiser/campaigns",
    ...mirroring(CampaignsResolver, "createCampaign"),
    // A campaign needs its price: the bid, or the CPM under its older name (or the legacy form's misspelled `cmp`).
    doc: { bodyRules: { properties: { cmp: { type: "number", deprecated: true, description: "The legacy form's name for cpm" } }, anyOf: [{ required: ["bid"] }, { required: ["cpm"] }, { required: ["cmp"] }] } },
    status: 201,
    handle: (context, body) => campaignOperations.createCampaign(context, campaignFieldsOf(body)),
  },
  {
    method: "PUT",
    url: "/advertiser/campaigns/:id",
    ...mirroring(CampaignsResolver, "updateCampaign"),
    handle: (context, body, params) => campaignOperations.updateCampaign(context, params.id, campaignFieldsOf(body)),
  },
  {
    method: "POST",
    url: "/advertiser/campaigns/:id/duplicate",
    ...mirroring(CampaignsResolver, "duplicateCampaign"),
    status: 201,
    handle: (context, _body, params) => campaignOperations.duplicateCampaign(context, params.id),
  },
  {
    method: "PUT",
    url: "/advertiser/campaigns/:id/archive",
    ...mirroring(CampaignsResolver, "archiveCampaign"),
    handle: (context, _body, params) => campaignOperations.archiveCampaign(context, params.id),
  },
  {
    method: "PUT",
    url: "/advertiser/campaigns/:id/unarchive",
    ...mirroring(CampaignsResolver, "unarchiveCampaign"),
    handle: (context, _body, params) => campaignOperations.unarchiveCampaign(context, params.id),
  },
  {
    method: "GET",
    url: "/advertiser/campaigns/:id/history",
    ...mirroring(CampaignsResolver, "campaignHistory"),
    handle: (context, _body, params) => campaignOperations.campaignHistory(context, params.id),
  },
  {
    method: "GET",
    url: "/advertiser/campaigns/:id/creative-rotation",
    ...mirroring(CreativeRotationResolver, "campaignCreativeRotation"),
    handle: (context, _body, params) => creativeRotationOperations.campaignCreativeRotation(context, params.id),
  },
  {
    method: "POST",
    url: "/advertiser/targeting-forecast",
    ...mirroring(TargetingResolver, "targetingForecast"),
    handle: (context, body) => targetingOperations.targetingForecast(context, { targetCountries: body.target_countries, targeting: withGraphqlNames(body.targeting) }),
  },
  {
    method: "POST",
    url: "/advertiser/creatives",
    ...mirroring(CreativesResolver, "createCreative"),
    // What the ad shows is a URL or an uploaded file, never both.
    doc: { bodyRules: { oneOf: [{ required: ["content_url"] }, { required: ["media_id"] }] } },
    status: 201,
    handle: (context, body) =>
      creativeOperations.createCreative(context, {
        campaignId: body.campaign_id,
        name: body.name,
        type: body.type,
        contentUrl: body.content_url,
        mediaId: body.media_id,
        clickUrl: body.click_url,
        width: body.width,
        height: body.height,
        durationSeconds: body.duration_seconds,
        native: withGraphqlNames(body.native),
      }),
  },
  {
    method: "GET",
    url: "/advertiser/media",
    ...mirroring(MediaResolver, "myMedia"),
    handle: (context) => mediaOperations.myMedia(context),
  },
  {
    // GraphQL has no twin: it uploads through createMediaUploadUrl's signed URL, whose roles this path shares.
    method: "POST",
    url: "/advertiser/media",
    doc: { multipart: true, answerType: "MediaFile", description: "Uploads one image or video (multipart/form-data, the file in the part named `file`) and answers the file as `myMedia` lists it." },
    access: accessOf(MediaResolver, "createMediaUploadUrl"),
    operation: "uploadMedia",
    status: 201,
    handle: (context, body) => mediaOperations.uploadMedia(context, body.file),
  },
  {
    method: "GET",
    url: "/admin/sites",
    doc: { answer: ownedList("Site") },
    ...mirroring(SitesResolver, "sites"),
    handle: async (context) => withOwners(await siteOperations.allSites(context), context.owners, ownerOf.site),
  },
  {
    method: "GET",
    url: "/admin/campaigns",
    doc: { query: ["archived"], answer: ownedList("Campaign") },
    ...mirroring(CampaignsResolver, "campaigns"),
    handle: async (context, _body, _params, query) => withOwners(await campaignOperations.allCampaigns(context, query.archived), context.owners, ownerOf.campaign),
  },
  {
    method: "PUT",
    url: "/advertiser/billing-address",
    doc: { body: BILLING_ADDRESS, answer: BILLING_ADDRESS },
    ...mirroring(FundsResolver, "setBillingAddress"),
    handle: async (context, body) => ({ billingAddress: await fundsOperations.setBillingAddress(context, body.billing_address) }),
  },
  {
    method: "GET",
    url: "/advertiser/funds",
    ...mirroring(FundsResolver, "myFunds"),
    handle: (context) => fundsOperations.myFunds(context),
  },
  {
    method: "POST",
    url: "/advertiser/deposits",
    ...mirroring(FundsResolver, "requestDeposit"),
    status: 201,
    doc: { idempotent: true },
    handle: (context, body, _params, _query, headers) => fundsOperations.requestDeposit(context, body.amount, headers["idempotency-key"]),
  },
  {
    method: "POST",
    url: "/advertiser/deposits/:id/cancel",
    ...mirroring(FundsResolver, "cancelDeposit"),
    handle: (context, _body, params) => fundsOperations.cancelDeposit(context, params.id),
  },
  {
    method: "GET",
    url: "/admin/deposits",
    doc: { query: ["search", "status", "offset", "limit"] },
    ...mirroring(FundsResolver, "depositRequests"),
    handle: (context, _body, _params, query) =>
      fundsOperations.depositRequests(context, { search: query.search, status: query.status, offset: query.offset, limit: query.limit }),
  },
  {
    method: "POST",
    url: "/admin/deposits/record",
    ...mirroring(FundsResolver, "recordDeposit"),
    handle: (context, body) => fundsOperations.recordDeposit(context, body),
  },
  {
    method: "POST",
    url: "/admin/credits",
    ...mirroring(FundsResolver, "grantCredit"),
    status: 201,
    doc: { idempotent: true },
    handle: (context, body, _params, _query, headers) =>
      fundsOperations.grantCredit(context, { advertiserEmail: body.advertiser_email, amount: body.amount, memo: body.memo }, headers["idempotency-key"]),
  },
  {
    method: "PUT",
    url: "/admin/credit-limit",
    ...mirroring(FundsResolver, "setCreditLimit"),
    handle: (context, body) => fundsOperations.setCreditLimit(context, { advertiserEmail: body.advertiser_email, amount: body.amount, memo: body.memo }),
  },
  {
    method: "GET",
    url: "/admin/finance",
    doc: { query: ["months"] },
    ...mirroring(FundsResolver, "financeSummary"),
    handle: (context, _body, _params, query) => fundsOperations.financeSummary(context, query.months),
  },
  {
    method: "GET",
    url: "/publisher/reports.csv",
    doc: { query: REPORT_QUERY, files: ["text/csv"] },
    ...mirroring(ReportResolver, "publisherReport"),
    handle: (context, _body, _params, query) => reportDownload(context, "publisher", query),
  },
  {
    method: "GET",
    url: "/advertiser/reports.csv",
    doc: { query: REPORT_QUERY, files: ["text/csv"] },
    ...mirroring(ReportResolver, "advertiserReport"),
    handle: (context, _body, _params, query) => reportDownload(context, "advertiser", query),
  },
  {
    method: "GET",
    url: "/admin/reports.csv",
    doc: { query: REPORT_QUERY, files: ["text/csv"] },
    ...mirroring(ReportResolver, "networkReport"),
    handle: (context, _body, _params, query) => reportDownload(context, "network", query),
  },
  {
    method: "GET",
    url: "/statements/:file",
    doc: { files: ["application/pdf", "text/csv"], path: { file: { type: "string", pattern: STATEMENT_FILE.source, examples: ["12.pdf"] } } },
    ...mirroring(StatementsResolver, "statement"),
    handle: (context, _body, params) => statementDownload(context, params.file),
  },
  {
    method: "GET",
    url: "/admin/payouts/requested.csv",
    doc: { files: ["text/csv"] },
    ...mirroring(PayoutsResolver, "payouts"),
    handle: async ({ services }) => {
      const { filename, stream } = await services.payouts.requestedBatchCsv();
      return new Download(filename, "text/csv; charset=utf-8", stream);
    },
  },
  {
    method: "PUT",
    url: "/admin/sites/:id/approve",
    ...mirroring(SitesResolver, "approveSite"),
    handle: (context, _body, params) => siteOperations.approveSite(context, params.id),
  },
  {
    method: "POST",
    url: "/admin/sites/:id/ads-txt-check",
    ...mirroring(SellerIdentityResolver, "recheckAdsTxt"),
    handle: (context, _body, params) => sellerIdentityOperations.recheckAdsTxt(context, params.id),
  },
  {
    method: "PUT",
    url: "/admin/campaigns/:id/approve",
    ...mirroring(CampaignsResolver, "approveCampaign"),
    handle: (context, _body, params) => campaignOperations.approveCampaign(context, params.id),
  },
  {
    method: "GET",
    url: "/webhooks/event-types",
    ...mirroring(WebhooksResolver, "webhookEventTypes"),
    handle: async () => webhookOperations.eventTypes(),
  },
  {
    method: "GET",
    url: "/webhooks/endpoints",
    ...mirroring(WebhooksResolver, "myWebhookEndpoints"),
    handle: (context) => webhookOperations.list(context),
  },
  {
    method: "POST",
    url: "/webhooks/endpoints",
    ...mirroring(WebhooksResolver, "createWebhookEndpoint"),
    status: 201,
    handle: (context, body) => webhookOperations.create(context, { url: body.url, eventTypes: body.event_types }),
  },
  {
    method: "PUT",
    url: "/webhooks/endpoints/:id",
    ...mirroring(WebhooksResolver, "updateWebhookEndpoint"),
    handle: (context, body, params) => webhookOperations.update(context, params.id, { url: body.url, eventTypes: body.event_types, enabled: body.enabled }),
  },
  {
    method: "DELETE",
    url: "/webhooks/endpoints/:id",
    ...mirroring(WebhooksResolver, "deleteWebhookEndpoint"),
    handle: (context, _body, params) => webhookOperations.remove(context, params.id),
  },
  {
    method: "POST",
    url: "/webhooks/endpoints/:id/rotate-secret",
    ...mirroring(WebhooksResolver, "rotateWebhookSecret"),
    handle: (context, _body, params) => webhookOperations.rotateSecret(context, params.id),
  },
  {
    method: "GET",
    url: "/webhooks/endpoints/:id/deliveries",
    ...mirroring(WebhooksResolver, "webhookDeliveries"),
    handle: (context, _body, params) => webhookOperations.deliveries(context, params.id),
  },
  {
    method: "POST",
    url: "/webhooks/deliveries/:id/redeliver",
    ...mirroring(WebhooksResolver, "redeliverWebhook"),
    handle: (context, _body, params) => webhookOperations.redeliver(context, params.id),
  },
  {
    method: "POST",
    url: "/webhooks/endpoints/:id/redeliver",
    ...mirroring(WebhooksResolver, "redeliverWebhooks"),
    handle: (context, body, params) => webhookOperations.redeliverRange(context, params.id, { from: body.from, to: body.to, failedOnly: body.failed_only }),
  },
];
