/** The value at percentile `p` (0 to 100) of numbers sorted ascending, by nearest rank: what every bench prints as p50, p95 and p99. */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
