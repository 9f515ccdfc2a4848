import { comparePeriods, periodLabel } from "./report-periods";

const value = (row: { key: string; value: number | null }) => row.value;

test("each period of the server's axis sits beside the same period of the range before, and quiet periods of a rate stay on the axis, empty", () => {
  const points = comparePeriods(
    {
      periods: ["2026-03-10T00:00:00.000Z", "2026-03-11T00:00:00.000Z", "2026-03-12T00:00:00.000Z"],
      previousPeriods: ["2026-03-07T00:00:00.000Z", "2026-03-08T00:00:00.000Z", "2026-03-09T00:00:00.000Z"],
      series: [{ key: "2026-03-10T00:00:00.000Z", value: 5 }, { key: "2026-03-12T00:00:00.000Z", value: 7 }],
      previousSeries: [{ key: "2026-03-08T00:00:00.000Z", value: 3 }],
    },
    value,
    null,
  );
  expect(points).toEqual([
    { period: "2026-03-10T00:00:00.000Z", current: 5, previous: null },
    { period: "2026-03-11T00:00:00.000Z", current: null, previous: 3 },
    { period: "2026-03-12T00:00:00.000Z", current: 7, previous: null },
  ]);
});

test("days of a zone behind UTC start at its midnight, and a shorter range before leaves the last points without a comparison", () => {
  const points = comparePeriods(
    {
      periods: ["2026-03-01T05:00:00.000Z", "2026-04-01T04:00:00.000Z"],
      previousPeriods: ["2026-02-01T05:00:00.000Z"],
      series: [{ key: "2026-04-01T04:00:00.000Z", value: 9 }],
      previousSeries: [{ key: "2026-02-01T05:00:00.000Z", value: 4 }],
    },
    value,
    null,
  );
  expect(points).toEqual([
    { period: "2026-03-01T05:00:00.000Z", current: null, previous: 4 },
    { period: "2026-04-01T04:00:00.000Z", current: 9, previous: null },
  ]);
});

test("quiet periods of a count or an amount read zero, on both ranges, where the range before has a period to compare", () => {
  const points = comparePeriods(
    {
      periods: ["2026-03-10T00:00:00.000Z", "2026-03-11T00:00:00.000Z", "2026-03-12T00:00:00.000Z"],
      previousPeriods: ["2026-03-08T00:00:00.000Z", "2026-03-09T00:00:00.000Z"],
      series: [{ key: "2026-03-11T00:00:00.000Z", value: 5 }],
      previousSeries: [{ key: "2026-03-09T00:00:00.000Z", value: null }],
    },
    value,
    0,
  );
  expect(points).toEqual([
    { period: "2026-03-10T00:00:00.000Z", current: 0, previous: 0 },
    { period: "2026-03-11T00:00:00.000Z", current: 5, previous: null },
    { period: "2026-03-12T00:00:00.000Z", current: 0, previous: null },
  ]);
});

test("periods read in the report's time zone", () => {
  expect(periodLabel("2026-03-10T00:00:00.000Z", "DAY", "UTC")).toBe("Mar 10");
  expect(periodLabel("2026-03-10T15:00:00.000Z", "HOUR", "UTC")).toBe("Mar 10, 15:00");
  expect(periodLabel("2026-03-01T00:00:00.000Z", "MONTH", "UTC")).toBe("Mar 2026");
  expect(periodLabel("2026-03-10T04:00:00.000Z", "DAY", "America/New_York")).toBe("Mar 10");
});
