export const SITE_CATEGORIES = ["technology", "lifestyle", "business", "entertainment", "sports", "news"] as const;
export const ZONE_FORMATS = ["banner", "video", "native"] as const;
export const ZONE_POSITIONS = ["header", "sidebar", "footer", "content"] as const;
