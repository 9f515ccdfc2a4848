import { dayNumber, membershipsKey, newMemberships, sealMemberships, withJoined } from "../modules/audiences/memberships";
import { trackingKey } from "../modules/delivery/counting/offer-token";

/**
 * The visitors the benchmarks send: desktop and mobile browsers from several countries, in their
 * own languages, on pages with and without keywords, so targeting, the index and the caps are all
 * exercised rather than one bucket's happy path.
 */
export interface BenchVisitor {
  userAgent: string;
  country: string;
  language: string;
  keywords: string;
}

export const BENCH_VISITORS: readonly BenchVisitor[] = [
  {
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    country: "US",
    language: "en-US",
    keywords: "news,local",
  },
  {
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    country: "DE",
    language: "de-DE",
    keywords: "sports",
  },
  {
    userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    country: "FR",
    language: "fr-FR",
    keywords: "",
  },
  {
    userAgent: "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    country: "GB",
    language: "en-GB",
    keywords: "technology,phones",
  },
  {
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    country: "CA",
    language: "en-CA",
    keywords: "gambling",
  },
  {
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    country: "BR",
    language: "pt-BR",
    keywords: "travel,news",
  },
];

/** The query string the tag adds for a visitor: language and keywords. */
export const visitorQuery = ({ language, keywords }: BenchVisitor) => `&lang=${encodeURIComponent(language)}${keywords ? `&kw=${encodeURIComponent(keywords)}` : ""}`;

/**
 * The audience memberships cookie the n-th request's visitor carries: one visitor in two is in eight
 * audiences (of 200), as the pixels of the advertisers' shops left them, signed with the bench app's key.
 */
export function benchMembershipsCookie(n: number, audienceIds: readonly number[], jwtSecret: string): string | undefined {
  if (n % 2 === 0 || audienceIds.length === 0) return undefined;
  const joined = Array.from({ length: 8 }, (_, k) => ({ id: audienceIds[(n * 7 + k * 29) % audienceIds.length], windowDays: 30 }));
  return sealMemberships(withJoined(newMemberships(), joined, dayNumber(Date.now())), membershipsKey(trackingKey(jwtSecret)));
}
