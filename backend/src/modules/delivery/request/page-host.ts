/** Longest page address the ad server reads: an origin and a path fit; junk is cut before anything keeps it. */
export const MAX_PAGE_LENGTH = 2048;

/** The longest authority (user, host, port) worth reading; a DNS name is at most 253 characters. */
const MAX_AUTHORITY_LENGTH = 300;
const HOST_NAME = /^[a-z0-9.-]+$/;

/**
 * The host of an http(s) page address or Origin, lower-cased, or null when there is none. Read by
 * hand rather than with `new URL`: it runs on every ad request and beacon, allocates only the host,
 * and remembers nothing. Browsers send hosts in ASCII (punycode), as sites' domains are stored.
 */
export function hostOf(address: string | undefined): string | null {
  if (!address) return null;
  const start = address.startsWith("https://") ? 8 : address.startsWith("http://") ? 7 : -1;
  if (start < 0) return null;
  let end = start;
  for (; end < address.length; end++) {
    const char = address.charCodeAt(end);
    if (char === 0x2f || char === 0x3f || char === 0x23 || char === 0x5c) break; // / ? # \
    if (end - start > MAX_AUTHORITY_LENGTH) return null;
  }
  let authority = address.slice(start, end);
  const userEnd = authority.lastIndexOf("@");
  if (userEnd >= 0) authority = authority.slice(userEnd + 1);
  const port = authority.lastIndexOf(":");
  let host = (port >= 0 ? authority.slice(0, port) : authority).toLowerCase();
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (HOST_NAME.test(host)) return host;
  // A Unicode host (typed by hand: browsers send punycode) is converted as the URL standard says.
  return /[^\x00-\x7f]/.test(host) ? asciiHost(host) : null;
}

function asciiHost(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

const withoutWww = (host: string) => (host.startsWith("www.") ? host.slice(4) : host);

/** A page belongs to a site when it is on the site's domain or one of its subdomains. */
export function hostOnDomain(host: string, domain: string): boolean {
  const site = withoutWww(domain.toLowerCase());
  const page = withoutWww(host);
  return page === site || (page.endsWith(site) && page.charCodeAt(page.length - site.length - 1) === 0x2e);
}

/**
 * Where a request says it comes from, checked against the site: every address it names (the tag's
 * page, the Origin, the Referer) must be on the site, or on one other host it may come from (an
 * HTML creative's own, for its clicks). Answers the first host named, null when it names none,
 * and false when any is elsewhere. `Origin: null` (a privacy setting) names nothing.
 */
export function namedHost(addresses: (string | undefined)[], domain: string, alsoAllowed: string | null = null): string | null | false {
  let first: string | null = null;
  for (const address of addresses) {
    if (!address || address === "null") continue;
    const host = hostOf(address);
    if (!host || !(hostOnDomain(host, domain) || host === alsoAllowed)) return false;
    first ??= host;
  }
  return first;
}
