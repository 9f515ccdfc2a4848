import { campaign, candidate, context, DAY, seeded, sequence } from "../../../../test/decision-fixtures";
import { targetingRequest } from "../../../../test/targeting-request";
import { PacingMode } from "../../campaigns/campaign.entity";
import { dailyAllowance, decide, decideSeveral, isEligible, slotOf } from "./decision";
import type { SlotCandidate } from "../model";

it("gives the zone to the highest CPM when no other campaign is near it", () => {
  const candidates = [campaign(1, { ecpmMicros: 9_000_000 }), campaign(2, { ecpmMicros: 4_000_000 })].map(candidate);
  const winners = new Set(Array.from({ length: 50 }, () => decide(slotOf(candidates), context())!.campaign.id));
  expect(winners).toEqual(new Set([1]));
});

it("passes over every campaign of an advertiser with nothing available, for the next best", () => {
  const candidates = [campaign(1, { ecpmMicros: 9_000_000, advertiserId: 7 }), campaign(2, { ecpmMicros: 8_800_000, advertiserId: 7 }), campaign(3, { ecpmMicros: 2_000_000 })].map(candidate);
  const unfunded = context({ hasFunds: (advertiserId) => advertiserId !== 7 });
  const winners = new Set(Array.from({ length: 50 }, () => decide(slotOf(candidates), unfunded)!.campaign.id));
  expect(winners).toEqual(new Set([3]));
  expect(decide(slotOf(candidates.slice(0, 2)), unfunded)).toBeNull();
});

it("fills several slots with one campaign per advertiser, best price first, and stops when no other advertiser is left", () => {
  const candidates = [
    campaign(1, { ecpmMicros: 9_000_000, advertiserId: 7 }),
    campaign(2, { ecpmMicros: 8_900_000, advertiserId: 7 }),
    campaign(3, { ecpmMicros: 5_000_000, advertiserId: 8 }),
    campaign(4, { ecpmMicros: 3_000_000, advertiserId: 9, servable: false }),
    campaign(5, { ecpmMicros: 1_000_000, advertiserId: 10 }),
  ].map(candidate);
  const refused: string[] = [];
  for (let i = 0; i < 50; i++) {
    const picked = decideSeveral(slotOf(candidates), context({ refused: (reason) => refused.push(reason) }), 4).map(({ campaign }) => campaign.advertiserId);
    expect(picked).toEqual([7, 8, 10]);
  }
  // A box partly filled was not turned away by the publisher.
  expect(refused).toEqual([]);
  expect(decideSeveral(slotOf(candidates), context(), 2).map(({ campaign }) => campaign.advertiserId)).toEqual([7, 8]);
});

it("shares traffic among near ties in proportion to their CPM", () => {
  const candidates = [campaign(1, { ecpmMicros: 5_000_000 }), campaign(2, { ecpmMicros: 4_600_000 }), campaign(3, { ecpmMicros: 1_000_000 })].map(
    candidate,
  );
  const shared = context({ random: sequence() });
  const wins = new Map<number, number>();
  for (let i = 0; i < 10_000; i++) {
    const id = decide(slotOf(candidates), shared)!.campaign.id;
    wins.set(id, (wins.get(id) ?? 0) + 1);
  }
  expect(wins.get(3)).toBeUndefined();
  expect((wins.get(1) ?? 0) / 10_000).toBeCloseTo(5 / 9.6, 1);
  expect((wins.get(2) ?? 0) / 10_000).toBeCloseTo(4.6 / 9.6, 1);
});

function shares(candidates: SlotCandidate[], draws: number): Map<number, number> {
  const shared = context({ random: seeded(42) });
  const wins = new Map<number, number>();
  for (let i = 0; i < draws; i++) {
    const id = decide(slotOf(candidates), shared)!.campaign.id;
    wins.set(id, (wins.get(id) ?? 0) + 1 / draws);
  }
  return wins;
}

it("keeps the CPM odds among the eligible near ties when others in the range are not eligible", () => {
  const elsewhere = { countries: new Set(["DE"]) };
  const candidates = [
    campaign(1, { ecpmMicros: 5_000_000 }),
    campaign(2, { ecpmMicros: 4_900_000, ...elsewhere }),
    campaign(3, { ecpmMicros: 4_800_000 }),
    campaign(4, { ecpmMicros: 4_700_000, servable: false }),
    campaign(5, { ecpmMicros: 4_600_000 }),
  ].map(candidate);
  const wins = shares(candidates, 10_000);
  expect(wins.get(2)).toBeUndefined();
  expect(wins.get(4)).toBeUndefined();
  expect(wins.get(1)).toBeCloseTo(5 / 14.4, 1);
  expect(wins.get(3)).toBeCloseTo(4.8 / 14.4, 1);
  expect(wins.get(5)).toBeCloseTo(4.6 / 14.4, 1);
});

it("keeps the odds when nearly all of the range is not eligible and every draw may miss", () => {
  const blocked = Array.from({ length: 40 }, (_, i) => campaign(100 + i, { ecpmMicros: 9_900_000 - i, countries: new Set(["DE"]) }));
  const candidates = [campaign(1, { ecpmMicros: 10_000_000 }), ...blocked, campaign(2, { ecpmMicros: 9_000_000 })].map(candidate);
  const wins = shares(candidates, 5_000);
  expect([...wins.keys()].sort()).toEqual([1, 2]);
  expect(wins.get(1)).toBeCloseTo(10 / 19, 1);
});

