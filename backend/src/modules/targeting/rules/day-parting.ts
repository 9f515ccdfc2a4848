import { isTimeZone, clockOf } from "../local-clock";
import { fieldsOf, refuse, type TargetingRule } from "../rule";

export interface DayPartingValue {
  /** IANA time zone the days and hours are read in. */
  timeZone: string;
  /** ISO weekdays: 1 is Monday, 7 is Sunday. */
  days: number[];
  /** Hours of the day, 0 to 23, in the time zone. */
  hours: number[];
}

const KEY = "dayParting";
const LABEL = "Day-parting";

function wholeNumbers(raw: unknown, min: number, max: number, what: string): number[] {
  if (!Array.isArray(raw) || raw.some((item) => !Number.isInteger(item) || item < min || item > max)) {
    refuse(KEY, LABEL, `${what} must be a list of whole numbers from ${min} to ${max}`);
  }
  const numbers = [...new Set(raw as number[])].sort((a, b) => a - b);
  if (numbers.length === 0) refuse(KEY, LABEL, `pick at least one ${what === "days" ? "day" : "hour"}`);
  return numbers;
}

export const dayPartingRule: TargetingRule<DayPartingValue> = {
  key: KEY,
  label: LABEL,
  kind: "dayParting",
  options: [
    { value: "1", label: "Mon" },
    { value: "2", label: "Tue" },
    { value: "3", label: "Wed" },
    { value: "4", label: "Thu" },
    { value: "5", label: "Fri" },
    { value: "6", label: "Sat" },
    { value: "7", label: "Sun" },
  ],
  parse(raw) {
    if (raw === undefined || raw === null) return null;
    const fields = fieldsOf(KEY, LABEL, raw);
    const timeZone = typeof fields.timeZone === "string" ? fields.timeZone.trim() : "";
    if (!timeZone || timeZone.length > 64 || !isTimeZone(timeZone)) refuse(KEY, LABEL, "pick a time zone such as Europe/Berlin");
    return { timeZone, days: wholeNumbers(fields.days, 1, 7, "days"), hours: wholeNumbers(fields.hours, 0, 23, "hours") };
  },
  compile({ timeZone, days, hours }) {
    // The week's 168 hours, worked out once: a request looks its hour up.
    const open = new Uint8Array(7 * 24);
    for (const day of days) for (const hour of hours) open[(day - 1) * 24 + hour] = 1;
    const clock = clockOf(timeZone);
    return (request) => open[clock.weekHour(request.atMs)] === 1;
  },
};
