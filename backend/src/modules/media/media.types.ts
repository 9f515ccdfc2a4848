import { Field, Int, ObjectType } from "type-graphql";
import type { MediaFile } from "./media-file.entity";
import { mediaPathOf } from "./media.service";

@ObjectType("MediaRendition", { description: "A smaller encoding of a hosted video, made after the upload." })
export class MediaRenditionView {
  @Field({ description: "Path on the network's origin." }) url: string;
  @Field() mimeType: string;
  @Field(() => Int) width: number;
  @Field(() => Int) height: number;
  @Field(() => Int) bitrateKbps: number;
}

@ObjectType("MediaFile", { description: "An uploaded image or video, as decoding it found it." })
export class MediaView {
  @Field(() => Int) id: number;
  @Field({ description: "image or video." }) kind: string;
  @Field({ description: "From the file's content, never its name." }) mimeType: string;
  @Field({ description: "Path on the network's origin: /media/<sha256>.<ext>, cached for a year." }) url: string;
  @Field(() => Int) bytes: number;
  @Field(() => Int, { description: "Real width in pixels." }) width: number;
  @Field(() => Int, { description: "Real height in pixels." }) height: number;
  @Field(() => Int, { nullable: true, description: "Video only." }) durationMs: number | null;
  @Field(() => Int, { nullable: true, description: "Video only: average bitrate." }) bitrateKbps: number | null;
  @Field(() => [MediaRenditionView]) renditions: MediaRenditionView[];
  @Field({ description: "none, pending (a rendition is being made), done or failed." }) renditionStatus: string;
  @Field() createdAt: Date;

  static from(file: MediaFile): MediaView {
    return Object.assign(new MediaView(), {
      id: file.id,
      kind: file.kind,
      mimeType: file.mimeType,
      url: mediaPathOf(file.file),
      bytes: file.bytes,
      width: file.width,
      height: file.height,
      durationMs: file.durationMs,
      bitrateKbps: file.bitrateKbps,
      renditions: (file.renditions ?? []).map((rendition) => ({ ...rendition, url: mediaPathOf(rendition.file) })),
      renditionStatus: file.renditionStatus,
      createdAt: file.createdAt,
    });
  }
}

@ObjectType("MediaUploadUrl", { description: "Where to PUT one file's bytes; the answer is the MediaFile as JSON (201), or {detail} with the reason it was refused." })
export class MediaUploadUrlView {
  @Field() url: string;
  @Field() expiresAt: Date;
}
