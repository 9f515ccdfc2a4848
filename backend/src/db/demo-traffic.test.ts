import { apportion, demoTrafficDays, type DemoTrafficPlan, WEEKLY } from "./demo-traffic";

const HOUR = 3_600_000;
const MONDAY = Date.parse("2026-11-02T00:00:00Z");

const plan = (over: Partial<DemoTrafficPlan> = {}): DemoTrafficPlan => ({
  zones: [{ zoneId: 1, siteId: 1, publisherId: 1, requestsPerDay: 2400, week: WEEKLY.workday }],
  campaigns: [
    { campaignId: 5, creativeId: 6, advertiserId: 2, cpmMicros: 4_000_000, zoneIds: [1], countries: { US: 3, CA: 1 }, impressions: 9_999, clickRate: 0.01, conversionRate: 0.05, fromMs: MONDAY, toMs: MONDAY + 5 * 24 * HOUR },
  ],
  countries: { US: 1, GB: 1 },
  revenueShare: 0.7,
  fromMs: MONDAY,
  toMs: MONDAY + 14 * 24 * HOUR - 30 * 60_000,
  seed: 1,
  ...over,
});

it("splits a whole into whole parts that add up to it exactly, by weight", () => {
  expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
  expect(apportion(7, [0, 2, 5])).toEqual([0, 2, 5]);
  expect(apportion(5, [0, 0])).toEqual([0, 0]);
});

it("spreads a campaign's impressions over its flight exactly, a day per batch, with the money they moved, the same on every run", () => {
  const days = demoTrafficDays(plan());
  expect(days).toHaveLength(14);
  const rows = days.flatMap((day) => day.stats);
  const shown = rows.filter((row) => row.campaignId === 5);
  expect(shown.reduce((sum, row) => sum + row.impressions, 0)).toBe(9_999);
  expect(Math.max(...shown.map((row) => row.hour))).toBeLessThan(MONDAY + 5 * 24 * HOUR);
  expect(new Set(shown.map((row) => row.country))).toEqual(new Set(["US", "CA"]));
  const spend = days.flatMap((day) => day.money).filter((entry) => entry.kind === "spend");
  expect(spend.reduce((sum, entry) => sum + entry.amountMicros, 0)).toBe(9_999 * 4_000);
  // The hour still running is counted up to now, not to its end.
  expect(days.at(-1)!.countedAt).toBe(MONDAY + 14 * 24 * HOUR - 30 * 60_000 - 1);
  expect(demoTrafficDays(plan())).toEqual(days);
});

it("has quiet nights, busy evenings, and weekends unlike weekdays", () => {
  const requests = (from: number, hours: number) =>
    demoTrafficDays(plan({ campaigns: [] }))
      .flatMap((day) => day.stats)
      .filter((row) => row.hour >= from && row.hour < from + hours * HOUR)
      .reduce((sum, row) => sum + row.requests, 0);
  expect(requests(MONDAY + 19 * HOUR, 3)).toBeGreaterThan(4 * requests(MONDAY + 2 * HOUR, 3));
  const saturday = MONDAY + 5 * 24 * HOUR;
  expect(requests(saturday, 48)).toBeLessThan(0.8 * requests(MONDAY + 24 * HOUR, 48));
});
