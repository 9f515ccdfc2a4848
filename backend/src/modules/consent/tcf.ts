import { TCString } from "@iabtcf/core";
import { DecodedCache } from "./decoded-cache";

/** What a TCF v2.2 string grants AdNet. */
export interface TcfGrant {
  /** Purpose 1, store and/or access information on a device, and the network's vendor consent. */
  mayStore: boolean;
  /**
   * Purposes 3 (create a personalised-ads profile) and 4 (use one to select ads). TCF v2.2 lets
   * neither rest on legitimate interest, so only consent counts.
   */
  mayPersonalise: boolean;
}

const NONE: TcfGrant = { mayStore: false, mayPersonalise: false };
/** Longer than any real TC string (a few hundred bytes, a few KB with publisher segments). */
const MAX_TC_STRING = 8192;
const decoded = new DecodedCache<TcfGrant>(1024);

/** A malformed string grants nothing, and never throws: a request with one still gets an ad. */
export function tcfGrant(tcString: string | undefined, vendorId: number | null): TcfGrant {
  if (!tcString || tcString.length > MAX_TC_STRING) return NONE;
  const key = vendorId === null ? tcString : `${vendorId}:${tcString}`;
  return decoded.get(key, () => decodeGrant(tcString, vendorId));
}

function decodeGrant(tcString: string, vendorId: number | null): TcfGrant {
  try {
    const model = TCString.decode(tcString);
    const vendorAgrees = vendorId === null || model.vendorConsents.has(vendorId);
    return {
      mayStore: model.purposeConsents.has(1) && vendorAgrees,
      mayPersonalise: model.purposeConsents.has(3) && model.purposeConsents.has(4) && vendorAgrees,
    };
  } catch {
    return NONE;
  }
}
