import { actorOf, type AppContext } from "../../auth/context";
import { type ListInputFields, mapPage, type Page } from "../../common/list-page";
import type { SiteFields } from "./sites.service";
import { SiteView } from "./sites.types";

/** Each site operation as both doors answer it: GraphQL resolvers and REST routes call these and nothing else. */
export const siteOperations = {
  mySites: async (context: AppContext): Promise<SiteView[]> => (await context.services.sites.listForPublisher(actorOf(context))).map(SiteView.from),
  allSites: async ({ services }: AppContext): Promise<SiteView[]> => (await services.sites.listAll()).map(SiteView.from),
  sites: async ({ services }: AppContext, input?: ListInputFields): Promise<Page<SiteView>> => mapPage(await services.sites.page(input), SiteView.from),
  createSite: async (context: AppContext, input: SiteFields): Promise<SiteView> => SiteView.from(await context.services.sites.create(actorOf(context), input)),
  updateSite: async (context: AppContext, id: unknown, input: SiteFields): Promise<SiteView> =>
    SiteView.from(await context.services.sites.update(actorOf(context), id, input)),
  archiveSite: async (context: AppContext, id: unknown): Promise<SiteView> => SiteView.from(await context.services.sites.archive(actorOf(context), id)),
  approveSite: async ({ services }: AppContext, id: unknown): Promise<SiteView> => SiteView.from(await services.sites.approve(id)),
  rejectSite: async ({ services }: AppContext, id: unknown, reason: unknown): Promise<SiteView> => SiteView.from(await services.sites.reject(id, reason)),
};
