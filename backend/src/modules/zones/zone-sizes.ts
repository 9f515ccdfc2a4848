/** Large enough for a billboard or an expanded rich-media unit, small enough to be a real slot: a zone's and a creative's bound on each side. */
export const MAX_ZONE_PIXELS = 2000;

/**
 * The IAB standard sizes of the Ad formats page, which most advertisers' creatives come in: the
 * zone form offers these, and any other size within the pixel bounds stays allowed ("Custom").
 */
export const IAB_ZONE_SIZES = [
  { name: "Leaderboard", width: 728, height: 90 },
  { name: "Medium Rectangle", width: 300, height: 250 },
  { name: "Large Rectangle", width: 336, height: 280 },
  { name: "Wide Skyscraper", width: 160, height: 600 },
  { name: "Billboard", width: 970, height: 250 },
  { name: "Mobile Banner", width: 320, height: 50 },
  { name: "Mobile Leaderboard", width: 320, height: 100 },
  { name: "Mobile Interstitial", width: 320, height: 480 },
] as const;
