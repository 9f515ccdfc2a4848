import { timingSafeEqual } from "node:crypto";
import { ADVERTISER_CATEGORIES } from "../../campaigns/advertiser-categories";
import { derivedKeyText, keyedSignature } from "../counting/offer-token";
import { emptyPage, type PageSoFar } from "../decision/page-so-far";

/**
 * What a page already shows, signed and handed to the tag with every answer of a page request, so a
 * zone the page asks for later (added, or scrolled into view) keeps the page's exclusions without the
 * ad server keeping a session: the advertisers shown, their categories and the categories they name
 * as competitors, for the site the page is on. Unsigned, a page could drop an exclusion or make one up.
 */

/** A page open longer than this asks as a new page: its token is refused. */
export const PAGE_TOKEN_TTL_MS = 60 * 60_000;
/** A page's token names this many advertisers at most; more are left out (their later zones may then repeat one). */
const MAX_ADVERTISERS = 30;

const CATEGORY_BIT = new Map<string, number>(ADVERTISER_CATEGORIES.map((category, index) => [category, 2 ** index]));
const TOKEN = new RegExp(`^(\\d{1,12})\\.(\\d{1,15})\\.((?:\\d{1,12}(?:-\\d{1,12}){0,${MAX_ADVERTISERS - 1}})?)\\.(\\d{1,8})\\.(\\d{1,8})$`);
const MAX_TOKEN_LENGTH = 512;

export type PageTokenReading = { status: "valid"; page: PageSoFar } | { status: "refused"; reason: string };

/** Why a page token is refused: the request is answered with the reason, never with the exclusions dropped. */
export const REFUSED_PAGE_TOKEN = {
  forged: "The page token is not one this ad server signed",
  expired: "The page token has expired: ask for the page's zones again without it",
  otherSite: "The page token is of another site's page",
} as const;

const mask = (categories: ReadonlySet<string>) => {
  let bits = 0;
  for (const category of categories) bits += CATEGORY_BIT.get(category) ?? 0;
  return bits;
};
const categoriesOf = (bits: number) => new Set(ADVERTISER_CATEGORIES.filter((_, index) => Math.floor(bits / 2 ** index) % 2 === 1));

export class PageTokens {
  private readonly keyText: string;

  constructor(trackingKey: Buffer) {
    this.keyText = derivedKeyText(trackingKey, "adnet pages v1");
  }

  sign(siteId: number, page: PageSoFar, issuedAt: number): string {
    const advertisers = [...page.advertisers].slice(0, MAX_ADVERTISERS).join("-");
    const payload = `${siteId}.${issuedAt}.${advertisers}.${mask(page.categories)}.${mask(page.competitors)}`;
    return `${payload}.${keyedSignature(this.keyText, payload)}`;
  }

  /** What the page showed, for a zone of `siteId` asked for at `now`; or why the token is refused. */
  read(token: unknown, siteId: number, now: number): PageTokenReading {
    if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return { status: "refused", reason: REFUSED_PAGE_TOKEN.forged };
    const dot = token.lastIndexOf(".");
    const payload = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(keyedSignature(this.keyText, payload));
    const fields = TOKEN.exec(payload);
    if (dot < 0 || given.length !== expected.length || !timingSafeEqual(given, expected) || !fields) return { status: "refused", reason: REFUSED_PAGE_TOKEN.forged };
    const [, site, issuedAt, advertisers, categories, competitors] = fields;
    if (+site !== siteId) return { status: "refused", reason: REFUSED_PAGE_TOKEN.otherSite };
    if (now - +issuedAt > PAGE_TOKEN_TTL_MS || +issuedAt > now + 60_000) return { status: "refused", reason: REFUSED_PAGE_TOKEN.expired };
    return {
      status: "valid",
      page: { ...emptyPage(), advertisers: new Set(advertisers ? advertisers.split("-").map(Number) : []), categories: categoriesOf(+categories), competitors: categoriesOf(+competitors) },
    };
  }
}
