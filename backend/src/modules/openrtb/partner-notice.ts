import type { PartnerDirectory } from "../exchanges/partner-directory";
import type { ExchangeVisitors } from "./exchange-visitors";

/** `x` of a billing notice: the partner, the visitor's cap key (may be empty) and their signature over the offer's id. */
const NOTICE = /^(\d{1,9})\.([A-Za-z0-9_-]{16})?\.([A-Za-z0-9_-]{22})$/;

/** An offer's id is its token's first field. */
const offerIdOf = (token: string) => token.slice(0, token.indexOf("."));

/** The query of a partner's billing notice for an offer's token (the price macro goes after it). */
export function partnerNoticeQuery(visitors: ExchangeVisitors, token: string, partnerId: number, capKey: string): string {
  return `d=${token}&x=${partnerId}.${capKey}.${visitors.noticeSignature(offerIdOf(token), partnerId, capKey)}`;
}

/** The partner and visitor of a billing notice signed for its offer, by a partner still live; null for anything else. */
export function partnerNoticeOf(visitors: ExchangeVisitors, partners: PartnerDirectory, token: unknown, x: unknown): { partnerId: number; capKey: string } | null {
  if (typeof token !== "string" || typeof x !== "string") return null;
  const parts = NOTICE.exec(x);
  if (!parts) return null;
  const partnerId = Number(parts[1]);
  const capKey = parts[2] ?? "";
  if (!partners.partner(partnerId) || !visitors.signsNotice(offerIdOf(token), partnerId, capKey, parts[3])) return null;
  return { partnerId, capKey };
}
