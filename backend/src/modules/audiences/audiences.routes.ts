import { fromRestBody, restBodyRules } from "../../common/fields/rest-body";
import { bodyRoute, callerRoute, idBodyRoute, idRoute, mirroring, type Route } from "../../common/rest-route";
import { AUDIENCE_FIELDS } from "./audience-fields";
import { AudiencesResolver } from "./audiences.resolver";
import { audienceOperations } from "./audiences.operations";

/** An advertiser's audiences: the list, their pixel, a new one, an edit, the deletion. */
export const audienceRoutes: Route[] = [
  callerRoute("GET", "/advertiser/audiences", mirroring(AudiencesResolver, "myAudiences"), audienceOperations.myAudiences),
  callerRoute("GET", "/advertiser/audiences/pixel", mirroring(AudiencesResolver, "audiencePixel"), audienceOperations.audiencePixel),
  bodyRoute("POST", "/advertiser/audiences", mirroring(AudiencesResolver, "createAudience"), (context, body) => audienceOperations.createAudience(context, fromRestBody(AUDIENCE_FIELDS, body)), {
    status: 201,
    doc: { bodyRules: restBodyRules(AUDIENCE_FIELDS, "create") },
  }),
  idBodyRoute("PUT", "/advertiser/audiences/:id", mirroring(AudiencesResolver, "updateAudience"), (context, id, body) => audienceOperations.updateAudience(context, id, fromRestBody(AUDIENCE_FIELDS, body)), {
    doc: { bodyRules: restBodyRules(AUDIENCE_FIELDS, "update") },
  }),
  idRoute("DELETE", "/advertiser/audiences/:id", mirroring(AudiencesResolver, "deleteAudience"), audienceOperations.deleteAudience),
];
