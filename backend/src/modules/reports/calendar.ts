/**
 * The network's reporting calendar: the days and months every report, stat card, daily budget and
 * statement counts in, those of one IANA time zone (`REPORT_TIME_ZONE`, UTC by default).
 *
 * Hours stay UTC hours, the grain events are counted at, so a zone qualifies only when it is a
 * whole number of hours from UTC all year round: each of its days is then made of whole UTC hours.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export class ReportCalendar {
  private readonly parts: Intl.DateTimeFormat | null;
  /** Offsets by UTC hour: every moment a day or month is asked for is looked up once an hour. */
  private readonly offsets = new Map<number, number>();

  constructor(readonly timeZone: string) {
    this.parts =
      timeZone === "UTC"
        ? null
        : new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" });
  }

  /** How far the zone's wall clock is ahead of UTC at a moment, in ms. */
  offsetMs(atMs: number): number {
    if (!this.parts) return 0;
    const hour = atMs - (((atMs % HOUR_MS) + HOUR_MS) % HOUR_MS);
    let offset = this.offsets.get(hour);
    if (offset === undefined) {
      const field = (type: string) => Number(this.parts!.formatToParts(hour).find((part) => part.type === type)!.value);
      offset = Date.UTC(field("year"), field("month") - 1, field("day"), field("hour"), field("minute")) - hour;
      if (this.offsets.size > 100_000) this.offsets.clear();
      this.offsets.set(hour, offset);
    }
    return offset;
  }

  /** The moment a wall-clock midnight (given as its UTC-numbered date) begins in the zone. */
  private midnight(wallMs: number): number {
    const guess = wallMs - this.offsetMs(wallMs);
    return wallMs - this.offsetMs(guess);
  }

  /** The start of the zone's day holding a moment. */
  dayStart(atMs: number): number {
    const wall = atMs + this.offsetMs(atMs);
    return this.midnight(wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS));
  }

  /** The start of the zone's calendar month holding a moment, `monthsLater` months on. */
  monthStart(atMs: number, monthsLater = 0): number {
    const wall = new Date(atMs + this.offsetMs(atMs));
    return this.midnight(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + monthsLater, 1));
  }

  /** The start of a calendar date (YYYY-MM-DD) in the zone, `daysLater` days on. */
  dateStart(date: string, daysLater = 0): number {
    return this.midnight(Date.parse(`${date}T00:00:00Z`) + daysLater * DAY_MS);
  }

  /** The zone's calendar date of a moment, as YYYY-MM-DD. */
  dateOf(atMs: number): string {
    return new Date(atMs + this.offsetMs(atMs)).toISOString().slice(0, 10);
  }
}

/**
 * Why a zone cannot be the reporting zone, or null when it can: it must be known to this Node's
 * time-zone data and keep whole-hour offsets from 2000 to 2050.
 */
export function reportTimeZoneProblem(timeZone: string): string | null {
  let calendar: ReportCalendar;
  try {
    calendar = new ReportCalendar(timeZone);
  } catch {
    return `"${timeZone}" is not a time zone this server knows (use an IANA name such as Europe/Berlin)`;
  }
  for (let at = Date.UTC(2000, 0, 1); at < Date.UTC(2050, 0, 1); at += 7 * DAY_MS) {
    if (calendar.offsetMs(at) % HOUR_MS !== 0) return `${timeZone} is not a whole number of hours from UTC, so its days are not whole UTC hours`;
  }
  return null;
}
