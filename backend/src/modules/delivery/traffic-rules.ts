/** User agents of crawlers, scripts and automation that no advertiser pays to reach. */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|headlesschrome|phantomjs|puppeteer|playwright|selenium|lighthouse|pagespeed|curl\/|wget\/|python-|java\/|go-http-client|okhttp|axios\/|node-fetch|undici|libwww|httpclient|scrapy|facebookexternalhit|preview/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.length < 10 || BOT_USER_AGENT.test(userAgent);
}

/** Many visitors read the same pages: each page's host is parsed once, up to this many pages. */
const PARSED_PAGES_LIMIT = 50_000;
const hostsOfPages = new Map<string, string | null>();

function parseHost(pageUrl: string): string | null {
  try {
    return new URL(pageUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function hostOf(pageUrl: string): string | null {
  let host = hostsOfPages.get(pageUrl);
  if (host === undefined) {
    if (hostsOfPages.size >= PARSED_PAGES_LIMIT) hostsOfPages.clear();
    host = parseHost(pageUrl);
    hostsOfPages.set(pageUrl, host);
  }
  return host;
}

const withoutWww = (host: string) => host.replace(/^www\./, "");

/** A page belongs to a site when it is on the site's domain or one of its subdomains. */
export function pageOnDomain(pageUrl: string | undefined, domain: string): boolean {
  const host = pageUrl ? hostOf(pageUrl) : null;
  if (!host) return false;
  const site = withoutWww(domain.toLowerCase());
  const page = withoutWww(host);
  return page === site || page.endsWith(`.${site}`);
}
