import { accessOf } from "../../auth/require-auth";
import { callerRoute, mirroring, type Route } from "../../common/rest-route";
import { MediaResolver } from "./media.resolver";
import { mediaOperations } from "./media.operations";

/** An advertiser's uploaded images and videos: the list, and one more. */
export const mediaRoutes: Route[] = [
  callerRoute("GET", "/advertiser/media", mirroring(MediaResolver, "myMedia"), mediaOperations.myMedia),
  {
    // GraphQL has no twin: it uploads through createMediaUploadUrl's signed URL, whose roles this path shares.
    method: "POST",
    url: "/advertiser/media",
    doc: { multipart: true, answerType: "MediaFile", description: "Uploads one image or video (multipart/form-data, the file in the part named `file`) and answers the file as `myMedia` lists it." },
    access: accessOf(MediaResolver, "createMediaUploadUrl"),
    operation: "uploadMedia",
    status: 201,
    handle: (context, body) => mediaOperations.uploadMedia(context, body.file),
  },
];
