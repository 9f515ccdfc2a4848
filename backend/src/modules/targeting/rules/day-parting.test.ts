import { targetingRequest } from "../../../../test/targeting-request";
import { dayPartingRule } from "./day-parting";

const weekdays = [1, 2, 3, 4, 5];

it("refuses an empty day-part, hours out of range and an unknown time zone, naming the field", () => {
  expect(() => dayPartingRule.parse({ timeZone: "Europe/Berlin", days: weekdays, hours: [] })).toThrow(
    expect.objectContaining({ field: "targeting.dayParting", message: "Day-parting: pick at least one hour" }),
  );
  expect(() => dayPartingRule.parse({ timeZone: "Europe/Berlin", days: [], hours: [9] })).toThrow("Day-parting: pick at least one day");
  expect(() => dayPartingRule.parse({ timeZone: "Europe/Berlin", days: weekdays, hours: [24] })).toThrow("hours must be a list of whole numbers from 0 to 23");
  expect(() => dayPartingRule.parse({ timeZone: "Mars/Olympus", days: weekdays, hours: [9] })).toThrow("Day-parting: pick a time zone such as Europe/Berlin");
});

it("reads the days and hours in the advertiser's time zone, half-hour zones and summer time included", () => {
  const officeHours = dayPartingRule.compile(dayPartingRule.parse({ timeZone: "Europe/Berlin", days: weekdays, hours: [9, 10, 11, 12, 13, 14, 15, 16] })!);
  // Monday 23 November 2026, 10:00 UTC is 11:00 in Berlin (winter time).
  expect(officeHours(targetingRequest({ atMs: Date.parse("2026-11-23T10:00:00Z") }))).toBe(true);
  expect(officeHours(targetingRequest({ atMs: Date.parse("2026-11-23T16:00:00Z") }))).toBe(false);
  // Saturday.
  expect(officeHours(targetingRequest({ atMs: Date.parse("2026-11-28T10:00:00Z") }))).toBe(false);
  // In July Berlin is UTC+2: 07:30 UTC is 09:30.
  expect(officeHours(targetingRequest({ atMs: Date.parse("2026-07-06T07:30:00Z") }))).toBe(true);
  expect(officeHours(targetingRequest({ atMs: Date.parse("2026-07-06T06:30:00Z") }))).toBe(false);

  const indiaNine = dayPartingRule.compile({ timeZone: "Asia/Kolkata", days: [1], hours: [9] });
  // 03:30 UTC is 09:00 in India (UTC+5:30); 03:29 is still 08:59.
  expect(indiaNine(targetingRequest({ atMs: Date.parse("2026-11-23T03:30:00Z") }))).toBe(true);
  expect(indiaNine(targetingRequest({ atMs: Date.parse("2026-11-23T03:29:00Z") }))).toBe(false);
});
