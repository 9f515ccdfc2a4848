import { withGraphqlNames } from "../../common/graphql-names";
import { mirroring, type Route } from "../../common/rest-route";
import { CreativesResolver } from "./creatives.resolver";
import { creativeOperations } from "./creatives.operations";

/** A new creative of a campaign: an image, video or native ad. */
export const creativeRoutes: Route[] = [
  {
    method: "POST",
    url: "/advertiser/creatives",
    ...mirroring(CreativesResolver, "createCreative"),
    // What the ad shows is a URL or an uploaded file, never both.
    doc: { bodyRules: { oneOf: [{ required: ["content_url"] }, { required: ["media_id"] }] } },
    status: 201,
    handle: (context, body) =>
      creativeOperations.createCreative(context, {
        campaignId: body.campaign_id,
        name: body.name,
        type: body.type,
        contentUrl: body.content_url,
        mediaId: body.media_id,
        clickUrl: body.click_url,
        width: body.width,
        height: body.height,
        durationSeconds: body.duration_seconds,
        native: withGraphqlNames(body.native),
      }),
  },
];
