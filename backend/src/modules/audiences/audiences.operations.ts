import { actorOf, type AppContext } from "../../auth/context";
import type { AudienceFields } from "./audiences.service";
import type { Audience } from "./audience.entity";
import { audiencePixelTags } from "./pixel-tags";
import { AudiencePixelView, AudienceView } from "./audiences.types";

const viewOf = async ({ services }: AppContext, audience: Audience) => AudienceView.from(await services.audiences.withSize(audience));

/** Each audience operation as both doors answer it: GraphQL resolvers and REST routes call these and nothing else. */
export const audienceOperations = {
  myAudiences: async (context: AppContext): Promise<AudienceView[]> => (await context.services.audiences.listForAdvertiser(actorOf(context))).map(AudienceView.from),
  createAudience: async (context: AppContext, input: AudienceFields): Promise<AudienceView> => viewOf(context, await context.services.audiences.create(actorOf(context), input)),
  updateAudience: async (context: AppContext, id: unknown, input: AudienceFields): Promise<AudienceView> => viewOf(context, await context.services.audiences.update(actorOf(context), id, input)),
  deleteAudience: async (context: AppContext, id: unknown): Promise<AudienceView> => viewOf(context, await context.services.audiences.remove(actorOf(context), id)),
  audiencePixel: async (context: AppContext): Promise<AudiencePixelView> => Object.assign(new AudiencePixelView(), audiencePixelTags(actorOf(context).id, context.origin)),
};
