import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/** Addresses a production fetcher must never reach: loopback, private, link-local, CGNAT, unspecified. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv6");

const isPrivate = (address: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? PRIVATE.check(mapped[1], "ipv4") : PRIVATE.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
};

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
  return addresses.some(isPrivate) ? "the endpoint resolves to a private or loopback address" : null;
}
