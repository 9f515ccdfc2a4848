import { bodyRoute, callerRoute, idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { RarelySeenZonesResolver } from "./rarely-seen-zones.resolver";
import { rarelySeenZones } from "./rarely-seen-zones";
import { zoneBodyRules, zoneFieldsOfBody } from "./zone-rest-body";
import { ZonesResolver } from "./zones.resolver";
import { zoneOperations } from "./zones.operations";

/** A publisher's ad zones: those rarely seen, the list, a new one, an edit, the archive; and the approved sites' zones a campaign may target. */
export const zoneRoutes: Route[] = [
  {
    method: "GET",
    url: "/publisher/ad-zones/rarely-seen",
    doc: { query: ["max_viewability", "days"] },
    ...mirroring(RarelySeenZonesResolver, "rarelySeenZones"),
    handle: (context, _body, _params, query) => rarelySeenZones(context, { maxViewability: query.max_viewability, days: query.days }),
  },
  callerRoute("GET", "/publisher/ad-zones", mirroring(ZonesResolver, "myAdZones"), zoneOperations.myAdZones),
  bodyRoute(
    "POST",
    "/publisher/ad-zones",
    mirroring(ZonesResolver, "createAdZone"),
    (context, body) => zoneOperations.createAdZone(context, zoneFieldsOfBody("create", body)),
    { status: 201, doc: { bodyRules: zoneBodyRules("create") } },
  ),
  idBodyRoute("PUT", "/publisher/ad-zones/:id", mirroring(ZonesResolver, "updateAdZone"), (context, id, body) =>
    zoneOperations.updateAdZone(context, id, zoneFieldsOfBody("update", body)), { doc: { bodyRules: zoneBodyRules("update") } },
  ),
  idRoute("PUT", "/publisher/ad-zones/:id/archive", mirroring(ZonesResolver, "archiveAdZone"), zoneOperations.archiveAdZone),
  callerRoute("GET", "/advertiser/approved-sites", mirroring(ZonesResolver, "approvedSites"), zoneOperations.approvedSites),
];
