import type { AdvertiserCategory } from "../campaigns/advertiser-categories";

/**
 * Each advertiser category as the IAB Content Taxonomy 1.0 names it (OpenRTB's default `cattax`),
 * which a bid's `cat` carries and a request's `bcat` blocks; "general" names none.
 */
const IAB_CATEGORY: Record<AdvertiserCategory, string | null> = {
  general: null,
  automotive: "IAB2",
  education: "IAB5",
  entertainment: "IAB1",
  finance: "IAB13",
  food_and_drink: "IAB8",
  health: "IAB7",
  home_and_garden: "IAB10",
  jobs: "IAB4",
  real_estate: "IAB21",
  retail: "IAB22",
  software: "IAB19-18",
  telecom: "IAB19",
  travel: "IAB20",
  alcohol: "IAB8-5",
  cryptocurrency: "IAB13-7",
  dating: "IAB14-1",
  gambling: "IAB9-7",
  politics: "IAB11-4",
};

export const iabCategoryOf = (category: AdvertiserCategory): string | null => IAB_CATEGORY[category];

/**
 * The advertiser categories a request's `bcat` blocks: one whose IAB code is listed, or whose
 * code's tier-1 parent is (blocking IAB13 blocks IAB13-7 too).
 */
export function blockedAdvertiserCategories(bcat: readonly string[]): string[] {
  if (bcat.length === 0) return [];
  const blocked = new Set(bcat.map((code) => code.toUpperCase()));
  return (Object.keys(IAB_CATEGORY) as AdvertiserCategory[]).filter((category) => {
    const code = IAB_CATEGORY[category];
    return code !== null && (blocked.has(code) || blocked.has(code.split("-")[0]));
  });
}
