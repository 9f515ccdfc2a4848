import { Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { mediaOperations } from "./media.operations";
import { MediaUploadUrlView, MediaView } from "./media.types";

@Resolver()
export class MediaResolver {
  @Query(() => [MediaView], { description: "The signed-in advertiser's uploaded images and videos, newest first." })
  @RequireAuth(Role.ADVERTISER)
  async myMedia(@Ctx() context: AppContext): Promise<MediaView[]> {
    return mediaOperations.myMedia(context);
  }

  @Mutation(() => MediaUploadUrlView, {
    description: "A URL valid for 15 minutes to PUT one image or video to (any Content-Type; the bytes decide). Its JSON answer's id is the mediaId a creative takes.",
  })
  @RequireAuth(Role.ADVERTISER)
  async createMediaUploadUrl(@Ctx() context: AppContext): Promise<MediaUploadUrlView> {
    return mediaOperations.createMediaUploadUrl(context);
  }
}
