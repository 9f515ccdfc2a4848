/**
 * What an advertiser sells, chosen per campaign: publishers block categories on their sites, and
 * a new campaign's predicted click and conversion rates start from its category's. The sensitive
 * ones are those publishers most often refuse (after the IAB's sensitive-category list).
 */
export const ADVERTISER_CATEGORIES = [
  "general",
  "automotive",
  "education",
  "entertainment",
  "finance",
  "food_and_drink",
  "health",
  "home_and_garden",
  "jobs",
  "real_estate",
  "retail",
  "software",
  "telecom",
  "travel",
  "alcohol",
  "cryptocurrency",
  "dating",
  "gambling",
  "politics",
] as const;

export type AdvertiserCategory = (typeof ADVERTISER_CATEGORIES)[number];
