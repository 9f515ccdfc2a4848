import { monthToDate, percentChange, pointsChange, sumPeriodTotals } from "./month-over-month";

const utc = (iso: string) => new Date(`${iso}Z`);
const span = (now: string) => {
  const { thisMonthStart, lastMonthStart, lastMonthEnd } = monthToDate(utc(now));
  return { thisMonthStart: thisMonthStart.toISOString(), lastMonthStart: lastMonthStart.toISOString(), lastMonthEnd: lastMonthEnd.toISOString() };
};

describe("the stretch of last month compared with this month so far", () => {
  it("is as many hours into last month as this month has begun, the current hour included", () => {
    expect(span("2026-05-10T12:30:00")).toEqual({
      thisMonthStart: "2026-05-01T00:00:00.000Z",
      lastMonthStart: "2026-04-01T00:00:00.000Z",
      lastMonthEnd: "2026-04-10T13:00:00.000Z",
    });
    expect(span("2026-05-10T12:00:00").lastMonthEnd).toBe("2026-04-10T12:00:00.000Z");
  });

  it("reaches back into December of the year before in January", () => {
    expect(span("2027-01-15T08:00:00")).toEqual({
      thisMonthStart: "2027-01-01T00:00:00.000Z",
      lastMonthStart: "2026-12-01T00:00:00.000Z",
      lastMonthEnd: "2026-12-15T08:00:00.000Z",
    });
  });

  it("is the whole of February on March 31, never spilling into March", () => {
    expect(span("2026-03-31T18:00:00")).toEqual({
      thisMonthStart: "2026-03-01T00:00:00.000Z",
      lastMonthStart: "2026-02-01T00:00:00.000Z",
      lastMonthEnd: "2026-03-01T00:00:00.000Z",
    });
  });

  it("counts February 29 in a leap year", () => {
    expect(span("2028-03-29T06:00:00").lastMonthEnd).toBe("2028-02-29T06:00:00.000Z");
  });

  it("is the first hours of last month on the 1st, and nothing at its very first moment", () => {
    expect(span("2026-07-01T03:00:00").lastMonthEnd).toBe("2026-06-01T03:00:00.000Z");
    expect(span("2026-07-01T00:00:00").lastMonthEnd).toBe("2026-06-01T00:00:00.000Z");
  });
});

describe("the change of a count or an amount", () => {
  it("is in percent with two decimals, halves away from zero", () => {
    expect(percentChange(1125, 1000)).toBe(12.5);
    expect(percentChange(969, 1000)).toBe(-3.1);
    expect(percentChange(2, 3)).toBe(-33.33);
    expect(percentChange(801, 800)).toBe(0.13);
    expect(percentChange(799, 800)).toBe(-0.13);
    expect(percentChange(80_005, 80_000)).toBe(0.01);
    expect(percentChange(79_995, 80_000)).toBe(-0.01);
  });

  it("is 0 when nothing moved and -100 when this month has nothing yet", () => {
    expect(percentChange(500, 500)).toBe(0);
    expect(percentChange(0, 500)).toBe(-100);
  });

  it("is null when last month had none, whatever this month has", () => {
    expect(percentChange(1_400_000, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });
});

describe("the change of a rate", () => {
  it("is the difference in percentage points, from the exact rates", () => {
    // 1.5% against 1.25%.
    expect(pointsChange({ part: 15, whole: 1000 }, { part: 5, whole: 400 })).toBe(0.25);
    // 2/3 = 66.666…% against 100%.
    expect(pointsChange({ part: 2, whole: 3 }, { part: 4, whole: 4 })).toBe(-33.33);
  });

  it("compares with a 0% rate over real traffic", () => {
    expect(pointsChange({ part: 12, whole: 800 }, { part: 0, whole: 200 })).toBe(1.5);
  });

  it("takes a month without traffic as a rate of 0", () => {
    expect(pointsChange({ part: 0, whole: 0 }, { part: 4, whole: 200 })).toBe(-2);
  });

  it("is null when last month had nothing for the rate to be of", () => {
    expect(pointsChange({ part: 12, whole: 800 }, { part: 0, whole: 0 })).toBeNull();
    expect(pointsChange({ part: 0, whole: 0 }, { part: 0, whole: 0 })).toBeNull();
  });
});

it("adds kept totals into this month, and last month's days and hours", () => {
  const months = monthToDate(utc("2026-05-10T12:30:00"));
  const rows = [
    { grain: "m", period: "2026-03-01 00:00:00.000", value: 7 },
    { grain: "m", period: new Date("2026-04-01T00:00:00Z"), value: 40 },
    { grain: "m", period: "2026-05-01 00:00:00.000", value: 5 },
    { grain: "d", period: "2026-04-03 00:00:00.000", value: 20 },
    { grain: "h", period: "2026-04-10 12:00:00.000", value: 1 },
  ];
  expect(sumPeriodTotals(rows, months, (a, b) => a + b, 0)).toEqual({ thisMonth: 5, lastMonth: 21 });
  expect(sumPeriodTotals([], months, (a, b) => a + b, 0)).toEqual({ thisMonth: 0, lastMonth: 0 });
});
