import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";

/**
 * A native ad's texts and logo, which the publisher's page lays out in its own style; the main
 * picture is the creative's content URL (or uploaded file), its pixels the creative's width and height.
 *
 * Lengths are the IAB's (OpenRTB Dynamic Native Ads 1.2, §7.1 and §7.4, and the Native Advertising
 * Playbook): the title's recommended maximums are 25 or 90 characters (90 taken, so a headline fits
 * a long title slot; the creative dialog shows 25 as the short cards' mark), the description 140,
 * the "sponsored by" brand name 25, the call to action 15.
 */
export const NATIVE_LIMITS = { headline: 90, headlineShort: 25, body: 140, sponsor: 25, callToAction: 15 } as const;

/** A promoted listing's rating is out of five stars (OpenRTB Native 1.2 data asset 3: "from 0-5"), in tenths. */
export const MAX_RATING = 5;

/** A listing's price is in this currency when none is given. */
export const DEFAULT_CURRENCY = "USD";

/** The currencies a listing may be priced in: ISO 4217 codes as the runtime's Intl knows them, so each can be written. */
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** The main image's shapes (OpenRTB Native 1.2 §7.4: 1.91:1 or 1:1, at least 200 pixels high). */
export const NATIVE_IMAGE_RATIOS = [1.91, 1] as const;
export const NATIVE_IMAGE_MIN_HEIGHT = 200;
/** 1200×627 and 382×200 are both "1.91:1"; 2% takes them and refuses 16:9 (1.78) or 4:3. */
const RATIO_TOLERANCE = 0.02;

export interface NativeFields {
  headline: string;
  body: string;
  /** The brand named in the "Sponsored" label; the advertiser's name when left out. */
  sponsor: string | null;
  callToAction: string;
  /** The brand's square icon (OpenRTB "icon", 1:1): an address, or an uploaded file's `/media/...` path. */
  logoUrl: string | null;
  /**
   * A promoted listing's facts (a marketplace's product or offer), each optional: its price in
   * micros of its currency (an ISO 4217 code, set with the price), and its rating out of MAX_RATING.
   * Creatives saved before listings existed have none of them.
   */
  priceMicros?: number | null;
  currency?: string | null;
  rating?: number | null;
}

/** The native fields as sent: the logo given by its address or as one of the advertiser's uploaded files, which the service turns into its address. */
export interface NativeFieldsSent extends NativeFields {
  logoMediaId: number | null;
}

const optionalText = (field: string, value: unknown, max: number): string | null => (check.isBlank(value) ? null : check.requiredText(field, value, max));

/** The native fields as given under `native` (each refusal names its own field), or a refusal naming what is missing. */
export function nativeFields(input: unknown): NativeFieldsSent {
  if (input === null || typeof input !== "object" || Array.isArray(input)) throw new ValidationError("native", "Native is required for a native creative: its headline, body and call to action");
  const fields = input as Record<string, unknown>;
  return {
    headline: check.requiredText("headline", fields.headline, NATIVE_LIMITS.headline),
    body: check.requiredText("body", fields.body, NATIVE_LIMITS.body),
    sponsor: optionalText("sponsor", fields.sponsor, NATIVE_LIMITS.sponsor),
    callToAction: check.requiredText("callToAction", fields.callToAction, NATIVE_LIMITS.callToAction),
    logoUrl: check.isBlank(fields.logoUrl) ? null : check.pictureAddress("logoUrl", fields.logoUrl),
    logoMediaId: check.isBlank(fields.logoMediaId) ? null : check.positiveId("logoMediaId", fields.logoMediaId),
    ...listingFields(fields),
  };
}

/** The price (sent in the currency's units, whole cents), its currency, and the rating; all null for an ad that is no listing. */
function listingFields(fields: Record<string, unknown>): Required<Pick<NativeFields, "priceMicros" | "currency" | "rating">> {
  const priceMicros = check.isBlank(fields.price) ? null : check.dollars("price", fields.price);
  if (priceMicros === null && !check.isBlank(fields.currency)) throw new ValidationError("currency", "Currency is the price's: give a price with it");
  return { priceMicros, currency: priceMicros === null ? null : currencyOf(fields.currency), rating: check.isBlank(fields.rating) ? null : ratingOf(fields.rating) };
}

function currencyOf(value: unknown): string {
  if (check.isBlank(value)) return DEFAULT_CURRENCY;
  const code = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (!CURRENCIES.has(code)) throw new ValidationError("currency", "Currency must be an ISO 4217 code such as USD, EUR or GBP");
  return code;
}

const inTenths = (rating: number) => Math.abs(Math.round(rating * 10) - rating * 10) < 1e-9;

function ratingOf(value: unknown): number {
  const rating = typeof value === "string" ? Number(value.trim()) : value;
  if (typeof rating !== "number" || !Number.isFinite(rating) || rating < 0 || rating > MAX_RATING || !inTenths(rating)) {
    throw new ValidationError("rating", `Rating must be a number from 0 to ${MAX_RATING}, in tenths such as 4.5`);
  }
  return Math.round(rating * 10) / 10;
}

/** A listing's price as its shoppers read it, with its currency's sign: $19.99, €5.00. */
export const priceText = (priceMicros: number, currency: string): string =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(priceMicros / 1_000_000);

/** A native picture must have one of the shapes native layouts are drawn for. */
export function checkNativeImage(width: number, height: number): void {
  const ratio = width / height;
  if (!NATIVE_IMAGE_RATIOS.some((shape) => Math.abs(ratio - shape) <= shape * RATIO_TOLERANCE)) {
    throw new ValidationError("width", `A native image must be 1.91:1 (such as 1200×627) or 1:1 (such as 1200×1200); ${width}×${height} is neither`);
  }
  if (height < NATIVE_IMAGE_MIN_HEIGHT) throw new ValidationError("height", `A native image must be at least ${NATIVE_IMAGE_MIN_HEIGHT} pixels high`);
}
