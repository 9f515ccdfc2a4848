import { createHmac, hash, timingSafeEqual } from "node:crypto";
import { type UpdatedHistory, VisitorHistories } from "../frequency-caps/visitor-histories";

const SIGNATURE_LENGTH = 22;
const CAP_KEY_LENGTH = 16;
/** A visitor id of the network's history (see visitor-history.ts): 16 base64url characters. */
const BUYER_UID = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/;
/** Visitors of exchanges whose capped impressions this process remembers; past that it starts again rather than grow. */
const REMEMBERED_HISTORIES = 200_000;
/** An exchange's own user id longer than this is not one: it is not remembered. */
const MAX_USER_ID_LENGTH = 128;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The visitors exchanges send, as the bidder knows them without a database. Cookie sync gives an
 * exchange AdNet's visitor id signed (the buyeruid it stores and sends back), so nothing maps one id
 * to the other here. A visitor's frequency-cap history, which a browser keeps in AdNet's cookie,
 * cannot ride on a server's notice: it is kept in this process's memory under a keyed hash of the
 * visitor (their buyeruid's id, else the partner's user.id), so with several processes a visitor's
 * caps hold per process.
 */
export class ExchangeVisitors {
  private readonly key: string;
  private histories = new Map<string, string>();
  private readonly cookies: VisitorHistories;

  constructor(trackingKey: Buffer) {
    this.key = createHmac("sha256", trackingKey).update("adnet exchange visitors v1").digest("base64url");
    this.cookies = new VisitorHistories(trackingKey);
  }

  /** Cookie sync: the buyeruid of the visitor AdNet's cookie names, and the cookie to set when it named none. */
  synced(cookie: string | undefined, atMs: number): { buyerUid: string; newCookie: UpdatedHistory | null } {
    const { visitorId, newCookie } = this.cookies.identify(cookie, atMs);
    return { buyerUid: this.buyerUidOf(visitorId), newCookie };
  }

  /** AdNet's id of a visitor as an exchange stores it: the id and its signature. */
  buyerUidOf(visitorId: string): string {
    return `${visitorId}.${this.sign(`uid:${visitorId}`, SIGNATURE_LENGTH)}`;
  }

  /** The visitor id a buyeruid signed by AdNet carries, or null for any other value. */
  visitorIdOf(buyerUid: string | undefined): string | null {
    const parts = buyerUid ? BUYER_UID.exec(buyerUid) : null;
    return parts && sameText(parts[2], this.sign(`uid:${parts[1]}`, SIGNATURE_LENGTH)) ? parts[1] : null;
  }

  /** The key a visitor's caps are kept under: AdNet's id when synced, else the partner's own id of them; "" when neither is known. */
  capKeyOf(partnerId: number, user: { id?: string; buyeruid?: string }): string {
    const visitorId = this.visitorIdOf(user.buyeruid);
    if (visitorId) return this.sign(`a:${visitorId}`, CAP_KEY_LENGTH);
    if (user.id && user.id.length <= MAX_USER_ID_LENGTH) return this.sign(`p${partnerId}:${user.id}`, CAP_KEY_LENGTH);
    return "";
  }

  /** The visitor's sealed history (as the cookie would carry it), when one is remembered. */
  historyOf(capKey: string): string | undefined {
    return capKey ? this.histories.get(capKey) : undefined;
  }

  remember(capKey: string, sealedHistory: string): void {
    if (!capKey) return;
    if (this.histories.size >= REMEMBERED_HISTORIES && !this.histories.has(capKey)) this.histories = new Map();
    this.histories.set(capKey, sealedHistory);
  }

  /** A partner's billing notice names its offer, partner and visitor: signed, so nobody can bill an offer as a partner's. */
  noticeSignature(offerId: string, partnerId: number, capKey: string): string {
    return this.sign(`notice:${offerId}.${partnerId}.${capKey}`, SIGNATURE_LENGTH);
  }

  signsNotice(offerId: string, partnerId: number, capKey: string, given: string): boolean {
    return sameText(given, this.noticeSignature(offerId, partnerId, capKey));
  }

  /**
   * Every server-side bid signs its visitor and its notice, so as offers are (see offer-token.ts):
   * the one-shot SHA-512/256 of key and text, as sound as HMAC here since a truncated SHA-512
   * cannot be extended, at a third of its cost.
   */
  private sign(text: string, length: number): string {
    return hash("sha512-256", `${this.key}|${text}`, "base64url").slice(0, length);
  }
}
