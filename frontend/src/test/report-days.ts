const DAY_MS = 86_400_000;

/** A day range's axis as a UTC server answers it: every day from `from` to `to`, and as many before. */
export function dayAxis(from: string, to: string): { periods: string[]; previousPeriods: string[] } {
  const first = Date.parse(`${from}T00:00:00Z`);
  const count = (Date.parse(`${to}T00:00:00Z`) - first) / DAY_MS + 1;
  const days = (start: number) => Array.from({ length: count }, (_, n) => new Date(start + n * DAY_MS).toISOString());
  return { periods: days(first), previousPeriods: days(first - count * DAY_MS) };
}
