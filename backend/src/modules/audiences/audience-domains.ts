import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { MAX_AUDIENCE_DOMAINS } from "./audience-rules";

const LABEL = "Site domains";

/** The advertiser's domains the pixel may fire from, as host names the pixel's page is compared with: each once, sorted. */
export function audienceDomainsOf(value: unknown, { allowLocalhost }: { allowLocalhost: boolean }): string[] {
  if (!Array.isArray(value)) throw new ValidationError("siteDomains", `${LABEL} must be a list of domains such as shop.example.com`);
  const domains = new Set<string>();
  for (const item of value) {
    try {
      domains.add(check.hostname("siteDomains", item, { allowLocalhost }));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      throw new ValidationError("siteDomains", `${LABEL} must be domains such as shop.example.com: ${JSON.stringify(item).slice(0, 80)} is not one`);
    }
  }
  if (domains.size === 0) throw new ValidationError("siteDomains", `${LABEL}: name at least one domain of yours the pixel fires from`);
  if (domains.size > MAX_AUDIENCE_DOMAINS) throw new ValidationError("siteDomains", `${LABEL} can hold at most ${MAX_AUDIENCE_DOMAINS} domains`);
  return [...domains].sort();
}
