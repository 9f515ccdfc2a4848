/**
 * The longest text each kind of field takes, in characters. The services check against these and
 * the form options serve them, so an input's maxLength is always the server's bound.
 */
export const MAX_LENGTH = {
  /** Any name: a person's, a site's, a zone's, a campaign's, a creative's. */
  name: 120,
  description: 2000,
  /** RFC 1035's limit for a whole host name. */
  domain: 253,
  /** RFC 5321's limit for a whole address. */
  email: 254,
  url: 2048,
  message: 5000,
  /** An admin's reason for rejecting something. */
  reason: 500,
  password: 128,
  /** An admin list's search: as long as the longest e-mail, the longest thing the lists search. */
  search: 254,
  /** A payment's reference at the bank or PayPal, given when a payout is marked paid. */
  reference: 128,
  /** The postal address an invoice is made out to, lines and all. */
  billingAddress: 500,
  /** What the books keep beside an amount: a deposit's note, why credit was granted or a limit set. */
  memo: 255,
} as const;

export const MIN_PASSWORD_LENGTH = 8;