it("skips a better campaign that is not eligible and falls back to the next", () => {
  const candidates = [campaign(1, { ecpmMicros: 9_000_000, countries: new Set(["DE"]) }), campaign(2)].map(candidate);
  expect(decide(slotOf(candidates), context())!.campaign.id).toBe(2);
  expect(decide(slotOf(candidates), context({ country: "DE" }))!.campaign.id).toBe(1);
  expect(decide(slotOf([candidates[0]]), context({ country: "XX" }))).toBeNull();
});

it("respects flight dates, status and budget", () => {
  expect(isEligible(campaign(1, { startDate: "2026-11-22" }), context())).toBe(false);
  expect(isEligible(campaign(1, { endDate: "2026-11-20" }), context())).toBe(false);
  expect(isEligible(campaign(1, { endDate: DAY }), context())).toBe(true);
  expect(isEligible(campaign(1, { servable: false }), context())).toBe(false);
  const spent = context({ spendOf: () => ({ total: 1_000_000_000, today: 0 }) });
  expect(isEligible(campaign(1), spent)).toBe(false);
});

it("paces: the budget left at the start of the day over the days left, today included", () => {
  // $1,000 budget, $400 spent before today, 10 days left (21st to 30th): $60 a day.
  const entry = campaign(1);
  expect(dailyAllowance(entry, { total: 400_000_000, today: 0 }, DAY)).toBe(60_000_000);
  expect(dailyAllowance(entry, { total: 430_000_000, today: 30_000_000 }, DAY)).toBe(60_000_000);
  expect(isEligible(entry, context({ spendOf: () => ({ total: 459_000_000, today: 59_000_000 }) }))).toBe(true);
  expect(isEligible(entry, context({ spendOf: () => ({ total: 460_000_000, today: 60_000_000 }) }))).toBe(false);
  // The last day may spend everything left.
  expect(dailyAllowance(campaign(1, { endDate: DAY }), { total: 400_000_000, today: 0 }, DAY)).toBe(600_000_000);
});

it("passes over a capped campaign the visitor has seen enough, for the next best, and never asks about uncapped ones", () => {
  const capped = campaign(1, { ecpmMicros: 9_000_000, frequencyCaps: [{ count: 2, per: "day" }] });
  const asked: number[] = [];
  const seenEnough = context({
    withinCaps: (campaignId) => {
      asked.push(campaignId);
      return false;
    },
  });
  expect(decide(slotOf([capped, campaign(2, { ecpmMicros: 2_000_000 })].map(candidate)), seenEnough)!.campaign.id).toBe(2);
  expect(new Set(asked)).toEqual(new Set([1]));
  expect(isEligible(capped, context())).toBe(true);
});

it("releases an even campaign's day along the traffic curve, a daily cap included", () => {
  // $60 a day (as above); by mid-curve half of it, $30, may be spent.
  const spentToday = (today: number) => ({ spendOf: () => ({ total: 400_000_000 + today, today }) });
  const entry = campaign(1);
  expect(isEligible(entry, context({ releasedShare: 0.5, ...spentToday(29_000_000) }))).toBe(true);
  expect(isEligible(entry, context({ releasedShare: 0.5, ...spentToday(30_000_000) }))).toBe(false);
  expect(isEligible(entry, context({ releasedShare: 0, ...spentToday(0) }))).toBe(false);
  // A $20 daily cap below the allowance is what is released: $10 by mid-curve, $20 at the end.
  const capped = campaign(1, { dailyCapMicros: 20_000_000 });
  expect(isEligible(capped, context({ releasedShare: 0.5, ...spentToday(9_000_000) }))).toBe(true);
  expect(isEligible(capped, context({ releasedShare: 0.5, ...spentToday(10_000_000) }))).toBe(false);
  expect(isEligible(capped, context({ releasedShare: 1, ...spentToday(20_000_000) }))).toBe(false);
});

it("lets an ASAP campaign spend the rest of its budget at once, or up to its daily cap", () => {
  const early = { releasedShare: 0.01 };
  const asap = campaign(1, { pacing: PacingMode.ASAP });
  expect(isEligible(asap, context({ ...early, spendOf: () => ({ total: 999_000_000, today: 599_000_000 }) }))).toBe(true);
  expect(isEligible(asap, context({ ...early, spendOf: () => ({ total: 1_000_000_000, today: 600_000_000 }) }))).toBe(false);
  const capped = campaign(1, { pacing: PacingMode.ASAP, dailyCapMicros: 5_000_000 });
  expect(isEligible(capped, context({ ...early, spendOf: () => ({ total: 4_900_000, today: 4_900_000 }) }))).toBe(true);
  expect(isEligible(capped, context({ ...early, spendOf: () => ({ total: 5_000_000, today: 5_000_000 }) }))).toBe(false);
});

it("skips a campaign whose compiled targeting refuses the request", () => {
  const keywordsOnly = campaign(1, { ecpmMicros: 9_000_000, matches: (request) => request.keywords.includes("shoes") });
  const candidates = [keywordsOnly, campaign(2)].map(candidate);
  expect(decide(slotOf(candidates), context())!.campaign.id).toBe(2);
  expect(decide(slotOf(candidates), context({ request: targetingRequest({ keywords: ["shoes"] }) }))!.campaign.id).toBe(1);
});
