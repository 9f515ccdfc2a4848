const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const wholeMoney = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const day = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });

/** Dollars with cents, e.g. $1,234.50; `cents: false` for round policy figures such as $100. */
export const formatMoney = (dollars: number, { cents = true } = {}) =>
  (cents ? money : wholeMoney).format(dollars);

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

/** A local calendar day as YYYY-MM-DD, the value of a date input. */
export function toIsoDay(date: Date) {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
