import { campaign, context, creative, seeded } from "../../../../test/decision-fixtures";
import { CreativeRotation } from "../../campaigns/campaign.entity";
import { EXPLORATION, pickCreative, rotationShares } from "./creative-rotation";
import { oddsOfBest } from "../learning/creative-odds";
import type { SlotCandidate } from "../model";

const DRAWS = 20_000;

/** Each creative's share of DRAWS picks for a campaign of creatives 1, 2 and 3, with the odds given (by id). */
function picks(rotation: CreativeRotation, odds: Record<number, number>): number[] {
  const slot: SlotCandidate = { campaign: campaign(1, { rotation }), creatives: [creative(1), creative(2), creative(3)] };
  const request = context({ random: seeded(3), creativeOdds: (id) => odds[id] ?? -1 });
  const counts = [0, 0, 0];
  for (let i = 0; i < DRAWS; i++) counts[pickCreative(slot.campaign, slot.creatives, request).id - 1]++;
  return counts.map((count) => count / DRAWS);
}

it("shares evenly in an even rotation, whatever the odds", () => {
  for (const share of picks(CreativeRotation.EVEN, { 1: 1, 2: 0, 3: 0 })) expect(share).toBeCloseTo(1 / 3, 1);
});

it("picks by the odds in an optimised rotation, keeping at least 10% exploration spread evenly", () => {
  const [best, second, worst] = picks(CreativeRotation.OPTIMISED, { 1: 0.8, 2: 0.2, 3: 0 });
  expect(EXPLORATION).toBeGreaterThanOrEqual(0.1);
  expect(best).toBeCloseTo(EXPLORATION / 3 + 0.9 * 0.8, 2);
  expect(second).toBeCloseTo(EXPLORATION / 3 + 0.9 * 0.2, 2);
  expect(worst).toBeCloseTo(EXPLORATION / 3, 2);
  expect(rotationShares(CreativeRotation.OPTIMISED, [0.8, 0.2, 0])).toEqual([EXPLORATION / 3 + 0.9 * 0.8, EXPLORATION / 3 + 0.9 * 0.2, EXPLORATION / 3]);
});

it("shares evenly while a creative's odds are not known yet", () => {
  for (const share of picks(CreativeRotation.OPTIMISED, { 1: 1, 2: 0 })) expect(share).toBeCloseTo(1 / 3, 1);
});

it("gives the odds of the best click rate: even without data, nearly all to the better creative after enough", () => {
  const random = seeded(11);
  for (const odds of oddsOfBest([{ impressions: 0, clicks: 0 }, { impressions: 0, clicks: 0 }], random)) expect(odds).toBeCloseTo(0.5, 1);
  const [good, poor] = oddsOfBest([{ impressions: 5000, clicks: 60 }, { impressions: 5000, clicks: 20 }], random);
  expect(good).toBeGreaterThan(0.99);
  expect(poor).toBeLessThan(0.01);
  // A little data leaves the question open: both keep a real share.
  const [ahead, behind] = oddsOfBest([{ impressions: 100, clicks: 2 }, { impressions: 100, clicks: 1 }], random);
  expect(ahead).toBeGreaterThan(0.5);
  expect(behind).toBeGreaterThan(0.15);
});
