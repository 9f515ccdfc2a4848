const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const smallPrice = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });
const wholeMoney = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const day = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });
const dayAndTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Below half a cent an amount would read $0.00, as if nothing had been earned or spent. */
const UNDER_A_CENT = "<$0.01";

/**
 * Dollars with cents, e.g. $1,234.50, wherever a person reads an amount: a report's sums carry
 * fractions of a cent, which only the CSV keeps. `cents: false` for policy figures, round as a rule
 * ($100) but shown with their cents when they have some ($12.50).
 */
export function formatMoney(dollars: number, { cents = true } = {}) {
  if (dollars > 0 && dollars < 0.005) return UNDER_A_CENT;
  return (cents || !Number.isInteger(dollars) ? money : wholeMoney).format(dollars);
}

/** Prices under ten cents (a CPC of $0.0321) would lose most of their meaning in whole cents. */
const SMALL_PRICE = 0.1;

/**
 * A price per unit (CPM, eCPM, CPC, CPA): in cents like any amount, and to at most four decimals
 * below $0.10, where a cent is a large share of the price.
 */
export function formatPrice(dollars: number) {
  return dollars !== 0 && Math.abs(dollars) < SMALL_PRICE ? smallPrice.format(dollars) : money.format(dollars);
}

export const formatCount = (value: number) => count.format(value);

/** A value that is already a percentage, e.g. 2.5 -> "2.50%". */
export const formatPercent = (value: number) => `${percent.format(value)}%`;

/** The typographic minus: as wide as the plus, and read out as "minus". */
const MINUS = "\u2212";

/** Counts and money change in percent, rates (CTR, fill rate) in percentage points. */
export type ChangeUnit = "percent" | "points";

/**
 * A month-over-month change in words, e.g. "+12.50% vs last month" or "−3.10 pts vs last month";
 * null means last month had nothing to compare with. The sign is written out, never left to colour.
 */
export function formatChange(change: number | null, unit: ChangeUnit) {
  if (change === null) return "No data last month";
  const sign = change > 0 ? "+" : change < 0 ? MINUS : "";
  const size = percent.format(Math.abs(change));
  return `${sign}${unit === "percent" ? `${size}%` : `${size} pts`} vs last month`;
}

/** A calendar day from an ISO date-time or YYYY-MM-DD string. */
export function formatDate(value: string) {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : day.format(date);
}

/** A moment in the reader's time zone, to the minute, e.g. "Apr 1, 2025, 9:05 AM": for what happened at a time of day. */
export function formatDateTime(value: string) {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayAndTime.format(date);
}

/** A local calendar day as YYYY-MM-DD, the value of a date input. */
export function toIsoDay(date: Date) {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A video's length as players show it: 30 → "0:30", 75 → "1:15". */
export function formatDuration(seconds: number) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
