import { actorOf, type AppContext } from "../../auth/context";
import { type ListInputFields, mapPage, type Page } from "../../common/list-page";
import * as check from "../../common/validate";
import type { CampaignFields } from "./campaign-settings";
import { CampaignChangeView, CampaignView } from "./campaigns.types";

const asked = (archived: unknown) => check.flag("archived", archived, false);

/** Each campaign operation as both doors answer it: GraphQL resolvers and REST routes call these and nothing else. */
export const campaignOperations = {
  myCampaigns: async (context: AppContext, archived?: unknown): Promise<CampaignView[]> =>
    (await context.services.campaigns.listForAdvertiser(actorOf(context), asked(archived))).map(CampaignView.from),
  allCampaigns: async ({ services }: AppContext, archived?: unknown): Promise<CampaignView[]> => (await services.campaigns.listAll(asked(archived))).map(CampaignView.from),
  campaigns: async ({ services }: AppContext, input?: ListInputFields & { archived?: unknown }): Promise<Page<CampaignView>> =>
    mapPage(await services.campaigns.page({ ...input, archived: asked(input?.archived) }), CampaignView.from),
  createCampaign: async (context: AppContext, input: CampaignFields): Promise<CampaignView> =>
    CampaignView.from(await context.services.campaigns.create(actorOf(context), input)),
  updateCampaign: async (context: AppContext, id: unknown, input: CampaignFields): Promise<CampaignView> =>
    CampaignView.from(await context.services.campaigns.update(actorOf(context), id, input)),
  duplicateCampaign: async (context: AppContext, id: unknown): Promise<CampaignView> =>
    CampaignView.from(await context.services.campaigns.duplicate(actorOf(context), id)),
  archiveCampaign: async (context: AppContext, id: unknown): Promise<CampaignView> => CampaignView.from(await context.services.campaigns.archive(actorOf(context), id)),
  unarchiveCampaign: async (context: AppContext, id: unknown): Promise<CampaignView> =>
    CampaignView.from(await context.services.campaigns.unarchive(actorOf(context), id)),
  campaignHistory: async (context: AppContext, id: unknown): Promise<CampaignChangeView[]> =>
    (await context.services.campaigns.history(actorOf(context), id)).map(CampaignChangeView.from),
  approveCampaign: async ({ services }: AppContext, id: unknown, withPendingCreatives?: unknown): Promise<CampaignView> =>
    CampaignView.from(await services.campaigns.approve(id, withPendingCreatives)),
  rejectCampaign: async ({ services }: AppContext, id: unknown, reason: unknown): Promise<CampaignView> =>
    CampaignView.from(await services.campaigns.reject(id, reason)),
  pauseCampaign: async (context: AppContext, id: unknown): Promise<CampaignView> => CampaignView.from(await context.services.campaigns.pause(actorOf(context), id)),
  resumeCampaign: async (context: AppContext, id: unknown): Promise<CampaignView> => CampaignView.from(await context.services.campaigns.resume(actorOf(context), id)),
};
