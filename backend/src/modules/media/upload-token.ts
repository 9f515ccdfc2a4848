import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** How long a signed upload URL may be used. */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;

/**
 * A short-lived upload permission for one advertiser, carried in the URL the GraphQL door hands out,
 * so a script can PUT the bytes with no multipart encoding and no bearer token.
 */
export class UploadTokens {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    // A key of its own, derived from the app secret: an upload token is never valid as anything else.
    this.key = createHmac("sha256", appSecret).update("adnet media upload").digest();
  }

  sign(advertiserId: number, now = Date.now()): { token: string; expiresAt: Date } {
    const expiresAt = now + UPLOAD_URL_TTL_MS;
    const payload = `${advertiserId}.${expiresAt}.${randomBytes(9).toString("base64url")}`;
    return { token: `${payload}.${this.signature(payload)}`, expiresAt: new Date(expiresAt) };
  }

  /** The advertiser the token was issued to, or null when it is forged, malformed or expired. */
  verify(token: string, now = Date.now()): number | null {
    const parts = token.split(".");
    if (parts.length !== 4) return null;
    const payload = parts.slice(0, 3).join(".");
    const given = Buffer.from(parts[3]);
    const expected = Buffer.from(this.signature(payload));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [advertiserId, expiresAt] = parts.map(Number);
    if (!Number.isSafeInteger(advertiserId) || !(expiresAt > now)) return null;
    return advertiserId;
  }

  private signature(payload: string): string {
    return createHmac("sha256", this.key).update(payload).digest("base64url");
  }
}
