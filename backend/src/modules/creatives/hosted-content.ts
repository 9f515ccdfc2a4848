import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { CREATIVE_TYPES } from "./creative.entity";
import { MAX_ZONE_PIXELS } from "../zones/zone-sizes";
import type { MediaFile } from "../media/media-file.entity";
import { mediaPathOf } from "../media/media.service";

/**
 * A creative's content from an uploaded file: its type is the file's kind, and its size the file's
 * real size. Width and height may be left out; given, they must match what decoding found.
 */
export function hostedContent(file: MediaFile, input: { type?: unknown; width?: unknown; height?: unknown }) {
  const type = check.oneOf("type", input.type, CREATIVE_TYPES, file.kind);
  if (type !== file.kind) throw new ValidationError("type", `Type must be ${file.kind}: the uploaded file is ${file.kind === "image" ? "an image" : "a video"}`);
  const width = check.integer("width", input.width, 1, MAX_ZONE_PIXELS, file.width);
  const height = check.integer("height", input.height, 1, MAX_ZONE_PIXELS, file.height);
  if (width !== file.width || height !== file.height) {
    throw new ValidationError(width !== file.width ? "width" : "height", `Width and height must be the uploaded file's real size, ${file.width}×${file.height}, not ${width}×${height}`);
  }
  return { type, contentUrl: mediaPathOf(file.file), mediaId: file.id, width, height };
}
