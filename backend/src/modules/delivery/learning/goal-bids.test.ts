import { BidStrategy } from "../../campaigns/campaign.entity";
import { EXPLORING_IMPRESSIONS, goalBids, type ZoneTally } from "./goal-bids";
import { PRIOR_IMPRESSIONS } from "./rate-prediction";

const rates = { ctr: 0.002, conversionRate: 0.001 };
const goal = (bidStrategy: BidStrategy, fields: Partial<{ bidMicros: number; targetCpaMicros: number; targetCpcMicros: number }> = {}) => ({
  bidStrategy,
  bidMicros: 50_000_000,
  targetCpaMicros: 20_000_000,
  targetCpcMicros: 500_000,
  ...fields,
});
const zone = (zoneId: number, impressions: number, conversions: number, clicks = 0): ZoneTally => ({ campaignId: 1, zoneId, impressions, clicks, conversions, spendMicros: impressions * 1000 });

it("bids a fixed campaign no zone bids", () => {
  expect(goalBids(goal(BidStrategy.FIXED), rates, [zone(1, 10_000, 50)])).toBeNull();
});

it("bids target CPA times the zone's predicted conversions per thousand, shrunk toward the campaign's rate", () => {
  // 100,000 impressions at 0.4%: (400 + 0.001 × 2,000) / 102,000 = 0.394%; $20 × 3.94 = $78.8, capped at the $50 bid.
  const bids = goalBids(goal(BidStrategy.TARGET_CPA), rates, [zone(1, 100_000, 400), zone(2, 100_000, 100)])!;
  expect(bids.byZone.get(1)).toBe(50_000_000);
  const rate2 = (100 + 0.001 * PRIOR_IMPRESSIONS) / (100_000 + PRIOR_IMPRESSIONS);
  expect(bids.byZone.get(2)).toBe(Math.round(20_000_000 * rate2 * 1000));
  // A zone without results is explored at the full bid.
  expect(bids.elsewhere).toBe(50_000_000);
  expect(bids.highest).toBe(50_000_000);
});

it("bids target CPC on the zone's click rate", () => {
  const bids = goalBids(goal(BidStrategy.TARGET_CPC), rates, [zone(1, 50_000, 0, 50)])!;
  const rate = (50 + 0.002 * PRIOR_IMPRESSIONS) / (50_000 + PRIOR_IMPRESSIONS);
  expect(bids.byZone.get(1)).toBe(Math.round(500_000 * rate * 1000));
});

it("bids the full bid in a zone still being explored, and the goal's bid once it has the impressions", () => {
  const bids = goalBids(goal(BidStrategy.TARGET_CPA), rates, [zone(1, EXPLORING_IMPRESSIONS - 1, 0), zone(2, EXPLORING_IMPRESSIONS, 0)])!;
  expect(bids.byZone.get(1)).toBe(50_000_000);
  const rate = (0.001 * PRIOR_IMPRESSIONS) / (EXPLORING_IMPRESSIONS + PRIOR_IMPRESSIONS);
  expect(bids.byZone.get(2)).toBe(Math.round(20_000_000 * rate * 1000));
});

it("bids most conversions at one cost per conversion everywhere, the bid in the zone most likely to convert", () => {
  const bids = goalBids(goal(BidStrategy.MAX_CONVERSIONS, { bidMicros: 10_000_000 }), rates, [zone(1, 100_000, 500), zone(2, 100_000, 100)])!;
  expect(bids.byZone.get(1)).toBe(10_000_000);
  const rate = (zoneId: number, conversions: number) => [zoneId, (conversions + 0.001 * PRIOR_IMPRESSIONS) / (100_000 + PRIOR_IMPRESSIONS)] as const;
  const [, best] = rate(1, 500);
  const [, worse] = rate(2, 100);
  expect(bids.byZone.get(2)! / bids.byZone.get(1)!).toBeCloseTo(worse / best, 5);
});
