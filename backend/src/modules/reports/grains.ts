import { sqlDateTime } from "../../common/db-upsert";
import { ReportCalendar } from "./calendar";

/**
 * The periods the read model keeps its totals at: all time, calendar month, day and hour. Months
 * and days are the reporting calendar's, hours are UTC hours. A total is found by its grain and the
 * start of its period.
 */
export type Grain = "a" | "m" | "d" | "h";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * One calendar for the whole process, set at start from the configuration: the writer, the readers
 * and the ad server's daily budgets must all cut days at the same moment.
 */
let calendar = new ReportCalendar("UTC");

export function useReportTimeZone(timeZone: string): void {
  if (timeZone !== calendar.timeZone) calendar = new ReportCalendar(timeZone);
}

export const reportCalendar = (): ReportCalendar => calendar;

export function periodStartMs(grain: Grain, atMs: number): number {
  switch (grain) {
    case "a":
      return 0;
    case "h":
      return atMs - (atMs % HOUR_MS);
    case "d":
      return calendar.dayStart(atMs);
    case "m":
      return calendar.monthStart(atMs);
  }
}

/** The start of the period after the one holding `atMs`: where a month (or day, hour) ends. */
export function nextPeriodStartMs(grain: Exclude<Grain, "a">, atMs: number): number {
  const start = periodStartMs(grain, atMs);
  if (grain === "h") return start + HOUR_MS;
  if (grain === "d") return calendar.dateStart(calendar.dateOf(start), 1);
  return calendar.monthStart(start, 1);
}

/** A month as its label, "2026-05", in the reporting time zone. */
export function monthLabel(monthStartMs: number): string {
  return calendar.dateOf(monthStartMs).slice(0, 7);
}

/** How long the fine grains are kept; months and all-time totals are kept for good. */
export interface Retention {
  hourlyDays: number;
  dailyMonths: number;
}

/** The first period still kept at each fine grain. */
export function keptSince(retention: Retention, nowMs: number): { h: number; d: number } {
  return {
    h: calendar.dateStart(calendar.dateOf(nowMs), -retention.hourlyDays),
    d: calendar.monthStart(nowMs, -retention.dailyMonths),
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
