import type { Access } from "../auth/require-auth";
import { accessOf } from "../auth/require-auth";
import type { AppContext } from "../auth/context";
import { actorOf } from "../auth/context";
import { CampaignsResolver } from "../modules/campaigns/campaigns.resolver";
import { CampaignView } from "../modules/campaigns/campaigns.types";
import { CreativesResolver } from "../modules/creatives/creatives.resolver";
import { CreativeView } from "../modules/creatives/creatives.types";
import { DashboardsResolver } from "../modules/dashboards/dashboards.resolver";
import { AdvertiserStatsView, PublisherStatsView } from "../modules/dashboards/dashboards.types";
import { SitesResolver } from "../modules/sites/sites.resolver";
import { SiteView } from "../modules/sites/sites.types";
import { UsersResolver } from "../modules/users/users.resolver";
import { authPayload, UserView } from "../modules/users/users.types";
import { ZonesResolver } from "../modules/zones/zones.resolver";
import { AdZoneView } from "../modules/zones/zones.types";

type Body = Record<string, unknown>;

export interface Route {
  method: "GET" | "POST" | "PUT";
  url: string;
  /** The GraphQL operation this path mirrors: its declared access applies here too. */
  access: Access;
  status?: number;
  handle(context: AppContext, body: Body, params: Record<string, string>): Promise<unknown>;
}

/** The legacy paths of the spec (section 7): each maps snake_case input to a service call. */
export const routes: Route[] = [
  {
    method: "GET",
    url: "/auth/me",
    access: accessOf(UsersResolver, "me"),
    handle: async (context) => UserView.from(actorOf(context)),
  },
  {
    method: "POST",
    url: "/auth/login",
    access: accessOf(UsersResolver, "login"),
    handle: async ({ services, ip }, body) => authPayload(await services.users.login(body, ip)),
  },
  {
    method: "POST",
    url: "/auth/register",
    access: accessOf(UsersResolver, "register"),
    status: 201,
    handle: async ({ services }, body) =>
      UserView.from(await services.users.register({ fullName: body.full_name, email: body.email, password: body.password, role: body.role })),
  },
  {
    method: "GET",
    url: "/publisher/stats",
    access: accessOf(DashboardsResolver, "publisherStats"),
    handle: async (context) => PublisherStatsView.from(await context.services.dashboards.forPublisher(actorOf(context))),
  },
  {
    method: "GET",
    url: "/publisher/sites",
    access: accessOf(SitesResolver, "mySites"),
    handle: async (context) => (await context.services.sites.listForPublisher(actorOf(context))).map(SiteView.from),
  },
  {
    method: "POST",
    url: "/publisher/sites",
    access: accessOf(SitesResolver, "createSite"),
    status: 201,
    handle: async (context, body) => SiteView.from(await context.services.sites.create(actorOf(context), body)),
  },
  {
    method: "GET",
    url: "/publisher/ad-zones",
    access: accessOf(ZonesResolver, "myAdZones"),
    handle: async (context) => (await context.services.zones.listForPublisher(actorOf(context), context.origin)).map(AdZoneView.from),
  },
  {
    method: "POST",
    url: "/publisher/ad-zones",
    access: accessOf(ZonesResolver, "createAdZone"),
    status: 201,
    handle: async (context, body) =>
      AdZoneView.from(await context.services.zones.create(actorOf(context), { ...body, siteId: body.site_id }, context.origin)),
  },
  {
    method: "GET",
    url: "/advertiser/stats",
    access: accessOf(DashboardsResolver, "advertiserStats"),
    handle: async (context) => AdvertiserStatsView.from(await context.services.dashboards.forAdvertiser(actorOf(context))),
  },
  {
    method: "GET",
    url: "/advertiser/campaigns",
    access: accessOf(CampaignsResolver, "myCampaigns"),
    handle: async (context) => (await context.services.campaigns.listForAdvertiser(actorOf(context))).map(CampaignView.from),
  },
  {
    method: "POST",
    url: "/advertiser/campaigns",
    access: accessOf(CampaignsResolver, "createCampaign"),
    status: 201,
    // The legacy form sends the CPM under the misspelled key `cmp`; both name the same field.
    handle: async (context, body) =>
      CampaignView.from(
        await context.services.campaigns.create(actorOf(context), {
          name: body.name,
          budget: body.budget,
          cpm: body.cpm ?? body.cmp,
          targetCountries: body.target_countries,
          startDate: body.start_date,
          endDate: body.end_date,
        }),
      ),
  },
  {
    method: "POST",
    url: "/advertiser/creatives",
    access: accessOf(CreativesResolver, "createCreative"),
    status: 201,
    handle: async (context, body) =>
      CreativeView.from(
        await context.services.creatives.create(actorOf(context), {
          campaignId: body.campaign_id,
          name: body.name,
          type: body.type,
          contentUrl: body.content_url,
          clickUrl: body.click_url,
          width: body.width,
          height: body.height,
        }),
      ),
  },
  {
    method: "GET",
    url: "/admin/sites",
    access: accessOf(SitesResolver, "sites"),
    handle: async ({ services }) => (await services.sites.listAll()).map(SiteView.from),
  },
  {
    method: "GET",
    url: "/admin/campaigns",
    access: accessOf(CampaignsResolver, "campaigns"),
    handle: async ({ services }) => (await services.campaigns.listAll()).map(CampaignView.from),
  },
  {
    method: "PUT",
    url: "/admin/sites/:id/approve",
    access: accessOf(SitesResolver, "approveSite"),
    handle: async ({ services }, _body, params) => SiteView.from(await services.sites.approve(params.id)),
  },
  {
    method: "PUT",
    url: "/admin/campaigns/:id/approve",
    access: accessOf(CampaignsResolver, "approveCampaign"),
    handle: async ({ services }, _body, params) => CampaignView.from(await services.campaigns.approve(params.id)),
  },
];
