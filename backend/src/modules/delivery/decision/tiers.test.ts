import { campaign, candidate, context, seeded } from "../../../../test/decision-fixtures";
import { DeliveryTier, GoalType } from "../../campaigns/campaign.entity";
import { GoalPace } from "../learning/goal-pacing";
import { decide, offeredBidMicros, slotOf } from "./decision";

const REQUESTS = 10_000;

/** How many of REQUESTS each campaign fills, 0 for none. */
function fills(candidates: ReturnType<typeof candidate>[], overrides: Parameters<typeof context>[0] = {}): Map<number, number> {
  const slot = slotOf(candidates);
  const counts = new Map<number, number>();
  const random = seeded(3);
  for (let index = 0; index < REQUESTS; index++) {
    const id = decide(slot, context({ random, ...overrides }))?.campaign.id ?? 0;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

it("gives a sponsorship its share of the requests it matches, and the auction the rest, whatever the auction bids", () => {
  const sponsorship = campaign(1, { tier: DeliveryTier.SPONSORSHIP, takeShare: 0.3, bidMicros: 1_000_000, ecpmMicros: 1_000_000 });
  const counts = fills([sponsorship, campaign(2, { ecpmMicros: 50_000_000 })].map(candidate));
  expect(counts.get(1)! / REQUESTS).toBeCloseTo(0.3, 1);
  expect(counts.get(2)! + counts.get(1)!).toBe(REQUESTS);
});

it("takes sponsorships before a guaranteed campaign, each within its share, and counts what the guaranteed one matched", () => {
  const goal = new GoalPace(GoalType.IMPRESSIONS, 1_000_000);
  const guaranteed = campaign(2, { tier: DeliveryTier.GUARANTEED, takeShare: 0.5, goal });
  const counts = fills([guaranteed, campaign(1, { tier: DeliveryTier.SPONSORSHIP, takeShare: 0.4 }), campaign(3)].map(candidate));
  expect(counts.get(1)! / REQUESTS).toBeCloseTo(0.4, 1);
  expect(counts.get(2)! / REQUESTS).toBeCloseTo(0.5, 1);
  expect(goal.matched).toBe(REQUESTS);
  expect(goal.taken).toBe(counts.get(2));
});

it("fills with house ads only what nothing else takes, unfunded and without a budget, and offers them at no price", () => {
  const house = [10, 11].map((id) => campaign(id, { tier: DeliveryTier.HOUSE, advertiserId: 9, budgetMicros: 0 }));
  const auction = campaign(1, { matches: (request) => request.zoneId === 1 });
  expect(fills([...house, auction].map(candidate), { hasFunds: (advertiserId) => advertiserId !== 9 })).toEqual(new Map([[1, REQUESTS]]));
  const elsewhere = fills([...house, auction].map(candidate), { request: { ...context().request, zoneId: 2 } });
  expect(elsewhere.get(10)! / REQUESTS).toBeCloseTo(0.5, 1);
  expect(elsewhere.get(10)! + elsewhere.get(11)!).toBe(REQUESTS);
  expect(offeredBidMicros(house[0], 1)).toBe(0);
  expect(offeredBidMicros(auction, 1)).toBe(auction.bidMicros);
});
