import { getDomain } from "tldts";

/** The registrable domain (public suffix plus one label), or the host itself for an IP or a bare name: where a site's ads.txt lives. */
export const rootDomainOf = (host: string): string => getDomain(host, { allowPrivateDomains: false }) ?? host;
