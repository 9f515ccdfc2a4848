import { AdsTxtStatus } from "./ads-txt-status";
import { rootDomainOf } from "./root-domain";

/**
 * What the publisher does next about a site's ads.txt, in words, with the line to add: null when
 * the line is listed or the site was not checked yet. The file is read at the root domain's
 * /ads.txt over HTTPS first (see ads-txt-crawler.ts), so that is where the publisher is sent.
 */
export function adsTxtAdvice(status: AdsTxtStatus | null, domain: string, line: string): string | null {
  const url = `https://${rootDomainOf(domain.toLowerCase())}/ads.txt`;
  switch (status) {
    case AdsTxtStatus.FETCH_FAILED:
      return `We could not fetch ${url}: add this line to it: ${line}`;
    case AdsTxtStatus.NO_FILE:
      return `There is no ads.txt at ${url}: create it as a plain-text file with this line: ${line}`;
    case AdsTxtStatus.LINE_MISSING:
      return `${url} does not list this network yet: add this line to it: ${line}`;
    default:
      return null;
  }
}
