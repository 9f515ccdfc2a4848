import { actorOf, type AppContext } from "../../auth/context";
import { type ListInputFields, mapPage, type Page } from "../../common/list-page";
import type { CreativeFields } from "./creatives.service";
import { CreativeView, DuplicatePreview } from "./creatives.types";

/** Each creative operation as both doors answer it: GraphQL resolvers and REST routes call these and nothing else. */
export const creativeOperations = {
  myCreatives: async (context: AppContext): Promise<CreativeView[]> =>
    (await context.services.creatives.listForAdvertiser(actorOf(context))).map(CreativeView.from),
  creatives: async ({ services }: AppContext, input?: ListInputFields): Promise<Page<CreativeView>> => mapPage(await services.creatives.page(input), CreativeView.from),
  createCreative: async (context: AppContext, input: CreativeFields & { campaignId?: unknown }): Promise<CreativeView> =>
    CreativeView.from(await context.services.creatives.create(actorOf(context), input)),
  updateCreative: async (context: AppContext, id: unknown, input: CreativeFields): Promise<CreativeView> =>
    CreativeView.from(await context.services.creatives.update(actorOf(context), id, input)),
  duplicatePreview: async (context: AppContext, campaignId: unknown): Promise<DuplicatePreview> =>
    DuplicatePreview.from(await context.services.creatives.duplicatePreview(actorOf(context), campaignId)),
  archiveCreative: async (context: AppContext, id: unknown): Promise<CreativeView> => CreativeView.from(await context.services.creatives.archive(actorOf(context), id)),
  approveCreative: async ({ services }: AppContext, id: unknown): Promise<CreativeView> => CreativeView.from(await services.creatives.approve(id)),
  approveCreatives: async ({ services }: AppContext, ids: unknown): Promise<CreativeView[]> => (await services.creatives.approveMany(ids)).map(CreativeView.from),
  rejectCreative: async ({ services }: AppContext, id: unknown, reason: unknown): Promise<CreativeView> =>
    CreativeView.from(await services.creatives.reject(id, reason)),
};
