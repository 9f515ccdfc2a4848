/** Every time zone's offset from UTC is a whole number of quarter hours, so a local hour holds for a UTC quarter hour at least. */
const QUARTER_HOUR_MS = 15 * 60_000;
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The hour of the week (0 for Monday 00:00 to 167 for Sunday 23:00) in one time zone. Intl
 * formatting is slow for the request path, so each zone's answer is worked out once per UTC
 * quarter hour and shared by every campaign of that zone.
 */
export class LocalClock {
  private readonly format: Intl.DateTimeFormat;
  private quarter = -1;
  private weekHourNow = 0;

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "numeric", hourCycle: "h23" });
  }

  weekHour(atMs: number): number {
    const quarter = Math.floor(atMs / QUARTER_HOUR_MS);
    if (quarter !== this.quarter) {
      const parts = this.format.formatToParts(quarter * QUARTER_HOUR_MS);
      const day = WEEKDAYS[parts.find((part) => part.type === "weekday")!.value];
      const hour = Number(parts.find((part) => part.type === "hour")!.value);
      this.weekHourNow = (day - 1) * 24 + hour;
      this.quarter = quarter;
    }
    return this.weekHourNow;
  }
}

const clocks = new Map<string, LocalClock>();

/** The one clock of a zone, shared by all the campaigns that pick it. */
export function clockOf(timeZone: string): LocalClock {
  let clock = clocks.get(timeZone);
  if (!clock) clocks.set(timeZone, (clock = new LocalClock(timeZone)));
  return clock;
}
