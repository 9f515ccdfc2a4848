import { presetRange, todayIn } from "./report-range";

test.each([
  ["today", "2026-03-15", "2026-03-15"],
  ["yesterday", "2026-03-14", "2026-03-14"],
  ["last7", "2026-03-09", "2026-03-15"],
  ["last30", "2026-02-14", "2026-03-15"],
  ["thisMonth", "2026-03-01", "2026-03-15"],
  ["lastMonth", "2026-02-01", "2026-02-28"],
] as const)("%s from 2026-03-15 runs from %s to %s", (preset, from, to) => {
  expect(presetRange(preset, "2026-03-15")).toEqual({ from, to });
});

test("the presets cross month and year ends", () => {
  expect(presetRange("yesterday", "2026-03-01")).toEqual({ from: "2026-02-28", to: "2026-02-28" });
  expect(presetRange("lastMonth", "2026-01-10")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  expect(presetRange("last7", "2026-01-03")).toEqual({ from: "2025-12-28", to: "2026-01-03" });
  expect(presetRange("lastMonth", "2024-03-31")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
});

test("today is the report's day, whatever the browser's time zone", () => {
  const lateEvening = new Date("2026-03-15T23:30:00Z");
  expect(todayIn("UTC", lateEvening)).toBe("2026-03-15");
  expect(todayIn("Asia/Tokyo", lateEvening)).toBe("2026-03-16");
});
