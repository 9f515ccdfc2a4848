import type { IncomingHttpHeaders } from "node:http";
import type { TrustProxy } from "../../../config";
import { trustedPeer } from "../../../proxy-trust";

/** Reads what any request has: the connection's peer and the headers. */
export type CdnCountryReader = (request: { socket: { remoteAddress?: string }; headers: IncomingHttpHeaders }) => string | undefined;

/**
 * The visitor-country header counts only when the operator named it and it arrives from the
 * proxy they trust: anyone reaching the app directly could otherwise pick a country, and with it
 * the campaigns that pay the most for that country.
 */
export function cdnCountryReader(header: string | null, trustProxy: TrustProxy): CdnCountryReader {
  if (!header || trustProxy === false) return () => undefined;
  const fromProxy = trustedPeer(trustProxy);
  return (request) => {
    if (!fromProxy(request.socket.remoteAddress)) return undefined;
    const value = request.headers[header];
    return Array.isArray(value) ? value[0] : value;
  };
}
