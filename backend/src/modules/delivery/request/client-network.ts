/**
 * The network an address belongs to, as a short text: an IPv4 address's /24 and an IPv6
 * address's /48 (or /64) keep their meaning when a visitor's address changes within their
 * provider's block, and a block's owner cannot dodge a per-address rule by hopping inside it.
 */
export function networkOf(address: string, ipv6Groups = 3): string {
  const mapped = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  if (!mapped.includes(":")) return mapped.slice(0, mapped.lastIndexOf("."));
  return ipv6Prefix(mapped, ipv6Groups);
}

/** The first `groups` 16-bit groups of an IPv6 address, written out in full. */
function ipv6Prefix(address: string, groups: number): string {
  const zone = address.indexOf("%");
  const bare = zone < 0 ? address : address.slice(0, zone);
  const gap = bare.indexOf("::");
  const head = gap < 0 ? bare.split(":") : bare.slice(0, gap).split(":").filter(Boolean);
  const tail = gap < 0 ? [] : bare.slice(gap + 2).split(":").filter(Boolean);
  const full = [...head, ...new Array<string>(Math.max(0, 8 - head.length - tail.length)).fill("0"), ...tail];
  return full
    .slice(0, groups)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":");
}

/** What a per-address rate counts by: the address itself, or an IPv6 visitor's /64. */
export const rateKeyOf = (address: string): string => (address.includes(":") && !address.startsWith("::ffff:") ? networkOf(address, 4) : address);
