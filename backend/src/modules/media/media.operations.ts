import { actorOf, type AppContext } from "../../auth/context";
import { MediaUploadUrlView, MediaView } from "./media.types";

/** Each media operation as both doors answer it. */
export const mediaOperations = {
  myMedia: async (context: AppContext): Promise<MediaView[]> => (await context.services.media.listForAdvertiser(actorOf(context))).map(MediaView.from),
  uploadMedia: async (context: AppContext, file: unknown): Promise<MediaView> => MediaView.from(await context.services.media.upload(actorOf(context), file)),
  createMediaUploadUrl: (context: AppContext): MediaUploadUrlView => Object.assign(new MediaUploadUrlView(), context.services.media.uploadUrl(actorOf(context), context.origin)),
};
