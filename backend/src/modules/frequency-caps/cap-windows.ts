import { DAY_MS, HOUR_MS, reportCalendar } from "../reports/grains";

/**
 * Which window of each capped period a moment falls in, as numbers that change exactly when the
 * window does: the clock hour since 1970, the day of the reporting calendar (the day daily budgets
 * use) as days since 1970-01-01, and the week, Monday to Sunday, of that day. The flight has one
 * window: the whole campaign.
 */
export interface CapWindows {
  hour: number;
  day: number;
  week: number;
}

/** 1970-01-01 was a Thursday: shifting by three days makes every week start on a Monday. */
export const weekOfDay = (day: number): number => Math.floor((day + 3) / 7);

/** The reporting day is worked out when the day changes, not on every request. */
let cachedDay = { start: 0, end: 0, day: 0 };

export function capWindows(atMs: number): CapWindows {
  if (atMs < cachedDay.start || atMs >= cachedDay.end) {
    const calendar = reportCalendar();
    const date = calendar.dateOf(atMs);
    cachedDay = { start: calendar.dateStart(date), end: calendar.dateStart(date, 1), day: Math.round(Date.parse(date) / DAY_MS) };
  }
  return { hour: Math.floor(atMs / HOUR_MS), day: cachedDay.day, week: weekOfDay(cachedDay.day) };
}
