import { actorOf, type AppContext } from "../../auth/context";
import type { CreateZoneFields, ZoneFields } from "./zones.service";
import { AdZoneView } from "./zones.types";
import { ApprovedSiteView } from "./approved-sites.types";

/** Each zone operation as both doors answer it: a zone's tag is written for the origin the caller reached. */
export const zoneOperations = {
  myAdZones: async (context: AppContext): Promise<AdZoneView[]> =>
    (await context.services.zones.listForPublisher(actorOf(context), context.origin)).map(AdZoneView.from),
  createAdZone: async (context: AppContext, input: CreateZoneFields): Promise<AdZoneView> =>
    AdZoneView.from(await context.services.zones.create(actorOf(context), input, context.origin)),
  updateAdZone: async (context: AppContext, id: unknown, input: ZoneFields): Promise<AdZoneView> =>
    AdZoneView.from(await context.services.zones.update(actorOf(context), id, input, context.origin)),
  approvedSites: async ({ services }: AppContext): Promise<ApprovedSiteView[]> => (await services.zones.approvedSites()).map(ApprovedSiteView.from),
  archiveAdZone: async (context: AppContext, id: unknown): Promise<AdZoneView> =>
    AdZoneView.from(await context.services.zones.archive(actorOf(context), id, context.origin)),
};
