import { idRoute, mirroring, type Route } from "../../common/rest-route";
import { CreativeRotationResolver } from "./creative-rotation.resolver";
import { creativeRotationOperations } from "./creative-rotation.operations";

/** How a campaign's creatives share its impressions, for its advertiser. */
export const creativeRotationRoutes: Route[] = [
  idRoute("GET", "/advertiser/campaigns/:id/creative-rotation", mirroring(CreativeRotationResolver, "campaignCreativeRotation"), creativeRotationOperations.campaignCreativeRotation),
];
