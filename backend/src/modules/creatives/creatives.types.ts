import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { inputTypeOf } from "../../common/fields/graphql-inputs";
import { ListInput, PageOf } from "../../common/list-page.types";
import { CREATIVE_CONTENT_FIELDS, CREATIVE_FIELDS } from "./creative-fields";
import { type Creative, CREATIVE_TYPE_LABELS, CREATIVE_TYPES, CreativeStatus } from "./creative.entity";
import type { CreativeWithCampaign } from "./creatives.service";
import { NativeFieldsView } from "./native-fields.types";

registerEnumType(CreativeStatus, { name: "CreativeStatus" });

/** What may be done to a creative: an admin's review moves, one mutation each, and its advertiser's archive. */
export enum CreativeAction {
  APPROVE = "approve",
  REJECT = "reject",
  ARCHIVE = "archive",
}

registerEnumType(CreativeAction, { name: "CreativeAction", description: "What may be done to a creative now: an admin's review moves and its advertiser's archive, one mutation each." });

@ObjectType("Creative")
export class CreativeView {
  @Field(() => Int) id: number;
  @Field(() => Int) campaignId: number;
  @Field({ description: "The name of the campaign it belongs to." }) campaignName: string;
  @Field() name: string;
  @Field({ description: `One of ${CREATIVE_TYPES.join(", ")}.` }) type: string;
  @Field({ description: "The type in words, as the screens name it (HTML, Image, Native, Video)." }) typeLabel: string;
  @Field({ description: "The advertiser's URL, or for an uploaded file the path the network serves it at (/media/...)." }) contentUrl: string;
  @Field(() => Int, { nullable: true, description: "The uploaded file it shows; null for a URL creative." }) mediaId: number | null;
  @Field(() => String, { nullable: true, description: "Landing page a click leads to." }) clickUrl: string | null;
  @Field(() => Int) width: number;
  @Field(() => Int) height: number;
  @Field(() => Int, { nullable: true, description: "A video's length in seconds, as VAST players are told (an uploaded video's from its file); null for other creatives." }) durationSeconds: number | null;
  @Field(() => Int, { nullable: true, description: "Seconds a viewer watches the video before a player offers to skip it (VAST skipoffset); null: not skippable, and for other creatives." }) skipAfterSeconds: number | null;
  @Field(() => Int, { nullable: true, description: "The width an expandable banner opens to on the visitor's click; null: it does not expand." }) expandedWidth: number | null;
  @Field(() => Int, { nullable: true, description: "The height an expandable banner opens to on the visitor's click; null: it does not expand." }) expandedHeight: number | null;
  @Field(() => NativeFieldsView, { nullable: true, description: "A native creative's texts and logo." }) native: NativeFieldsView | null;
  @Field(() => CreativeStatus) status: CreativeStatus;
  @Field(() => String, { nullable: true }) rejectionReason: string | null;
  @Field() createdAt: Date;

  static from(creative: CreativeWithCampaign): CreativeView {
    return Object.assign(new CreativeView(), {
      id: creative.id,
      campaignId: creative.campaignId,
      campaignName: creative.campaign.name,
      name: creative.name,
      type: creative.type,
      typeLabel: CREATIVE_TYPE_LABELS[creative.type] ?? creative.type,
      contentUrl: creative.contentUrl,
      mediaId: creative.mediaId,
      clickUrl: creative.clickUrl,
      width: creative.width,
      height: creative.height,
      // An uploaded video plays its file's length, which need not be whole seconds.
      durationSeconds: creative.durationMs === null ? null : Math.round(creative.durationMs / 1000),
      skipAfterSeconds: creative.skipAfterSeconds,
      expandedWidth: creative.expandedWidth,
      expandedHeight: creative.expandedHeight,
      native: NativeFieldsView.from(creative.nativeFields),
      status: creative.status,
      rejectionReason: creative.rejectionReason,
      createdAt: creative.createdAt,
    });
  }
}

/** A creative's content, by CREATIVE_CONTENT_FIELDS; an edit sends it whole. */
export const CreativeContentInput = inputTypeOf(CREATIVE_CONTENT_FIELDS, "create", "CreativeContentInput");

export const CreateCreativeInput = inputTypeOf(CREATIVE_FIELDS, "create", "CreateCreativeInput");

@InputType()
export class CreativeListInput extends ListInput {
  @Field(() => CreativeStatus, { nullable: true, description: "Only rows of this status; every status when left out." }) status?: CreativeStatus | null;
}

export const CreativePage = PageOf(CreativeView, "CreativePage");

@ObjectType({ description: "A creative as a duplicate's dialog names it." })
export class CreativeBrief {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field(() => CreativeStatus) status: CreativeStatus;
}

@ObjectType({ description: "What duplicating a campaign takes of its creatives: approved and pending ones are copied for review; rejected ones are left out." })
export class DuplicatePreview {
  @Field(() => [CreativeBrief]) copied: CreativeBrief[];
  @Field(() => [CreativeBrief]) leftOut: CreativeBrief[];

  static from(preview: { copied: Creative[]; leftOut: Creative[] }): DuplicatePreview {
    const brief = ({ id, name, status }: Creative) => Object.assign(new CreativeBrief(), { id, name, status });
    return Object.assign(new DuplicatePreview(), { copied: preview.copied.map(brief), leftOut: preview.leftOut.map(brief) });
  }
}
