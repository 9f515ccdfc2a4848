/** The ranges a report offers; "custom" takes the two dates the user typed. */
export const RANGE_PRESETS = [
  { value: "today", label: "Today" },
  { value: "yesterday", label: "Yesterday" },
  { value: "last7", label: "Last 7 days" },
  { value: "last30", label: "Last 30 days" },
  { value: "thisMonth", label: "This month" },
  { value: "lastMonth", label: "Last month" },
  { value: "custom", label: "Custom range" },
] as const;

export type RangePreset = (typeof RANGE_PRESETS)[number]["value"];

/** Whole days, YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * Today's date in the report's time zone, not the browser's: "today" must mean the same days the
 * server counts, or a visitor east of UTC would ask for a day that has not begun there yet.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (date: Date) => date.toISOString().slice(0, 10);
const plusDays = (day: string, days: number) => {
  const date = asDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return asDay(date);
};
const firstOfMonth = (day: string, monthsBack = 0) => {
  const date = asDate(day);
  return asDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1)));
};

/** The days a preset covers, counted back from `today`; "last 7 days" includes today. */
export function presetRange(preset: Exclude<RangePreset, "custom">, today: string): DayRange {
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: plusDays(today, -1), to: plusDays(today, -1) };
    case "last7":
      return { from: plusDays(today, -6), to: today };
    case "last30":
      return { from: plusDays(today, -29), to: today };
    case "thisMonth":
      return { from: firstOfMonth(today), to: today };
    case "lastMonth":
      return { from: firstOfMonth(today, 1), to: plusDays(firstOfMonth(today), -1) };
  }
}
