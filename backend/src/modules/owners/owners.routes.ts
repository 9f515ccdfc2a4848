import { mirroring, type Route } from "../../common/rest-route";
import { CampaignsResolver } from "../campaigns/campaigns.resolver";
import { campaignOperations } from "../campaigns/campaigns.operations";
import { SitesResolver } from "../sites/sites.resolver";
import { siteOperations } from "../sites/sites.operations";
import { ownedList, withOwners } from "./owned-list";
import { ownerOf } from "./owner-of";

/** The legacy admins' lists: every site or campaign, each with its owner. */
export const ownedListRoutes = {
  sites: {
    method: "GET",
    url: "/admin/sites",
    doc: { answer: ownedList("Site") },
    ...mirroring(SitesResolver, "sites"),
    handle: async (context) => withOwners(await siteOperations.allSites(context), context.owners, ownerOf.site),
  },
  campaigns: {
    method: "GET",
    url: "/admin/campaigns",
    doc: { query: ["archived"], answer: ownedList("Campaign") },
    ...mirroring(CampaignsResolver, "campaigns"),
    handle: async (context, _body, _params, query) => withOwners(await campaignOperations.allCampaigns(context, query.archived), context.owners, ownerOf.campaign),
  },
} satisfies Record<string, Route>;
