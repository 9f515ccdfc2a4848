import { requiredMessage, type FieldErrors } from "../../components/form/validation";
import type { FormBoundsFragment, NativeFieldsInput, NativePreviewFragment } from "../../gql/graphql";

/** A native creative's texts and logo as typed; its picture is the creative's content URL or uploaded file. */
export interface NativeContentValues {
  headline: string;
  body: string;
  sponsor: string;
  callToAction: string;
  logoUrl: string;
  /** An uploaded logo's id, instead of logoUrl; empty for a logo at an address. */
  logoMediaId: string;
}

export const blankNativeContent: NativeContentValues = { headline: "", body: "", sponsor: "", callToAction: "", logoUrl: "", logoMediaId: "" };

/** A stored uploaded logo comes back as its /media/ address, which the server takes again as that file. */
export const nativeContentOf = (native: NativePreviewFragment | null | undefined): NativeContentValues => ({
  headline: native?.headline ?? "",
  body: native?.body ?? "",
  sponsor: native?.sponsor ?? "",
  callToAction: native?.callToAction ?? "",
  logoUrl: native?.logoUrl ?? "",
  logoMediaId: "",
});

const textError = (label: string, value: string, max: number, required: boolean) => {
  if (!value.trim()) return required ? requiredMessage(label) : undefined;
  return value.trim().length > max ? `${label} can be at most ${max} characters long` : undefined;
};

/** The IAB lengths the server serves (formOptions.nativeLimits), checked before sending. */
export const validateNativeContent = (values: NativeContentValues, { nativeLimits: limits }: FormBoundsFragment): FieldErrors<NativeContentValues> => ({
  headline: textError("Headline", values.headline, limits.headline, true),
  body: textError("Body", values.body, limits.body, true),
  sponsor: textError("Sponsor", values.sponsor, limits.sponsor, false),
  callToAction: textError("Call to action", values.callToAction, limits.callToAction, true),
});

export const toNativeInput = (values: NativeContentValues): NativeFieldsInput => ({
  headline: values.headline.trim(),
  body: values.body.trim(),
  sponsor: values.sponsor.trim() || null,
  callToAction: values.callToAction.trim(),
  ...(values.logoMediaId ? { logoMediaId: Number(values.logoMediaId) } : { logoUrl: values.logoUrl.trim() || null }),
});
