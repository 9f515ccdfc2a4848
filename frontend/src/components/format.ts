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

/** Clicks over impressions in percent with two decimals; 0 when nothing was shown or clicked. */
export const clickThroughRate = (clicks: number, impressions: number) =>
  impressions > 0 && clicks > 0 ? Math.round((clicks / impressions) * 10000) / 100 : 0;

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
