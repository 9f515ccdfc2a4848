import { type AdsTxtFile, type ExpectedLine, findSellerLine, parseAdsTxt, variableValues } from "./ads-txt-parser";
import { type FetchAnswer, safeGet, type SafeFetchOptions } from "../../outbound/safe-fetch";
import { AdsTxtStatus } from "../sites/ads-txt-status";
import { rootDomainOf } from "../sites/root-domain";

export interface AdsTxtOutcome {
  status: AdsTxtStatus;
  /** Where the file was read (or last tried) and why the line is or is not counted. */
  reason: string;
}

/** Redirects followed in one fetch before it is given up, each hop within the rules below. */
const MAX_REDIRECTS = 5;

type FileAnswer = { kind: "file"; file: AdsTxtFile; url: string } | { kind: "none"; status: AdsTxtStatus.NO_FILE | AdsTxtStatus.FETCH_FAILED; reason: string };

/**
 * Fetches a site's ads.txt as the IAB ads.txt 1.1 crawler rules say, and looks for the network's line:
 * the file of the site's root domain, HTTPS first then HTTP; redirects followed while they stay
 * within that root domain, plus a single hop outside it (delegation to a third party's server, which
 * may not redirect again); the file must be text/plain; a subdomain the root file names with
 * `subdomain=` is authoritative for itself, so its own file is read instead.
 */
export class AdsTxtCrawler {
  constructor(private readonly fetchOptions: SafeFetchOptions) {}

  async check(siteDomain: string, expected: ExpectedLine): Promise<AdsTxtOutcome> {
    const host = siteDomain.toLowerCase();
    const root = rootDomainOf(host);
    let answer = await this.fileOf(root);
    if (answer.kind === "file" && host !== root && variableValues(answer.file, "subdomain").some((sub) => sub.toLowerCase() === host)) {
      answer = await this.fileOf(host);
    }
    if (answer.kind === "none") return { status: answer.status, reason: answer.reason };
    const match = findSellerLine(answer.file, expected);
    return match.found ? { status: AdsTxtStatus.FOUND, reason: `listed in ${answer.url}` } : { status: AdsTxtStatus.LINE_MISSING, reason: `${answer.url}: ${match.reason}` };
  }

  private async fileOf(host: string): Promise<FileAnswer> {
    const overHttps = await this.follow(new URL(`https://${host}/ads.txt`), rootDomainOf(host));
    if (overHttps.kind === "file") return overHttps;
    const overHttp = await this.follow(new URL(`http://${host}/ads.txt`), rootDomainOf(host));
    // A file missing over HTTP says more than HTTPS being unreachable, and vice versa.
    if (overHttp.kind === "file" || overHttp.status === AdsTxtStatus.NO_FILE || overHttps.status === AdsTxtStatus.FETCH_FAILED) return overHttp;
    return overHttps;
  }

  private async follow(start: URL, root: string): Promise<FileAnswer> {
    let url = start;
    let outside = false;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const answer: FetchAnswer = await safeGet(url, this.fetchOptions);
      if (answer.kind === "redirect") {
        if (outside) return failed(`${url}: a redirect from outside ${root} is not followed`);
        const next = new URL(answer.location, url);
        if (next.protocol !== "http:" && next.protocol !== "https:") return failed(`${url}: redirect to ${next.protocol} is not followed`);
        outside = rootDomainOf(next.hostname) !== root;
        url = next;
        continue;
      }
      if (answer.kind === "error") return failed(`${url}: ${answer.reason}`);
      if (answer.kind === "status") {
        return answer.status >= 400 && answer.status < 500 ? { kind: "none", status: AdsTxtStatus.NO_FILE, reason: `${url}: HTTP ${answer.status}` } : failed(`${url}: HTTP ${answer.status}`);
      }
      const type = answer.contentType.split(";")[0].trim().toLowerCase();
      if (type !== "" && type !== "text/plain") return { kind: "none", status: AdsTxtStatus.NO_FILE, reason: `${url}: served as ${type}, not text/plain` };
      return { kind: "file", file: parseAdsTxt(answer.body), url: String(url) };
    }
    return failed(`${start}: more than ${MAX_REDIRECTS} redirects`);
  }
}

const failed = (reason: string): FileAnswer => ({ kind: "none", status: AdsTxtStatus.FETCH_FAILED, reason });
