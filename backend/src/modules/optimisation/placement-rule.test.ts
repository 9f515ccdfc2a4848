import { MIN_CAMPAIGN_RESULTS, placementVerdict, poissonAtMost } from "./placement-rule";

it("sums Poisson tails as the tables give them", () => {
  expect(poissonAtMost(0, 3)).toBeCloseTo(Math.exp(-3), 12);
  expect(poissonAtMost(2, 3)).toBeCloseTo(0.42319, 5);
  expect(poissonAtMost(0, 0)).toBe(1);
  // A large mean neither underflows nor passes 1.
  expect(poissonAtMost(900, 1000)).toBeGreaterThan(0);
  expect(poissonAtMost(1100, 1000)).toBeLessThanOrEqual(1);
});

it("excludes a zone whose results are below the campaign's rate with 95% confidence, and says so with the figures", () => {
  // 0 conversions where 0.3% of 1,000 expects 3: P = e^-3 = 0.0498.
  const verdict = placementVerdict({ impressions: 1_000, results: 0, campaignRate: 0.003, campaignResults: 40 }, "conversion");
  expect(verdict.exclude).toBe(true);
  expect(verdict.expected).toBeCloseTo(3, 9);
  expect(verdict.reason).toBe("1,000 impressions, 0 conversions where the campaign's rate (0.3%) expects 3: below the campaign's rate with 95% confidence (p = 0.050)");
});

it("keeps a zone whose shortfall is within chance", () => {
  expect(placementVerdict({ impressions: 900, results: 0, campaignRate: 0.003, campaignResults: 40 }, "conversion").exclude).toBe(false);
  expect(placementVerdict({ impressions: 10_000, results: 25, campaignRate: 0.003, campaignResults: 40 }, "conversion").exclude).toBe(false);
});

it("judges no zone before the campaign's own rate is known", () => {
  const verdict = placementVerdict({ impressions: 100_000, results: 0, campaignRate: 0.003, campaignResults: MIN_CAMPAIGN_RESULTS - 1 }, "click");
  expect(verdict.exclude).toBe(false);
  expect(verdict.reason).toMatch(/^Not judged yet/);
});
