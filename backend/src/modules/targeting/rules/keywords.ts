import { MAX_KEYWORD_LENGTH, normalisedKeyword } from "../page-signals";
import { fieldsOf, refuse, stringsOf, type TargetingRule, wantsAnyAvoidsAll } from "../rule";

export interface KeywordsValue {
  /** The page must carry at least one of these, when any. */
  include: string[];
  /** The page must carry none of these. */
  exclude: string[];
}

const KEY = "keywords";
const LABEL = "Page keywords";
const MAX_KEYWORDS = 100;

function keywordsOf(raw: unknown): string[] {
  const keywords = new Set<string>();
  for (const text of stringsOf(KEY, LABEL, raw, MAX_KEYWORDS)) {
    if (text.trim().length > MAX_KEYWORD_LENGTH) refuse(KEY, LABEL, `a keyword can be at most ${MAX_KEYWORD_LENGTH} characters long`);
    const keyword = normalisedKeyword(text);
    if (keyword) keywords.add(keyword);
  }
  return [...keywords].sort();
}

export const keywordRule: TargetingRule<KeywordsValue> = {
  key: KEY,
  label: LABEL,
  kind: "keywords",
  options: [],
  hint: "running shoes, marathon",
  parse(raw) {
    if (raw === undefined || raw === null) return null;
    const fields = fieldsOf(KEY, LABEL, raw);
    const include = keywordsOf(fields.include);
    const exclude = keywordsOf(fields.exclude);
    if (include.length === 0 && exclude.length === 0) return null;
    const both = include.filter((keyword) => exclude.includes(keyword));
    if (both.length > 0) refuse(KEY, LABEL, `"${both[0]}" is both wanted and excluded`);
    return { include, exclude };
  },
  compile({ include, exclude }) {
    const matches = wantsAnyAvoidsAll(include, exclude);
    return ({ keywords }) => matches(keywords);
  },
};
