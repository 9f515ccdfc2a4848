import { ValidationError } from "../../common/errors";

/** How a visitor joins an audience, from what the advertiser's pixel reports. */
export const AUDIENCE_RULES = ["visited", "visited_page", "converted"] as const;
export type AudienceRule = (typeof AUDIENCE_RULES)[number];

export const AUDIENCE_RULE_LABELS: Record<AudienceRule, string> = {
  visited: "Visited the site",
  visited_page: "Visited a page matching",
  converted: "Converted",
};

/** The longest a membership lasts: half a year, well within the ad server's identifier lifetime (395 days). */
export const MAX_AUDIENCE_WINDOW_DAYS = 180;
export const DEFAULT_AUDIENCE_WINDOW_DAYS = 30;
/** A handful of the advertiser's own domains: shops, country sites. */
export const MAX_AUDIENCE_DOMAINS = 20;
export const MAX_PAGE_PATTERN_LENGTH = 500;

/** What the pixel reports of one visit: the page's address, and whether it was a conversion. */
export interface PixelVisit {
  pageUrl: string;
  converted: boolean;
}

/** What a rule needs of an audience to judge a visit. */
export interface AudienceMatcher {
  rule: AudienceRule;
  pagePattern: string | null;
}

/** The pattern as stored: trimmed, lower-cased (addresses are compared without case), runs of `*` made one. */
export function pagePatternOf(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
  if (typeof value !== "string") throw new ValidationError("pagePattern", "Page pattern must be text");
  const pattern = value.trim().toLowerCase().replace(/\*+/g, "*");
  if (pattern.length > MAX_PAGE_PATTERN_LENGTH) throw new ValidationError("pagePattern", `Page pattern must be at most ${MAX_PAGE_PATTERN_LENGTH} characters`);
  if (pattern === "*") throw new ValidationError("pagePattern", "Page pattern * matches every page: use the rule Visited the site instead");
  return pattern;
}

/** Whether a page's address matches a pattern: it contains the pattern, `*` standing for any run of characters. */
export function pageMatches(pattern: string, pageUrl: string): boolean {
  const address = pageUrl.toLowerCase();
  let from = 0;
  for (const part of pattern.split("*")) {
    const at = address.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

/** Whether one visit reported by the pixel makes the visitor a member of an audience of this rule. */
export function joinsAudience({ rule, pagePattern }: AudienceMatcher, visit: PixelVisit): boolean {
  if (rule === "converted") return visit.converted;
  if (rule === "visited_page") return pagePattern !== null && pageMatches(pagePattern, visit.pageUrl);
  return true;
}
