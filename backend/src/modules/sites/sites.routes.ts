import { bodyRoute, callerRoute, idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { siteBodyRules, siteFieldsOfBody } from "./site-rest-body";
import { SitesResolver } from "./sites.resolver";
import { siteOperations } from "./sites.operations";

export const siteRoutes = {
  /** A publisher's own sites: the list, a new one, an edit, the archive. */
  publisher: [
    callerRoute("GET", "/publisher/sites", mirroring(SitesResolver, "mySites"), siteOperations.mySites),
    bodyRoute("POST", "/publisher/sites", mirroring(SitesResolver, "createSite"), (context, body) => siteOperations.createSite(context, siteFieldsOfBody(body)), { status: 201, doc: { bodyRules: siteBodyRules("create") } }),
    idBodyRoute("PUT", "/publisher/sites/:id", mirroring(SitesResolver, "updateSite"), (context, id, body) => siteOperations.updateSite(context, id, siteFieldsOfBody(body)), { doc: { bodyRules: siteBodyRules("update") } }),
    idRoute("PUT", "/publisher/sites/:id/archive", mirroring(SitesResolver, "archiveSite"), siteOperations.archiveSite),
  ] satisfies Route[],
  /** An admin's review of a site. */
  approve: idRoute("PUT", "/admin/sites/:id/approve", mirroring(SitesResolver, "approveSite"), siteOperations.approveSite),
};
