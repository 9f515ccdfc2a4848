/** What the tag and the server cap a page's keywords at: enough to target by, too little to carry a page's text. */
export const MAX_PAGE_KEYWORDS = 10;
export const MAX_KEYWORD_LENGTH = 40;

/** One keyword as rules and pages compare them: trimmed, lower-case, whitespace runs made one space. */
export const normalisedKeyword = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ").slice(0, MAX_KEYWORD_LENGTH);

/**
 * The keywords a page sent (`kw`, comma-separated), normalised and capped. Whatever arrives, a
 * list or garbage, gives a list: a page's keywords never fail its request.
 */
export function pageKeywords(raw: unknown): string[] {
  if (typeof raw !== "string") return [];
  const keywords = new Set<string>();
  for (const part of raw.slice(0, MAX_PAGE_KEYWORDS * (MAX_KEYWORD_LENGTH + 1) * 2).split(",")) {
    const keyword = normalisedKeyword(part);
    if (keyword) keywords.add(keyword);
    if (keywords.size === MAX_PAGE_KEYWORDS) break;
  }
  return [...keywords];
}

/**
 * The visitor's preferred language as a primary subtag: navigator.language when the tag sent it,
 * else the first of Accept-Language. "" when neither names one.
 */
export function visitorLanguage(sent: unknown, acceptLanguage: string | undefined): string {
  const first = typeof sent === "string" && sent ? sent : (acceptLanguage ?? "").split(",")[0];
  const match = /^\s*([a-zA-Z]{2,3})(?:[-_;]|\s*$)/.exec(first ?? "");
  return match ? match[1].toLowerCase() : "";
}
