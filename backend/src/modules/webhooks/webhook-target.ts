import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPublicAddress } from "../../outbound/public-address";

/**
 * Why this URL may not be fetched now, or null. In production only HTTPS to public addresses,
 * checked on what the name resolves to at delivery time (a name may point elsewhere later).
 */
export async function refusedTarget(url: string, publicOnly: boolean): Promise<string | null> {
  if (!publicOnly) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:") return "only https:// endpoints are called in production";
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  return addresses.some((address) => !isPublicAddress(address)) ? "the endpoint resolves to a private or loopback address" : null;
}
