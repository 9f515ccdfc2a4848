import { withGraphqlNames } from "../../common/graphql-names";
import { type Body, idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import type { CampaignFields } from "./campaign-settings";
import { CampaignsResolver } from "./campaigns.resolver";
import { campaignOperations } from "./campaigns.operations";

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

export const campaignRoutes = {
  /** An advertiser's own campaigns: the list, a new one, an edit, a copy, the archive and the history. */
  advertiser: [
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
    idBodyRoute("PUT", "/advertiser/campaigns/:id", mirroring(CampaignsResolver, "updateCampaign"), (context, id, body) =>
      campaignOperations.updateCampaign(context, id, campaignFieldsOf(body)),
    ),
    idRoute("POST", "/advertiser/campaigns/:id/duplicate", mirroring(CampaignsResolver, "duplicateCampaign"), campaignOperations.duplicateCampaign, { status: 201 }),
    idRoute("PUT", "/advertiser/campaigns/:id/archive", mirroring(CampaignsResolver, "archiveCampaign"), campaignOperations.archiveCampaign),
    idRoute("PUT", "/advertiser/campaigns/:id/unarchive", mirroring(CampaignsResolver, "unarchiveCampaign"), campaignOperations.unarchiveCampaign),
    idRoute("GET", "/advertiser/campaigns/:id/history", mirroring(CampaignsResolver, "campaignHistory"), campaignOperations.campaignHistory),
  ] satisfies Route[],
  /** An admin's review of a campaign. */
  approve: idRoute("PUT", "/admin/campaigns/:id/approve", mirroring(CampaignsResolver, "approveCampaign"), campaignOperations.approveCampaign),
};
