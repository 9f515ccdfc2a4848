/** The twelve countries the campaign form offers; the server accepts these names. */
export const TARGET_COUNTRIES = [
  "United States",
  "United Kingdom",
  "Canada",
  "Australia",
  "Germany",
  "France",
  "Italy",
  "Spain",
  "Netherlands",
  "Turkey",
  "Brazil",
  "Japan",
] as const;

export const CREATIVE_TYPES = ["image", "video", "html"] as const;

/** The network's stated minimum campaign budget, in dollars. */
export const MIN_BUDGET = 500;

/** A campaign's default flight, from the spec: 30 days (2592000000 ms). */
export const DEFAULT_FLIGHT_MS = 30 * 24 * 60 * 60 * 1000;
