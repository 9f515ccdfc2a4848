/**
 * A fresh idempotency key for one intended money call (docs/api.md#idempotency-keys): sent with
 * every try of that call, so a double click or a retry is answered, not made twice. Random hex
 * from getRandomValues, which, unlike randomUUID, plain-http deployments have too.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
