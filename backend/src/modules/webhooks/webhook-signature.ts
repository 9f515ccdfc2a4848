import { createHmac, timingSafeEqual } from "node:crypto";

/** The header each delivery carries: `t=<unix seconds>,v1=<hex>`, one v1 per live secret. */
export const SIGNATURE_HEADER = "AdNet-Signature";

export const signPayload = (secret: string, timestamp: number, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

export const signatureHeader = (secrets: string[], timestamp: number, body: string) =>
  [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signPayload(secret, timestamp, body)}`)].join(",");

/**
 * What a receiver does (the recipe docs/api.md shows): recompute the HMAC over "<t>.<body>",
 * compare in constant time with any v1, and refuse a timestamp older than the tolerance.
 */
export function verifySignature(secret: string, header: string, body: string, toleranceSeconds = 300, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const parts = header.split(",").map((part) => part.split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, timestamp, body), "hex");
  return parts.some(([key, value]) => key === "v1" && value?.length === expected.length * 2 && timingSafeEqual(Buffer.from(value, "hex"), expected));
}
