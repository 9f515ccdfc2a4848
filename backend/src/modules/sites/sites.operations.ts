import { actorOf, type AppContext } from "../../auth/context";
import { type ListInputFields, mapPage, type Page } from "../../common/list-page";
import type { SiteFields, SiteWithStats } from "./sites.service";
import { SiteView } from "./sites.types";

/** A site as both doors show it, with the ads.txt line of its publisher. */
export const siteViewOf =
  ({ services }: AppContext) =>
  (site: SiteWithStats): SiteView =>
    SiteView.from(site, services.adsTxt.lineFor(site.site.publisherId));

/** Each site operation as both doors answer it: GraphQL resolvers and REST routes call these and nothing else. */
export const siteOperations = {
  mySites: async (context: AppContext): Promise<SiteView[]> => (await context.services.sites.listForPublisher(actorOf(context))).map(siteViewOf(context)),
  allSites: async (context: AppContext): Promise<SiteView[]> => (await context.services.sites.listAll()).map(siteViewOf(context)),
  sites: async (context: AppContext, input?: ListInputFields): Promise<Page<SiteView>> => mapPage(await context.services.sites.page(input), siteViewOf(context)),
  createSite: async (context: AppContext, input: SiteFields): Promise<SiteView> => siteViewOf(context)(await context.services.sites.create(actorOf(context), input)),
  updateSite: async (context: AppContext, id: unknown, input: SiteFields): Promise<SiteView> =>
    siteViewOf(context)(await context.services.sites.update(actorOf(context), id, input)),
  archiveSite: async (context: AppContext, id: unknown): Promise<SiteView> => siteViewOf(context)(await context.services.sites.archive(actorOf(context), id)),
  /** An approved site's ads.txt is checked at once (in the background), then daily. */
  approveSite: async (context: AppContext, id: unknown): Promise<SiteView> => {
    const approved = await context.services.sites.approve(id);
    context.services.adsTxt.afterApproval(approved.site);
    return siteViewOf(context)(approved);
  },
  rejectSite: async (context: AppContext, id: unknown, reason: unknown): Promise<SiteView> => siteViewOf(context)(await context.services.sites.reject(id, reason)),
};
