import { type Body, bodyRoute, callerRoute, idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { SitesResolver } from "./sites.resolver";
import { siteOperations } from "./sites.operations";

/** A site's body in snake_case, as the site operations take it. */
const siteBodyOf = ({ blocked_categories, blocked_domains, ...body }: Body) => ({ ...body, blockedCategories: blocked_categories, blockedDomains: blocked_domains });

export const siteRoutes = {
  /** A publisher's own sites: the list, a new one, an edit, the archive. */
  publisher: [
    callerRoute("GET", "/publisher/sites", mirroring(SitesResolver, "mySites"), siteOperations.mySites),
    bodyRoute("POST", "/publisher/sites", mirroring(SitesResolver, "createSite"), (context, body) => siteOperations.createSite(context, siteBodyOf(body)), { status: 201 }),
    idBodyRoute("PUT", "/publisher/sites/:id", mirroring(SitesResolver, "updateSite"), (context, id, body) => siteOperations.updateSite(context, id, siteBodyOf(body))),
    idRoute("PUT", "/publisher/sites/:id/archive", mirroring(SitesResolver, "archiveSite"), siteOperations.archiveSite),
  ] satisfies Route[],
  /** An admin's review of a site. */
  approve: idRoute("PUT", "/admin/sites/:id/approve", mirroring(SitesResolver, "approveSite"), siteOperations.approveSite),
};
