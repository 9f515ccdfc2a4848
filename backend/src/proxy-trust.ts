import { BlockList, isIPv4 } from "node:net";
import type { TrustProxy } from "./config";

const REMEMBERED_PEERS = 1_000;

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function because Fastify refuses bare
 * hop counts (they cannot tell the proxy from a client that connects directly): the operator who
 * sets one says nobody reaches the app but through their proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | TrustFunction {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/** Whether the connection itself comes from a proxy the operator trusts. */
export function trustedPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === "number") return () => true;
  const proxies = new BlockList();
  for (const entry of trust) {
    const [address, bits] = entry.split("/");
    const family = isIPv4(address) ? "ipv4" : "ipv6";
    if (bits === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(bits), family);
  }
  // Connections come from a few proxies, and BlockList parses the address anew on every check:
  // each address's verdict is kept, up to a bound.
  const verdicts = new Map<string, boolean>();
  return (address) => {
    if (address === undefined) return false;
    let trusted = verdicts.get(address);
    if (trusted === undefined) {
      // An IPv4 proxy also matches its IPv4-mapped IPv6 form (::ffff:10.0.0.1).
      trusted = proxies.check(address, address.includes(":") ? "ipv6" : "ipv4");
      if (verdicts.size >= REMEMBERED_PEERS) verdicts.clear();
      verdicts.set(address, trusted);
    }
    return trusted;
  };
}
