import { pixelsError } from "../../components/form/pixels";
import { requiredMessage, type FieldErrors } from "../../components/form/validation";
import type { AdvertiserCreativeFragment, CreativeContentInput, FormBoundsFragment } from "../../gql/graphql";
import { blankNativeContent, nativeContentOf, toNativeInput, validateNativeContent, type NativeContentValues } from "./native-content";

/** What an advertiser types for a creative, the same on upload and on edit; numbers stay text until sent. */
export interface CreativeContentValues extends NativeContentValues {
  name: string;
  type: string;
  contentUrl: string;
  /** An uploaded file's id, instead of contentUrl; empty for a URL creative. */
  mediaId: string;
  clickUrl: string;
  width: string;
  height: string;
  /** A URL video's length in seconds, which VAST players are told; an uploaded video's comes from its file. */
  durationSeconds: string;
  /** A video's seconds before a player offers to skip it (the VAST skip offset); empty: not skippable. */
  skipAfterSeconds: string;
  /** The size an image or HTML banner opens to on the visitor's click; both empty: it does not expand. */
  expandedWidth: string;
  expandedHeight: string;
}

export const blankCreativeContent: CreativeContentValues = {
  name: "",
  type: "image",
  contentUrl: "",
  mediaId: "",
  clickUrl: "",
  width: "728",
  height: "90",
  durationSeconds: "",
  skipAfterSeconds: "",
  expandedWidth: "",
  expandedHeight: "",
  ...blankNativeContent,
};

export const creativeContentOf = (creative: AdvertiserCreativeFragment): CreativeContentValues => ({
  name: creative.name,
  type: creative.type,
  contentUrl: creative.mediaId ? "" : creative.contentUrl,
  mediaId: creative.mediaId ? String(creative.mediaId) : "",
  clickUrl: creative.clickUrl ?? "",
  width: String(creative.width),
  height: String(creative.height),
  durationSeconds: creative.durationSeconds === null || creative.durationSeconds === undefined ? "" : String(creative.durationSeconds),
  skipAfterSeconds: creative.skipAfterSeconds === null || creative.skipAfterSeconds === undefined ? "" : String(creative.skipAfterSeconds),
  expandedWidth: creative.expandedWidth ? String(creative.expandedWidth) : "",
  expandedHeight: creative.expandedHeight ? String(creative.expandedHeight) : "",
  ...nativeContentOf(creative.native),
});

const urlError = (label: string, value: string, required: boolean) => {
  if (!value.trim()) return required ? requiredMessage(label) : undefined;
  try {
    const { protocol } = new URL(value.trim());
    return protocol === "http:" || protocol === "https:" ? undefined : `${label} must start with http:// or https://`;
  } catch {
    return `${label} must be a full web address such as https://example.com/ad.png`;
  }
};

/** Where an uploaded file is served (`/media/<sha256>.<ext>`): the server takes it as that file wherever a picture's address goes. */
const HOSTED_PATH = /^\/media\/[0-9a-f]{64}\.[a-z0-9]{2,5}$/;

const pictureError = (label: string, value: string, required: boolean) => (HOSTED_PATH.test(value.trim()) ? undefined : urlError(label, value, required));

/** A video given by URL says how long it plays; an uploaded one's length is read from its file. */
export const urlVideo = (values: CreativeContentValues) => values.type === "video" && !values.mediaId;

function durationError(text: string, max: number): string | undefined {
  if (!text.trim()) return undefined;
  const seconds = Number(text);
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= max ? undefined : `Duration must be a whole number of seconds from 1 to ${max}`;
}

/** Only a video is skippable, within the server's longest (`max`) and before a length the advertiser typed; the server checks an uploaded file's. */
function skipAfterError(values: CreativeContentValues, max: number): string | undefined {
  if (values.type !== "video" || !values.skipAfterSeconds.trim()) return undefined;
  const seconds = Number(values.skipAfterSeconds);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > max) return `Skippable after must be a whole number of seconds from 0 to ${max}`;
  const length = urlVideo(values) && values.durationSeconds.trim() ? Number(values.durationSeconds) : null;
  return length !== null && seconds >= length ? `Skippable after must be shorter than the video's ${length} seconds` : undefined;
}

