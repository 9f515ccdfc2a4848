import { BidStrategy, CreativeRotation, DeliveryTier, PacingMode, PricingModel } from "../src/modules/campaigns/campaign.entity";
import type { DecisionContext } from "../src/modules/delivery/decision/decision";
import { targetingRequest } from "./targeting-request";
import type { CampaignEntry, CreativeEntry, SlotCandidate } from "../src/modules/delivery/model";

/** The day decision unit tests decide on, inside the fixture campaigns' flight. */
export const DAY = "2026-11-21";

/** A live CPM campaign of November 2026 with $1,000 to spend, evenly paced, until `fields` say otherwise. */
export function campaign(id: number, fields: Partial<CampaignEntry> = {}): CampaignEntry {
  return {
    id,
    advertiserId: 1,
    category: "general",
    pricingModel: PricingModel.CPM,
    bidMicros: 4_000_000,
    ecpmMicros: 4_000_000,
    bidStrategy: BidStrategy.FIXED,
    targetCpaMicros: null,
    targetCpcMicros: null,
    zoneBids: null,
    excludedZones: null,
    budgetMicros: 1_000_000_000,
    dailyCapMicros: null,
    pacing: PacingMode.EVEN,
    rotation: CreativeRotation.EVEN,
    countries: null,
    devices: ["desktop", "mobile", "tablet", "other"],
    matches: null,
    startDate: "2026-11-01",
    endDate: "2026-11-30",
    servable: true,
    frequencyCaps: null,
    dealId: null,
    tier: DeliveryTier.AUCTION,
    takeShare: 0,
    goal: null,
    competitors: null,
    roadblockZones: 0,
    ...fields,
    endDayNumber: Math.round(Date.parse(fields.endDate ?? "2026-11-30") / 86_400_000),
  };
}

export const creative = (id: number): CreativeEntry => ({ id, type: "image", contentUrl: "https://cdn.example.com/a.png", clickUrl: null, landingHosts: [], width: 300, height: 250 });

/** The campaign with one creative. */
export const candidate = (entry: CampaignEntry): SlotCandidate => ({ campaign: entry, creatives: [creative(entry.id * 10)] });

/** Deterministic draws, so a test can count how traffic splits. */
export function sequence(): () => number {
  let step = 0;
  return () => (step++ * 0.6180339887) % 1;
}

/** A seeded generator (mulberry32): draws as independent as Math.random's, and repeatable. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A request from the US on DAY with nothing spent, at the end of the day (the whole allowance released). */
export const context = (fields: Partial<DecisionContext> = {}): DecisionContext => ({
  country: "US",
  request: targetingRequest(),
  day: DAY,
  spendOf: () => ({ total: 0, today: 0 }),
  hasFunds: () => true,
  withinCaps: () => true,
  releasedShare: 1,
  creativeOdds: () => -1,
  random: sequence(),
  ...fields,
});
