import { ValidationError } from "../../common/errors";
import { ADVERTISER_CATEGORIES, type AdvertiserCategory } from "./advertiser-categories";
import { categoryLabel } from "./campaign-labels";

/**
 * How a campaign shares a page with others when the tag asks for all of a page's zones at once:
 * the categories it may not appear beside, and whether it must fill the page's zones together
 * (a roadblock). The decision applies them in delivery/decision/page-decision.ts.
 */

/** The most zones one page request fills; a roadblock can ask for no more than a page can hold. */
export const MAX_PAGE_ZONES = 10;
/** A roadblock shows in several zones together: at least two. */
export const MIN_ROADBLOCK_ZONES = 2;

/** The categories a campaign names as its competitors, each once; empty or left out names none. */
export function parseCompetitorCategories(value: unknown): AdvertiserCategory[] {
  if (value === undefined || value === null) return [];
  const items = typeof value === "string" ? value.split(",").filter((item) => item.trim() !== "") : value;
  if (!Array.isArray(items)) throw new ValidationError("competitorCategories", "Competitor categories must be a list of advertiser categories");
  const categories = items.map((item) => {
    const category = typeof item === "string" ? item.trim().toLowerCase() : "";
    if (!(ADVERTISER_CATEGORIES as readonly string[]).includes(category)) {
      throw new ValidationError("competitorCategories", `Unknown advertiser category: ${String(item)}. Pick from formOptions.advertiserCategories`);
    }
    return category as AdvertiserCategory;
  });
  return [...new Set(categories)];
}

export const competitorsText = (categories: readonly string[]) =>
  categories.length === 0 ? "No competitors named" : categories.map((category) => categoryLabel(category as AdvertiserCategory)).join(", ");

export const roadblockText = (zones: unknown) => `In every zone of the page it has a creative for, at least ${zones}, or not at all`;

/** Why a campaign cannot be a roadblock of so many zones yet: it fills each zone with a creative of that zone's size. */
export const roadblockNeedsSizes = (zones: number) => `A roadblock of ${zones} zones needs creatives of at least ${zones} sizes: add them first, then make it a roadblock`;
