import { sqlDateTime } from "../../common/db-upsert";

/**
 * The periods the read model keeps its totals at, all in UTC: all time, calendar month, day and
 * hour. A total is found by its grain and the start of its period.
 */
export type Grain = "a" | "m" | "d" | "h";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export function periodStartMs(grain: Grain, atMs: number): number {
  switch (grain) {
    case "a":
      return 0;
    case "h":
      return atMs - (atMs % HOUR_MS);
    case "d":
      return atMs - (atMs % DAY_MS);
    case "m": {
      const at = new Date(atMs);
      return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
    }
  }
}

/** The start of the period after the one holding `atMs`: where a month (or day, hour) ends. */
export function nextPeriodStartMs(grain: Exclude<Grain, "a">, atMs: number): number {
  const start = periodStartMs(grain, atMs);
  if (grain === "h") return start + HOUR_MS;
  if (grain === "d") return start + DAY_MS;
  const at = new Date(start);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
}

/** A month as its label, "2026-05", in the time zone months are kept in. */
export function monthLabel(monthStartMs: number): string {
  return new Date(monthStartMs).toISOString().slice(0, 7);
}

/** How long the fine grains are kept; months and all-time totals are kept for good. */
export interface Retention {
  hourlyDays: number;
  dailyMonths: number;
}

/** The first period still kept at each fine grain. */
export function keptSince(retention: Retention, nowMs: number): { h: number; d: number } {
  const today = periodStartMs("d", nowMs);
  const month = new Date(periodStartMs("m", nowMs));
  return {
    h: today - retention.hourlyDays * DAY_MS,
    d: Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - retention.dailyMonths, 1),
  };
}

/** Each period's start as the text the database keys it by, formatted once per batch. */
export function periodTexts(): (grain: Grain, atMs: number) => string {
  const texts = new Map<number, string>();
  return (grain, atMs) => {
    const start = periodStartMs(grain, atMs);
    let text = texts.get(start);
    if (text === undefined) texts.set(start, (text = sqlDateTime(start)));
    return text;
  };
}
