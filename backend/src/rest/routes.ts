import { accessOf } from "../auth/require-auth";
import type { AppContext } from "../auth/context";
import { actorOf } from "../auth/context";
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
import { ZonesResolver } from "../modules/zones/zones.resolver";
import { RarelySeenZonesResolver } from "../modules/zones/rarely-seen-zones.resolver";
import { rarelySeenZones } from "../modules/zones/rarely-seen-zones";
import { zoneOperations } from "../modules/zones/zones.operations";
import { withGraphqlNames } from "../common/graphql-names";
import { ownedList, withOwners } from "../modules/owners/owned-list";
import { type Body, Download, mirroring, type Route } from "../common/rest-route";
import { accountRoutes, logoutRoute } from "../modules/users/users.routes";
import { twoFactorRoutes } from "../modules/two-factor/two-factor.routes";
import { userAdminRoutes } from "../modules/users/user-admin.routes";
import { emailLinkRoutes } from "../modules/email-links/email-links.routes";
import { TargetingResolver } from "../modules/targeting/targeting.resolver";
import { targetingOperations } from "../modules/targeting/targeting.operations";
import { MediaResolver } from "../modules/media/media.resolver";
import { mediaOperations } from "../modules/media/media.operations";
import { WebhooksResolver } from "../modules/webhooks/webhooks.resolver";
import { webhookOperations } from "../modules/webhooks/webhooks.operations";

/** The billing address goes and comes back under its own key, unlike GraphQL's bare string. */
const BILLING_ADDRESS = { type: "object", properties: { billing_address: { type: ["string", "null"] } } };

const REPORT_QUERY = ["from", "to", "granularity", "breakdown", "sort_by", "descending"];

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

/** A site's body in snake_case, as the site operations take it. */
const siteBodyOf = ({ blocked_categories, blocked_domains, ...body }: Body) => ({ ...body, blockedCategories: blocked_categories, blockedDomains: blocked_domains });

/** The legacy paths of the spec (section 7): each maps snake_case input to the operation its GraphQL twin calls. */
export const routes: Route[] = [
  ...accountRoutes,
  ...twoFactorRoutes,
  ...userAdminRoutes,
  logoutRoute,
  ...emailLinkRoutes,
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
