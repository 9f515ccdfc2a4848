import { dailyAllowance, decide, DecisionContext, isEligible, slotOf } from "./decision";
import { PricingModel } from "../campaigns/campaign.entity";
import type { CampaignEntry, SlotCandidate } from "./model";
import { targetingRequest } from "../../../test/targeting-request";

const DAY = "2026-11-21";

function campaign(id: number, fields: Partial<CampaignEntry> = {}): CampaignEntry {
  return {
    id,
    advertiserId: 1,
    pricingModel: PricingModel.CPM,
    bidMicros: 4_000_000,
    ecpmMicros: 4_000_000,
    budgetMicros: 1_000_000_000,
    countries: null,
    devices: ["desktop", "mobile", "tablet", "other"],
    matches: null,
    startDate: "2026-11-01",
    endDate: "2026-11-30",
    servable: true,
    ...fields,
    endDayNumber: Math.round(Date.parse(fields.endDate ?? "2026-11-30") / 86_400_000),
  };
}

const candidate = (entry: CampaignEntry): SlotCandidate => ({
  campaign: entry,
  creatives: [{ id: entry.id * 10, type: "image", contentUrl: "https://cdn.example.com/a.png", clickUrl: null, width: 300, height: 250 }],
});

/** Deterministic draws, so a test can count how traffic splits. */
function sequence(): () => number {
  let step = 0;
  return () => ((step++ * 0.6180339887) % 1);
}

const context = (fields: Partial<DecisionContext> = {}): DecisionContext => ({
  country: "US",
  request: targetingRequest(),
  day: DAY,
  spendOf: () => ({ total: 0, today: 0 }),
  hasFunds: () => true,
  random: sequence(),
  ...fields,
});

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

/** A seeded generator (mulberry32): redraws need draws as independent as Math.random's, and repeatable. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

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

it("skips a campaign whose compiled targeting refuses the request", () => {
  const keywordsOnly = campaign(1, { ecpmMicros: 9_000_000, matches: (request) => request.keywords.includes("shoes") });
  const candidates = [keywordsOnly, campaign(2)].map(candidate);
  expect(decide(slotOf(candidates), context())!.campaign.id).toBe(2);
  expect(decide(slotOf(candidates), context({ request: targetingRequest({ keywords: ["shoes"] }) }))!.campaign.id).toBe(1);
});
