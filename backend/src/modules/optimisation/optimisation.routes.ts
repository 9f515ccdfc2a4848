import { idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { OptimisationResolver } from "./optimisation.resolver";
import { optimisationOperations } from "./optimisation.operations";

/** A goal campaign's Optimisation card and its Undo, for its advertiser. */
export const optimisationRoutes: Route[] = [
  idRoute("GET", "/advertiser/campaigns/:id/optimisation", mirroring(OptimisationResolver, "campaignOptimisation"), optimisationOperations.campaignOptimisation),
  idBodyRoute("POST", "/advertiser/campaigns/:id/optimisation/undo", mirroring(OptimisationResolver, "undoPlacementExclusion"), (context, id, body) =>
    optimisationOperations.undoPlacementExclusion(context, id, body.zone_id),
  ),
];
