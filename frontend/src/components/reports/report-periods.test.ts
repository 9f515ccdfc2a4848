import { comparePeriods, periodLabel } from "./report-periods";

const value = (row: { key: string; value: number | null }) => row.value;

test("each day of the range sits beside the same day of the range before, and quiet days stay on the axis, empty", () => {
  const points = comparePeriods(
    {
      from: "2026-03-10",
      to: "2026-03-12",
      granularity: "DAY",
      series: [{ key: "2026-03-10T00:00:00.000Z", value: 5 }, { key: "2026-03-12T00:00:00.000Z", value: 7 }],
      previousSeries: [{ key: "2026-03-08T00:00:00.000Z", value: 3 }],
    },
    value,
  );
  expect(points).toEqual([
    { period: "2026-03-10T00:00:00.000Z", current: 5, previous: null },
    { period: "2026-03-11T00:00:00.000Z", current: null, previous: 3 },
    { period: "2026-03-12T00:00:00.000Z", current: 7, previous: null },
  ]);
});

test("months count every month the range touches, and hours every hour of its days", () => {
  const month = comparePeriods({ from: "2026-01-15", to: "2026-03-10", granularity: "MONTH", series: [], previousSeries: [] }, value);
  expect(month.map((point) => point.period)).toEqual(["2026-01-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z"]);
  expect(comparePeriods({ from: "2026-03-01", to: "2026-03-31", granularity: "MONTH", series: [], previousSeries: [] }, value)).toHaveLength(1);
  expect(comparePeriods({ from: "2026-03-01", to: "2026-03-02", granularity: "HOUR", series: [], previousSeries: [] }, value)).toHaveLength(48);
});

test("periods read in the report's time zone", () => {
  expect(periodLabel("2026-03-10T00:00:00.000Z", "DAY", "UTC")).toBe("Mar 10");
  expect(periodLabel("2026-03-10T15:00:00.000Z", "HOUR", "UTC")).toBe("Mar 10, 15:00");
  expect(periodLabel("2026-03-01T00:00:00.000Z", "MONTH", "UTC")).toBe("Mar 2026");
});
