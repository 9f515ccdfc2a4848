import { campaign, candidate, DAY, seeded } from "../../../../test/decision-fixtures";
import { type Delivered, DIURNAL, simulateDay } from "../../../../test/traffic-simulation";
import { DeliveryTier, GoalType } from "../../campaigns/campaign.entity";
import { HOUR_MS } from "../../reports/grains";
import type { CampaignEntry, SlotCandidate } from "../model";
import { GoalPace } from "../learning/goal-pacing";
import { curveOf } from "../learning/traffic-curve";

const DAY_MS = 24 * HOUR_MS;
const FLIGHT_DAYS = 7;
const FIRST_DAY_MS = Date.parse(`${DAY}T00:00:00Z`);
const curve = curveOf(Array.from({ length: 14 * 24 }, (_, index) => ({ startMs: FIRST_DAY_MS - (14 * 24 - index) * HOUR_MS, requests: DIURNAL[index % 24] * 1000 })));
const dayOf = (index: number) => new Date(FIRST_DAY_MS + index * DAY_MS).toISOString().slice(0, 10);
const flight = { startDate: dayOf(0), endDate: dayOf(FLIGHT_DAYS - 1) };

const REQUESTS_A_DAY = 6_000;
const ZONES = Array.from({ length: 10 }, (_, index) => ({ id: index + 1, requestsADay: REQUESTS_A_DAY, countries: { US: 1 } }));
/** A zone's requests a day as the simulator makes them (each hour's count is rounded). */
const zoneRequestsADay = DIURNAL.reduce((sum, weight) => sum + Math.round((REQUESTS_A_DAY * weight) / DIURNAL.reduce((all, value) => all + value, 0)), 0);
/** Of the requests each guaranteed campaign matches, the share its goal books: two campaigns on each zone book 90% of it. */
const BOOKED_SHARE = 0.45;
const PACING_TICK_MS = 60_000;

/** Auction campaigns with budgets that never run out: zones 1 to 5 are worth $6 CPM to one of them, the others $4. */
const auction = (): CampaignEntry[] => [
  campaign(101, { ...flight, bidMicros: 6_000_000, ecpmMicros: 6_000_000, budgetMicros: 1e12, matches: (request) => request.zoneId <= 5 }),
  campaign(102, { ...flight, bidMicros: 4_000_000, ecpmMicros: 4_000_000, budgetMicros: 1e12 }),
  campaign(103, { ...flight, bidMicros: 3_000_000, ecpmMicros: 3_000_000, budgetMicros: 1e12 }),
];

/** Ten guaranteed campaigns in a ring: each books two neighbouring zones, each zone is booked by two, at $5 CPM. */
const guaranteed = (): CampaignEntry[] =>
  ZONES.map((_, index) => {
    const zones = new Set([index + 1, ((index + 1) % ZONES.length) + 1]);
    const goalAmount = Math.floor(BOOKED_SHARE * zones.size * zoneRequestsADay * FLIGHT_DAYS);
    return campaign(index + 1, {
      ...flight,
      tier: DeliveryTier.GUARANTEED,
      bidMicros: 5_000_000,
      ecpmMicros: 5_000_000,
      budgetMicros: goalAmount * 5_000 * 2,
      matches: (request) => zones.has(request.zoneId),
      goal: new GoalPace(GoalType.IMPRESSIONS, goalAmount),
    });
  });

interface Flight {
  byDay: Map<number, Delivered>[];
  /** The auction's revenue in micros, and the requests it was left. */
  auctionRevenue: number;
  auctionRequests: number;
}

/** The flight day by day, each guaranteed campaign's take share worked out every simulated minute, as the pacing loop does. */
function simulateFlight(candidates: SlotCandidate[]): Flight {
  const spent = new Map<number, number>();
  const random = seeded(5);
  const booked = candidates.map(({ campaign: entry }) => entry).filter((entry) => entry.goal);
  let lastTick = -Infinity;
  const byDay: Map<number, Delivered>[] = [];
  for (let index = 0; index < FLIGHT_DAYS; index++) {
    const delivered = simulateDay({
      day: dayOf(index),
      dayStartMs: FIRST_DAY_MS + index * DAY_MS,
      zones: ZONES,
      candidates,
      curve,
      random,
      spentBefore: (id) => spent.get(id) ?? 0,
      beforeRequest: (atMs, spends) => {
        if (atMs - lastTick < PACING_TICK_MS) return;
        lastTick = atMs;
        for (const entry of booked) entry.takeShare = entry.goal!.takeShareAt(entry, spends.get(entry.id)!.total, atMs, curve);
      },
    });
    for (const [id, got] of delivered) spent.set(id, (spent.get(id) ?? 0) + got.spend);
    byDay.push(delivered);
  }
  const auctionIds = new Set(auction().map(({ id }) => id));
  const sum = (pick: (id: number, got: Delivered) => number) => byDay.reduce((total, day) => total + [...day].reduce((all, [id, got]) => all + pick(id, got), 0), 0);
  const bookedImpressions = sum((id, got) => (auctionIds.has(id) ? 0 : got.impressions));
  return { byDay, auctionRevenue: sum((id, got) => (auctionIds.has(id) ? got.spend : 0)), auctionRequests: zoneRequestsADay * ZONES.length * FLIGHT_DAYS - bookedImpressions };
}

it("meets every guaranteed goal of an inventory 90% booked, evenly day by day, and leaves the auction the rest at its price", () => {
  const goals = guaranteed();
  const tiered = simulateFlight([...goals, ...auction()].map(candidate));
  const alone = simulateFlight(auction().map(candidate));

  const rows = goals.map((goal) => {
    const days = tiered.byDay.map((day) => day.get(goal.id)!.impressions);
    const share = goal.goal!.amount / FLIGHT_DAYS;
    const worstDay = Math.max(...days.map((impressions) => Math.abs(impressions - share) / share));
    return { id: goal.id, goal: goal.goal!.amount, delivered: days.reduce((sum, impressions) => sum + impressions, 0), worstDay };
  });
  const perRequest = (run: Flight) => run.auctionRevenue / run.auctionRequests;
  const revenueGap = Math.abs(perRequest(tiered) - perRequest(alone)) / perRequest(alone);
  console.log(
    [
      ...rows.map(({ id, goal, delivered, worstDay }) => `  guaranteed ${id}: ${delivered} of ${goal} (${((100 * delivered) / goal).toFixed(1)}%), worst day ${(100 * worstDay).toFixed(1)}% off its share`),
      `  auction: $${(tiered.auctionRevenue / 1e6).toFixed(2)} on ${tiered.auctionRequests} requests left, $${((1000 * perRequest(tiered)) / 1e6).toFixed(3)} CPM; alone $${((1000 * perRequest(alone)) / 1e6).toFixed(3)} CPM (${(100 * revenueGap).toFixed(1)}% apart)`,
    ].join("\n"),
  );
  for (const { goal, delivered, worstDay } of rows) {
    expect(delivered).toBeGreaterThanOrEqual(0.99 * goal);
    expect(worstDay).toBeLessThanOrEqual(0.15);
  }
  expect(tiered.auctionRequests).toBeLessThan(0.12 * zoneRequestsADay * ZONES.length * FLIGHT_DAYS);
  expect(revenueGap).toBeLessThan(0.05);
});
