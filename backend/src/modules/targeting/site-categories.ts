/** What a publisher files a site under, and so what a campaign can target by the page's site. */
export const SITE_CATEGORIES = ["technology", "lifestyle", "business", "entertainment", "sports", "news"] as const;
export type SiteCategory = (typeof SITE_CATEGORIES)[number];
