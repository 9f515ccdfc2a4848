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
  /** A promoted listing's price in its currency, its currency code and its rating, as typed; all empty for an ad that is no listing. */
  price: string;
  currency: string;
  rating: string;
}

export const blankNativeContent: NativeContentValues = { headline: "", body: "", sponsor: "", callToAction: "", logoUrl: "", logoMediaId: "", price: "", currency: "", rating: "" };

/** A stored uploaded logo comes back as its /media/ address, which the server takes again as that file. */
export const nativeContentOf = (native: NativePreviewFragment | null | undefined): NativeContentValues => ({
  headline: native?.headline ?? "",
  body: native?.body ?? "",
  sponsor: native?.sponsor ?? "",
  callToAction: native?.callToAction ?? "",
  logoUrl: native?.logoUrl ?? "",
  logoMediaId: "",
  price: native?.price == null ? "" : String(native.price),
  currency: native?.currency ?? "",
  rating: native?.rating == null ? "" : String(native.rating),
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
  price: priceError(values.price),
  rating: ratingError(values.rating, limits.rating),
});

function priceError(value: string): string | undefined {
  if (!value.trim()) return undefined;
  const price = Number(value);
  if (!Number.isFinite(price) || price <= 0) return "Price must be more than 0";
  return Math.abs(price * 100 - Math.round(price * 100)) > 1e-6 ? "Price must be in whole cents, such as 12.50" : undefined;
}

function ratingError(value: string, max: number): string | undefined {
  if (!value.trim()) return undefined;
  const rating = Number(value);
  const inTenths = Math.abs(rating * 10 - Math.round(rating * 10)) < 1e-6;
  return Number.isFinite(rating) && rating >= 0 && rating <= max && inTenths ? undefined : `Rating must be a number from 0 to ${max}, in tenths such as 4.5`;
}

export const toNativeInput = (values: NativeContentValues): NativeFieldsInput => ({
  headline: values.headline.trim(),
  body: values.body.trim(),
  sponsor: values.sponsor.trim() || null,
  callToAction: values.callToAction.trim(),
  ...(values.logoMediaId ? { logoMediaId: Number(values.logoMediaId) } : { logoUrl: values.logoUrl.trim() || null }),
  price: values.price.trim() ? Number(values.price) : null,
  currency: values.price.trim() ? values.currency.trim() || null : null,
  rating: values.rating.trim() ? Number(values.rating) : null,
});
