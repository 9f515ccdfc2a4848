import type { ServedAd } from "../delivery/answer/served-ad";
import { MalformedBidRequest } from "./malformed-bid-request";

/** One asset a Native 1.2 request asks for: a title, an image (1 icon, 3 main) or a data field. */
export interface NativeAsset {
  id: number;
  required: boolean;
  kind: "title" | "icon" | "image" | "data";
  /** A data asset's type: 1 sponsored by, 2 description, 3 rating, 6 price, 12 call to action; others are left out. */
  dataType?: number;
}

/** Native 1.2 data asset types the creative has a value for. */
const DATA_SPONSORED = 1;
const DATA_DESCRIPTION = 2;
const DATA_RATING = 3;
const DATA_PRICE = 6;
const DATA_CTA = 12;
const IMAGE_ICON = 1;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The assets of `imp.native.request`: a JSON string (what OpenRTB 2.6 says) or, leniently, the object itself. */
export function nativeAssetsOf(native: Record<string, unknown>, path: string): NativeAsset[] {
  let request: unknown = native.request;
  if (typeof request === "string") {
    try {
      request = JSON.parse(request);
    } catch {
      throw new MalformedBidRequest(`${path}native.request is not JSON`);
    }
  }
  // Some callers wrap the request in {"native": …}, as Native 1.0 did.
  if (isObject(request) && isObject(request.native)) request = request.native;
  if (!isObject(request) || !Array.isArray(request.assets)) throw new MalformedBidRequest(`${path}native.request must hold an assets array`);
  return request.assets.map((asset, index) => {
    const at = `${path}native.request.assets[${index}]`;
    if (!isObject(asset) || !Number.isInteger(asset.id)) throw new MalformedBidRequest(`${at}.id must be an integer`);
    const required = asset.required === 1;
    if (isObject(asset.title)) return { id: asset.id as number, required, kind: "title" };
    if (isObject(asset.img)) return { id: asset.id as number, required, kind: asset.img.type === IMAGE_ICON ? "icon" : "image" };
    if (isObject(asset.data)) return { id: asset.id as number, required, kind: "data", dataType: Number(asset.data.type) };
    // A video asset, or one of a later version: this bidder has nothing for it.
    return { id: asset.id as number, required, kind: "data", dataType: -1 };
  });
}

/**
 * A native creative as a Native 1.2 response (the bid's `adm`): each asked-for asset the creative
 * has, the tracked click link; null when a required asset has nothing to fill it.
 */
export function nativeMarkup(ad: ServedAd, assets: NativeAsset[]): string | null {
  const native = ad.native;
  if (!native) return null;
  const answered: Record<string, unknown>[] = [];
  for (const asset of assets) {
    const value = assetValue(ad, asset);
    if (value) answered.push({ id: asset.id, ...value });
    else if (asset.required) return null;
  }
  return JSON.stringify({ ver: "1.2", assets: answered, link: { url: ad.clickUrl } });
}

function assetValue(ad: ServedAd, asset: NativeAsset): Record<string, unknown> | null {
  const native = ad.native!;
  if (asset.kind === "title") return { title: { text: native.headline } };
  if (asset.kind === "image") return { img: { url: native.image, w: native.imageWidth, h: native.imageHeight } };
  if (asset.kind === "icon") return native.logo ? { img: { url: native.logo } } : null;
  if (asset.dataType === DATA_SPONSORED) return { data: { value: native.sponsor } };
  if (asset.dataType === DATA_DESCRIPTION) return { data: { value: native.body } };
  if (asset.dataType === DATA_CTA) return { data: { value: native.cta } };
  // A promoted listing's: the rating "from 0-5" and the price "with currency symbol in localised format", as Native 1.2 §7.4 asks.
  if (asset.dataType === DATA_RATING) return native.rating === null ? null : { data: { value: String(native.rating) } };
  if (asset.dataType === DATA_PRICE) return native.price ? { data: { value: native.price } } : null;
  return null;
}
