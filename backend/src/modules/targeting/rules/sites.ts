import { hostname } from "../../../common/validate";
import { listRule } from "../rule";

function domainOf(text: string): string | null {
  try {
    return hostname("site", text, { allowLocalhost: true });
  } catch {
    return null;
  }
}

/** Sites by their domain, as the advertiser sees them on pages and in reports. */
export const siteRule = listRule({
  key: "sites",
  label: "Sites",
  hint: "example.com, news.example.org",
  max: 200,
  entry: domainOf,
  valueOf: (request) => request.siteDomain,
});
