import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { CREATIVE_TYPES, type CreativeType } from "./creative.entity";
import { MAX_ZONE_PIXELS } from "../zones/zone-sizes";
import type { MediaFile, MediaKind } from "../media/media-file.entity";
import { mediaPathOf } from "../media/media.service";

/** What an uploaded file can be shown as: its own kind, and an image also as a native ad's picture. */
const TYPES_OF_KIND: Record<MediaKind, readonly CreativeType[]> = { image: ["image", "native"], video: ["video"] };

const typeList = (types: readonly string[]) => types.join(" or ");

/**
 * A creative's content from an uploaded file: its type the file's kind unless an image is given as
 * a native ad's picture, and its size the file's real size. Width and height may be left out;
 * given, they must match what decoding found. A hosted video's length is the file's, copied here
 * as a URL video's declared length is kept: the file's bytes, and so its length, never change.
 */
export function hostedContent(file: MediaFile, input: { type?: unknown; width?: unknown; height?: unknown }) {
  const type = check.oneOf("type", input.type, CREATIVE_TYPES, file.kind);
  const allowed = TYPES_OF_KIND[file.kind];
  if (!allowed.includes(type)) throw new ValidationError("type", `Type must be ${typeList(allowed)}: the uploaded file is ${file.kind === "image" ? "an image" : "a video"}`);
  const width = check.integer("width", input.width, 1, MAX_ZONE_PIXELS, file.width);
  const height = check.integer("height", input.height, 1, MAX_ZONE_PIXELS, file.height);
  if (width !== file.width || height !== file.height) {
    throw new ValidationError(width !== file.width ? "width" : "height", `Width and height must be the uploaded file's real size, ${file.width}×${file.height}, not ${width}×${height}`);
  }
  return { type, contentUrl: mediaPathOf(file.file), mediaId: file.id, width, height, durationMs: type === "video" ? file.durationMs : null };
}
