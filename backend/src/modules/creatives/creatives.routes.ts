import { idRoute, mirroring, type Route } from "../../common/rest-route";
import { creativeBodyRules, creativeFieldsOfBody } from "./creative-rest-body";
import { CreativesResolver } from "./creatives.resolver";
import { creativeOperations } from "./creatives.operations";

/** A new creative of a campaign (an image, video or native ad), and its archive. */
export const creativeRoutes: Route[] = [
  {
    method: "POST",
    url: "/advertiser/creatives",
    ...mirroring(CreativesResolver, "createCreative"),
    doc: { bodyRules: creativeBodyRules },
    status: 201,
    handle: (context, body) => creativeOperations.createCreative(context, creativeFieldsOfBody(body)),
  },
  idRoute("PUT", "/advertiser/creatives/:id/archive", mirroring(CreativesResolver, "archiveCreative"), creativeOperations.archiveCreative),
];
