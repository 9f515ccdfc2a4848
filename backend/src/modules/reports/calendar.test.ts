import { ReportCalendar, reportTimeZoneProblem } from "./calendar";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

test("a zone behind UTC starts its days and months at its own midnight, across the spring and autumn clock changes", () => {
  const newYork = new ReportCalendar("America/New_York");
  // 23:00 on February 28 in New York is already March 1 in UTC.
  expect(iso(newYork.dayStart(at("2026-03-01T04:00:00Z")))).toBe("2026-02-28T05:00:00.000Z");
  expect(iso(newYork.monthStart(at("2026-03-01T04:00:00Z")))).toBe("2026-02-01T05:00:00.000Z");
  expect(newYork.dateOf(at("2026-03-01T04:00:00Z"))).toBe("2026-02-28");
  // March 8 begins on standard time and ends on daylight time: a day of 23 hours.
  expect(iso(newYork.dateStart("2026-03-08"))).toBe("2026-03-08T05:00:00.000Z");
  expect(iso(newYork.dateStart("2026-03-08", 1))).toBe("2026-03-09T04:00:00.000Z");
  expect(iso(newYork.dayStart(at("2026-03-09T03:00:00Z")))).toBe("2026-03-08T05:00:00.000Z");
  // November 1 is a day of 25 hours.
  expect(newYork.dateStart("2026-11-02") - newYork.dateStart("2026-11-01")).toBe(25 * 3_600_000);
  expect(iso(newYork.monthStart(at("2026-03-15T12:00:00Z"), 1))).toBe("2026-04-01T04:00:00.000Z");
  expect(iso(newYork.monthStart(at("2026-01-15T12:00:00Z"), -1))).toBe("2025-12-01T05:00:00.000Z");
});

test("UTC days and months are the plain ones", () => {
  const utc = new ReportCalendar("UTC");
  expect(iso(utc.dayStart(at("2026-03-01T04:00:00Z")))).toBe("2026-03-01T00:00:00.000Z");
  expect(iso(utc.monthStart(at("2026-12-31T23:59:59Z"), 1))).toBe("2027-01-01T00:00:00.000Z");
  expect(utc.dateOf(at("2026-12-31T23:59:59Z"))).toBe("2026-12-31");
});

test("a reporting zone must be known and a whole number of hours from UTC, so its days are whole counted hours", () => {
  expect(reportTimeZoneProblem("Europe/Berlin")).toBeNull();
  expect(reportTimeZoneProblem("Asia/Tokyo")).toBeNull();
  expect(reportTimeZoneProblem("Asia/Kolkata")).toMatch(/not a whole number of hours/);
  expect(reportTimeZoneProblem("Mars/Olympus_Mons")).toMatch(/not a time zone this server knows/);
});
