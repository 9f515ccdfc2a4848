import { CampaignsResolver } from "../modules/campaigns/campaigns.resolver";
import { campaignOperations } from "../modules/campaigns/campaigns.operations";
import type { CampaignFields } from "../modules/campaigns/campaign-settings";
import { CreativesResolver } from "../modules/creatives/creatives.resolver";
import { creativeOperations } from "../modules/creatives/creatives.operations";
import { CreativeRotationResolver } from "../modules/delivery/creative-rotation.resolver";
import { creativeRotationOperations } from "../modules/delivery/creative-rotation.operations";
import { SitesResolver } from "../modules/sites/sites.resolver";
import { siteOperations } from "../modules/sites/sites.operations";
import { ZonesResolver } from "../modules/zones/zones.resolver";
import { RarelySeenZonesResolver } from "../modules/zones/rarely-seen-zones.resolver";
import { rarelySeenZones } from "../modules/zones/rarely-seen-zones";
import { zoneOperations } from "../modules/zones/zones.operations";
import { withGraphqlNames } from "../common/graphql-names";
import { type Body, mirroring, type Route } from "../common/rest-route";
import { accountRoutes, logoutRoute } from "../modules/users/users.routes";
import { twoFactorRoutes } from "../modules/two-factor/two-factor.routes";
import { userAdminRoutes } from "../modules/users/user-admin.routes";
import { emailLinkRoutes } from "../modules/email-links/email-links.routes";
import { dashboardRoutes } from "../modules/dashboards/dashboards.routes";
import { sellerIdentityRoutes } from "../modules/seller-identity/seller-identity.routes";
import { targetingRoutes } from "../modules/targeting/targeting.routes";
import { mediaRoutes } from "../modules/media/media.routes";
import { ownedListRoutes } from "../modules/owners/owners.routes";
import { fundsRoutes } from "../modules/funds/funds.routes";
import { reportRoutes } from "../modules/reports/reports.routes";
import { statementRoutes } from "../modules/statements/statements.routes";
import { payoutRoutes } from "../modules/payouts/payouts.routes";
import { webhookRoutes } from "../modules/webhooks/webhooks.routes";

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
  dashboardRoutes.publisher,
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
  ...sellerIdentityRoutes.publisher,
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
  dashboardRoutes.advertiser,
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
  ...targetingRoutes,
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
  ...mediaRoutes,
  ownedListRoutes.sites,
  ownedListRoutes.campaigns,
  ...fundsRoutes,
  ...reportRoutes,
  ...statementRoutes,
  ...payoutRoutes,
  {
    method: "PUT",
    url: "/admin/sites/:id/approve",
    ...mirroring(SitesResolver, "approveSite"),
    handle: (context, _body, params) => siteOperations.approveSite(context, params.id),
  },
  sellerIdentityRoutes.admin,
  {
    method: "PUT",
    url: "/admin/campaigns/:id/approve",
    ...mirroring(CampaignsResolver, "approveCampaign"),
    handle: (context, _body, params) => campaignOperations.approveCampaign(context, params.id),
  },
  ...webhookRoutes,
];
