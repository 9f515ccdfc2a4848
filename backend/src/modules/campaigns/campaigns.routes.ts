import { idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { campaignBodyRules, campaignFieldsOfBody } from "./campaign-rest-body";
import { CampaignsResolver } from "./campaigns.resolver";
import { campaignOperations } from "./campaigns.operations";

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
      doc: { bodyRules: campaignBodyRules("create") },
      status: 201,
      handle: (context, body) => campaignOperations.createCampaign(context, campaignFieldsOfBody(body)),
    },
    idBodyRoute("PUT", "/advertiser/campaigns/:id", mirroring(CampaignsResolver, "updateCampaign"), (context, id, body) =>
      campaignOperations.updateCampaign(context, id, campaignFieldsOfBody(body)), { doc: { bodyRules: campaignBodyRules("update") } },
    ),
    idRoute("POST", "/advertiser/campaigns/:id/duplicate", mirroring(CampaignsResolver, "duplicateCampaign"), campaignOperations.duplicateCampaign, { status: 201 }),
    idRoute("PUT", "/advertiser/campaigns/:id/archive", mirroring(CampaignsResolver, "archiveCampaign"), campaignOperations.archiveCampaign),
    idRoute("PUT", "/advertiser/campaigns/:id/unarchive", mirroring(CampaignsResolver, "unarchiveCampaign"), campaignOperations.unarchiveCampaign),
    idRoute("GET", "/advertiser/campaigns/:id/history", mirroring(CampaignsResolver, "campaignHistory"), campaignOperations.campaignHistory),
  ] satisfies Route[],
  /** An admin's review of a campaign. */
  approve: idBodyRoute("PUT", "/admin/campaigns/:id/approve", mirroring(CampaignsResolver, "approveCampaign"), (context, id, body) =>
    campaignOperations.approveCampaign(context, id, body.with_pending_creatives),
  ),
};
