import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";

/**
 * A content recommendation zone: a native zone showing several ads at once (a "from around the
 * web" box under an article), each from another advertiser, with the publisher's own articles in
 * the slots paid ads leave. One request to the ad server asks for all of them.
 */

/** The most ads one zone shows at once: the largest recommendation boxes have two rows of four. */
export const MAX_AD_COUNT = 8;

/** A publisher's own article in their recommendation box: never an ad, never counted nor billed. */
export interface HouseItem {
  title: string;
  /** Where the article is: an http or https address. */
  url: string;
  /** Its picture; none draws the title alone. */
  image: string | null;
}

/** Longer than a native headline would not fit a recommendation card either (OpenRTB Native 1.2's long title). */
export const MAX_HOUSE_TITLE = 90;

/** House items fill the slots paid ads leave: more than the box has slots would never show. */
export const MAX_HOUSE_ITEMS = MAX_AD_COUNT;

/** One item's fields, a refusal naming the item: "House item 2: Url must start with http:// or https://". */
function houseItem(item: unknown, number: number): HouseItem {
  if (item === null || typeof item !== "object" || Array.isArray(item)) throw new ValidationError("houseItems", `House item ${number} must have a title and a link`);
  const sent = item as Record<string, unknown>;
  try {
    return {
      title: check.requiredText("title", sent.title, MAX_HOUSE_TITLE),
      url: check.httpUrl("link", sent.url),
      image: check.isBlank(sent.image) ? null : check.httpUrl("picture", sent.image),
    };
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError("houseItems", `House item ${number}: ${error.message}`);
    throw error;
  }
}

/** The house items as sent (an empty list stored as none), or a refusal naming the item and its field. */
export function houseItems(value: unknown): HouseItem[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new ValidationError("houseItems", "House items must be a list of articles, each with a title and a link");
  if (value.length > MAX_HOUSE_ITEMS) throw new ValidationError("houseItems", `A zone holds at most ${MAX_HOUSE_ITEMS} house items`);
  const items = value.map((item: unknown, index) => houseItem(item, index + 1));
  return items.length ? items : null;
}

/** The house items as the history shows them. */
export const houseItemsText = (items: HouseItem[] | null): string => (items?.length ? items.map((item) => item.title).join("; ") : "None");
