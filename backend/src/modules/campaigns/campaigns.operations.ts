import { actorOf, type AppContext } from "../../auth/context";
import { type ListInputFields, mapPage, type Page } from "../../common/list-page";
import type { CreateCampaignFields } from "./campaigns.service";
import { CampaignView } from "./campaigns.types";

/** Each campaign operation as both doors answer it: GraphQL resolvers and REST routes call these and nothing else. */
export const campaignOperations = {
  myCampaigns: async (context: AppContext): Promise<CampaignView[]> =>
    (await context.services.campaigns.listForAdvertiser(actorOf(context))).map(CampaignView.from),
  allCampaigns: async ({ services }: AppContext): Promise<CampaignView[]> => (await services.campaigns.listAll()).map(CampaignView.from),
  campaigns: async ({ services }: AppContext, input?: ListInputFields): Promise<Page<CampaignView>> => mapPage(await services.campaigns.page(input), CampaignView.from),
  createCampaign: async (context: AppContext, input: CreateCampaignFields): Promise<CampaignView> =>
    CampaignView.from(await context.services.campaigns.create(actorOf(context), input)),
  approveCampaign: async ({ services }: AppContext, id: unknown): Promise<CampaignView> => CampaignView.from(await services.campaigns.approve(id)),
  rejectCampaign: async ({ services }: AppContext, id: unknown, reason: unknown): Promise<CampaignView> =>
    CampaignView.from(await services.campaigns.reject(id, reason)),
  pauseCampaign: async (context: AppContext, id: unknown): Promise<CampaignView> => CampaignView.from(await context.services.campaigns.pause(actorOf(context), id)),
  resumeCampaign: async (context: AppContext, id: unknown): Promise<CampaignView> => CampaignView.from(await context.services.campaigns.resume(actorOf(context), id)),
};
