import type { ConsentSignals } from "../consent/consent";
import { consentSignalsOf } from "./consent-signals";
import { field, flag, isObject, type Json, strings } from "./json-fields";
import { MalformedBidRequest } from "./malformed-bid-request";
import { type NativeAsset, nativeAssetsOf } from "./native-markup";

/**
 * A BidRequest as the bidder reads it (OpenRTB 2.6, section 3.2): only the fields it uses. Unknown
 * fields are ignored, as OpenRTB asks; a field it reads that has the wrong type is an error.
 */
export interface BidRequest {
  id: string;
  imps: Imp[];
  page: string | undefined;
  domain: string | undefined;
  /** The visitor as the request describes them: believed only from an exchange partner (see server-side.ts). */
  device: { ua?: string; language?: string; sua?: StructuredUserAgent; ip?: string };
  /** The exchange's id of the visitor (user.id) and the one AdNet gave it by cookie sync (user.buyeruid). */
  user: { id?: string; buyeruid?: string };
  tmaxMs: number | undefined;
  test: boolean;
  blockedCategories: string[];
  blockedDomains: string[];
  consent: ConsentSignals;
}

export interface Imp {
  id: string;
  tagid: string | undefined;
  bidfloor: number;
  bidfloorcur: string;
  banner: boolean;
  video: boolean;
  /** The assets a native impression asks for (Native 1.2); null for an impression without `native`. */
  native: NativeAsset[] | null;
  /** The private marketplace the impression is offered in (imp.pmp); null for the open auction alone. */
  pmp: PrivateMarketplace | null;
}

/** OpenRTB 2.6 section 3.2.11: the deals an impression may be bought through, and whether only they may buy it. */
export interface PrivateMarketplace {
  privateAuction: boolean;
  deals: { id: string; bidfloor: number | undefined }[];
}

/** OpenRTB 2.6 section 3.2.29: the browser's user-agent client hints, structured. */
export interface StructuredUserAgent {
  browsers?: { brand: string; version?: string[] }[];
  platform?: { brand: string; version?: string[] };
  mobile?: number;
}

function impOf(value: unknown, index: number): Imp {
  const path = `imp[${index}].`;
  if (!isObject(value)) throw new MalformedBidRequest(`imp[${index}] must be an object`);
  const id = field<string>(value, path, "id", "string");
  if (!id) throw new MalformedBidRequest(`${path}id is required`);
  const bidfloor = field<number>(value, path, "bidfloor", "number") ?? 0;
  if (bidfloor < 0) throw new MalformedBidRequest(`${path}bidfloor must not be negative`);
  return {
    id,
    tagid: field<string>(value, path, "tagid", "string"),
    bidfloor,
    bidfloorcur: field<string>(value, path, "bidfloorcur", "string") ?? "USD",
    banner: field(value, path, "banner", "object") !== undefined,
    video: field(value, path, "video", "object") !== undefined,
    native: nativeOf(value, path),
    pmp: pmpOf(value, path),
  };
}

function pmpOf(imp: Json, path: string): PrivateMarketplace | null {
  const pmp = field<Json>(imp, path, "pmp", "object");
  if (!pmp) return null;
  const deals = (field<unknown[]>(pmp, `${path}pmp.`, "deals", "array") ?? []).map((deal, index) => {
    const dealPath = `${path}pmp.deals[${index}]`;
    if (!isObject(deal)) throw new MalformedBidRequest(`${dealPath} must be an object`);
    const id = field<string>(deal, `${dealPath}.`, "id", "string");
    if (!id) throw new MalformedBidRequest(`${dealPath}.id is required`);
    const bidfloor = field<number>(deal, `${dealPath}.`, "bidfloor", "number");
    if (bidfloor !== undefined && bidfloor < 0) throw new MalformedBidRequest(`${dealPath}.bidfloor must not be negative`);
    return { id, bidfloor };
  });
  return { privateAuction: flag(pmp, `${path}pmp.`, "private_auction") === 1, deals };
}

function nativeOf(imp: Json, path: string): NativeAsset[] | null {
  const native = field<Json>(imp, path, "native", "object");
  return native ? nativeAssetsOf(native, path) : null;
}

function structuredUserAgent(device: Json): StructuredUserAgent | undefined {
  const sua = field<Json>(device, "device.", "sua", "object");
  if (!sua) return undefined;
  const brandVersion = (value: unknown, path: string) => {
    if (!isObject(value)) throw new MalformedBidRequest(`${path} must be an object`);
    return { brand: field<string>(value, `${path}.`, "brand", "string") ?? "", version: strings(value, `${path}.`, "version") };
  };
  const browsers = field<unknown[]>(sua, "device.sua.", "browsers", "array")?.map((each, index) => brandVersion(each, `device.sua.browsers[${index}]`));
  const platform = field<Json>(sua, "device.sua.", "platform", "object");
  return { browsers, platform: platform && brandVersion(platform, "device.sua.platform"), mobile: flag(sua, "device.sua.", "mobile") };
}

/** The request's fields the bidder reads, checked; throws MalformedBidRequest with the first wrong one. */
export function bidRequestOf(body: unknown): BidRequest {
  if (!isObject(body)) throw new MalformedBidRequest("The bid request must be a JSON object");
  const id = field<string>(body, "", "id", "string");
  if (!id) throw new MalformedBidRequest("id is required");
  const imps = field<unknown[]>(body, "", "imp", "array");
  if (!imps?.length) throw new MalformedBidRequest("imp must hold at least one impression");
  const site = field<Json>(body, "", "site", "object") ?? {};
  const device = field<Json>(body, "", "device", "object") ?? {};
  const user = field<Json>(body, "", "user", "object") ?? {};
  const tmax = field<number>(body, "", "tmax", "number");
  return {
    id,
    imps: imps.map(impOf),
    page: field<string>(site, "site.", "page", "string"),
    domain: field<string>(site, "site.", "domain", "string"),
    device: {
      ua: field<string>(device, "device.", "ua", "string"),
      language: field<string>(device, "device.", "language", "string"),
      sua: structuredUserAgent(device),
      ip: field<string>(device, "device.", "ip", "string") ?? field<string>(device, "device.", "ipv6", "string"),
    },
    user: { id: field<string>(user, "user.", "id", "string"), buyeruid: field<string>(user, "user.", "buyeruid", "string") },
    tmaxMs: tmax,
    test: flag(body, "", "test") === 1,
    blockedCategories: strings(body, "", "bcat"),
    blockedDomains: strings(body, "", "badv"),
    consent: consentSignalsOf(body),
  };
}

