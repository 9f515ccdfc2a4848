import { HOUR_MS } from "../../reports/grains";
import { curveOf, CURVE_MIN_REQUESTS, TrafficCurve } from "./traffic-curve";

const DAY_START = Date.parse("2026-11-21T00:00:00Z");

/** Two weeks of counted hours, each hour of the day with `perHour(hour)` requests. */
function history(perHour: (hour: number) => number, days = 14) {
  return Array.from({ length: days * 24 }, (_, index) => ({ startMs: DAY_START - (days * 24 - index) * HOUR_MS, requests: perHour(index % 24) }));
}

it("is flat without history: each hour releases 1/24 of the day, linearly within the hour", () => {
  const curve = new TrafficCurve();
  expect(curve.expectedShareBy(DAY_START)).toBe(0);
  expect(curve.expectedShareBy(DAY_START + 6 * HOUR_MS)).toBeCloseTo(0.25, 10);
  expect(curve.expectedShareBy(DAY_START + 6.5 * HOUR_MS)).toBeCloseTo(6.5 / 24, 10);
  expect(curve.expectedShareBy(DAY_START + 24 * HOUR_MS - 1)).toBeCloseTo(1, 6);
});

it("stays flat on too little history, and follows the traffic's shape on enough", () => {
  const busyEvenings = (hour: number) => (hour >= 18 ? 3 : 1) * 100;
  expect(curveOf(history(busyEvenings, 2)).flat).toBe(true);
  expect(curveOf(history(() => CURVE_MIN_REQUESTS / (14 * 24) / 2)).flat).toBe(true);

  const curve = curveOf(history(busyEvenings));
  expect(curve.flat).toBe(false);
  // 18 quiet hours of 1 and 6 busy hours of 3 make 36 parts; 5% of each hour's share is the flat 1/24.
  expect(curve.shareOf(3)).toBeCloseTo(0.95 / 36 + 0.05 / 24, 10);
  expect(curve.shareOf(20)).toBeCloseTo(0.95 * (3 / 36) + 0.05 / 24, 10);
  expect(curve.expectedShareBy(DAY_START + 18 * HOUR_MS)).toBeCloseTo(18 * (0.95 / 36 + 0.05 / 24), 10);
  expect(curve.expectedShareBy(DAY_START + 24 * HOUR_MS - 1)).toBeCloseTo(1, 6);
});

it("looks ahead only to the end of the day, never into the next", () => {
  const curve = new TrafficCurve();
  expect(curve.expectedShareBy(DAY_START + 23.95 * HOUR_MS, 10 * 60_000)).toBe(1);
  expect(curve.expectedShareBy(DAY_START + 24 * HOUR_MS, 5 * 60_000)).toBeCloseTo(5 / 60 / 24, 10);
});
