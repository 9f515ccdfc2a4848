import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { ADVERTISER_CATEGORIES, type AdvertiserCategory } from "../campaigns/advertiser-categories";

/** Enough for a publisher's list of competitors and unwanted brands; a longer list is a paste gone wrong. */
export const MAX_BLOCKED_DOMAINS = 100;

/** A list field as sent; left out or null is an empty list. */
function listOf(field: string, label: string, value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ValidationError(field, `${label} must be a list`);
  return value;
}

/** Advertiser categories the publisher refuses on a site, each once, in the declared order. */
export function blockedCategoriesOf(value: unknown): AdvertiserCategory[] {
  const chosen = new Set(listOf("blockedCategories", "Blocked categories", value).map((item) => check.oneOf("blockedCategories", item, ADVERTISER_CATEGORIES)));
  return ADVERTISER_CATEGORIES.filter((category) => chosen.has(category));
}

/**
 * Landing domains the publisher refuses on a site, as the ad server compares them: lower-case
 * ASCII host names, each once (a pasted URL is cut to its host). A domain also blocks its subdomains.
 */
export function blockedDomainsOf(value: unknown, { allowLocalhost }: { allowLocalhost: boolean }): string[] {
  const items = listOf("blockedDomains", "Blocked domains", value);
  const domains = [...new Set(items.map((item) => landingDomain(item, allowLocalhost)))];
  if (domains.length > MAX_BLOCKED_DOMAINS) throw new ValidationError("blockedDomains", `Blocked domains can hold at most ${MAX_BLOCKED_DOMAINS} domains`);
  return domains.sort();
}

function landingDomain(item: unknown, allowLocalhost: boolean): string {
  try {
    return check.hostname("blockedDomains", item, { allowLocalhost });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError("blockedDomains", `Blocked domains must be domains such as example.com: ${JSON.stringify(item)} is not one`);
  }
}
