/** The server's bounds for a publisher's share, in whole percent. */
export const MIN_REVENUE_SHARE = 1;
export const MAX_REVENUE_SHARE = 85;

export function revenueShareError(value: string) {
  const percent = Number(value);
  if (!value.trim()) return "Enter a percent";
  if (!Number.isInteger(percent) || percent < MIN_REVENUE_SHARE || percent > MAX_REVENUE_SHARE) {
    return `Enter a whole percent from ${MIN_REVENUE_SHARE} to ${MAX_REVENUE_SHARE}`;
  }
  return undefined;
}