/** Whether the server lets this type of creative declare an expanded size. */
export const expandable = (values: CreativeContentValues, options: FormBoundsFragment) => options.expandableCreativeTypes.includes(values.type);

/** Both sides or neither, each from the banner's own to maxExpansionFactor times it, and larger on one side at least (the server's rule). */
function expandedErrors(values: CreativeContentValues, options: FormBoundsFragment): Pick<FieldErrors<CreativeContentValues>, "expandedWidth" | "expandedHeight"> {
  const sent = { width: values.expandedWidth.trim(), height: values.expandedHeight.trim() };
  if (!expandable(values, options) || (!sent.width && !sent.height)) return {};
  const sideError = (side: "width" | "height") => {
    const own = Number(values[side]);
    const label = `Expanded ${side}`;
    if (!sent[side]) return `${label} is required with an expanded ${side === "width" ? "height" : "width"}`;
    const pixels = Number(sent[side]);
    const most = own * options.maxExpansionFactor;
    return Number.isInteger(pixels) && pixels >= own && pixels <= most ? undefined : `${label} must be from the banner's own ${side} (${own}) to ${options.maxExpansionFactor} times it (${most})`;
  };
  const errors = { expandedWidth: sideError("width"), expandedHeight: sideError("height") };
  if (!errors.expandedWidth && !errors.expandedHeight && sent.width === values.width.trim() && sent.height === values.height.trim()) {
    errors.expandedWidth = `Expanded size must be larger than the banner's own ${values.width}×${values.height}`;
  }
  return errors;
}

export const validateCreativeContent = (values: CreativeContentValues, options: FormBoundsFragment): FieldErrors<CreativeContentValues> => ({
  name: values.name.trim() ? undefined : requiredMessage("Creative name"),
  contentUrl: values.mediaId ? undefined : pictureError("Content URL", values.contentUrl, true),
  // A native ad is a link in the page's own text: it needs its landing page.
  clickUrl: urlError("Click URL", values.clickUrl, values.type === "native"),
  width: pixelsError("Width", values.width, options),
  height: pixelsError("Height", values.height, options),
  durationSeconds: urlVideo(values) ? durationError(values.durationSeconds, options.maxVideoSeconds) : undefined,
  skipAfterSeconds: skipAfterError(values, options.maxSkipAfterSeconds),
  ...expandedErrors(values, options),
  ...(values.type === "native" ? { ...validateNativeContent(values, options), logoUrl: values.logoMediaId ? undefined : pictureError("Logo URL", values.logoUrl, false) } : {}),
});

export const toCreativeContentInput = (values: CreativeContentValues, options: FormBoundsFragment): CreativeContentInput => ({
  name: values.name.trim(),
  type: values.type,
  ...(values.mediaId ? { mediaId: Number(values.mediaId) } : { contentUrl: values.contentUrl.trim() }),
  clickUrl: values.clickUrl.trim() || null,
  width: Number(values.width),
  height: Number(values.height),
  ...(urlVideo(values) ? { durationSeconds: values.durationSeconds.trim() ? Number(values.durationSeconds) : null } : {}),
  // Only a video is skippable; an edit sends the content whole, so another type's left out is none.
  ...(values.type === "video" ? { skipAfterSeconds: values.skipAfterSeconds.trim() ? Number(values.skipAfterSeconds) : null } : {}),
  // An edit sends the content whole: a banner's sides left empty, or a type that cannot expand, make it not expand.
  ...(expandable(values, options) && (values.expandedWidth.trim() || values.expandedHeight.trim())
    ? { expandedWidth: Number(values.expandedWidth), expandedHeight: Number(values.expandedHeight) }
    : {}),
  native: values.type === "native" ? toNativeInput(values) : null,
});
