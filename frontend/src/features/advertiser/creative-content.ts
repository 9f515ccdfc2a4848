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
}

export const blankCreativeContent: CreativeContentValues = {
  name: "",
  type: "image",
  contentUrl: "",
  mediaId: "",
  clickUrl: "",
  width: "728",
  height: "90",
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

export const validateCreativeContent = (values: CreativeContentValues, options: FormBoundsFragment): FieldErrors<CreativeContentValues> => ({
  name: values.name.trim() ? undefined : requiredMessage("Creative name"),
  contentUrl: values.mediaId ? undefined : urlError("Content URL", values.contentUrl, true),
  // A native ad is a link in the page's own text: it needs its landing page.
  clickUrl: urlError("Click URL", values.clickUrl, values.type === "native"),
  width: pixelsError("Width", values.width, options),
  height: pixelsError("Height", values.height, options),
  ...(values.type === "native" ? { ...validateNativeContent(values, options), logoUrl: urlError("Logo URL", values.logoUrl, false) } : {}),
});

export const toCreativeContentInput = (values: CreativeContentValues): CreativeContentInput => ({
  name: values.name.trim(),
  type: values.type,
  ...(values.mediaId ? { mediaId: Number(values.mediaId) } : { contentUrl: values.contentUrl.trim() }),
  clickUrl: values.clickUrl.trim() || null,
  width: Number(values.width),
  height: Number(values.height),
  native: values.type === "native" ? toNativeInput(values) : null,
});
