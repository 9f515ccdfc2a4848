import { campaign, candidate, DAY, seeded } from "../../../../test/decision-fixtures";
import { type Delivered, DIURNAL, simulateDay } from "../../../../test/traffic-simulation";
import { BidStrategy } from "../../campaigns/campaign.entity";
import { HOUR_MS } from "../../reports/grains";
import type { CampaignEntry } from "../model";
import { goalBids, type ZoneTally } from "./goal-bids";
import { RateModel } from "./rate-prediction";
import { curveOf } from "./traffic-curve";

const DAY_MS = 24 * HOUR_MS;
const WEEK = 7;
const FIRST_DAY_MS = Date.parse(`${DAY}T00:00:00Z`);
const curve = curveOf(Array.from({ length: 14 * 24 }, (_, index) => ({ startMs: FIRST_DAY_MS - (14 * 24 - index) * HOUR_MS, requests: DIURNAL[index % 24] * 1000 })));
const dayOf = (index: number) => new Date(FIRST_DAY_MS + index * DAY_MS).toISOString().slice(0, 10);

/** Four zones of 10,000 requests a day whose visitors convert (or click) at rates ten times apart. */
const ZONES = [1, 2, 3, 4].map((id) => ({ id, requestsADay: 10_000, countries: { US: 1 } }));
const GOAL_ID = 1;
/** Fixed CPM competitors with budgets that never run out. */
const competitors = () => [campaign(2, { bidMicros: 6_000_000, ecpmMicros: 6_000_000, budgetMicros: 1e12 }), campaign(3, { bidMicros: 4_000_000, ecpmMicros: 4_000_000, budgetMicros: 1e12 })];

interface Week {
  byDay: Delivered[];
  budgetMicros: number;
}

/**
 * A week's flight of a goal campaign among the competitors, repriced every simulated hour from what
 * it has delivered so far, as the learning loop reprices from the read model: its campaign-wide
 * rates through the RateModel, its bids per zone through goalBids.
 */
function simulateWeek(goal: CampaignEntry, rateOf: (zoneId: number) => number, unit: "clicks" | "conversions"): Week {
  const candidates = [candidate(goal), ...competitors().map(candidate)];
  const totals = new Map<number, ZoneTally>();
  const byDay: Delivered[] = [];
  let spent = 0;
  const random = seeded(11);
  for (let index = 0; index < WEEK; index++) {
    const tallies = (delivered: Map<number, Delivered>): ZoneTally[] =>
      ZONES.map(({ id }) => {
        const before = totals.get(id) ?? { campaignId: GOAL_ID, zoneId: id, impressions: 0, clicks: 0, conversions: 0, spendMicros: 0 };
        const today = delivered.get(GOAL_ID)?.byZone.get(id);
        return { ...before, impressions: before.impressions + (today?.impressions ?? 0), clicks: before.clicks + (today?.clicks ?? 0), conversions: before.conversions + (today?.conversions ?? 0) };
      }).filter((tally) => tally.impressions > 0);
    const reprice = (_hour: number, delivered: Map<number, Delivered>) => {
      const zones = tallies(delivered);
      const sum = (key: "impressions" | "clicks" | "conversions") => zones.reduce((total, zone) => total + zone[key], 0);
      const model = new RateModel([{ campaignId: GOAL_ID, category: goal.category, format: "display", impressions: sum("impressions"), clicks: sum("clicks"), conversions: sum("conversions"), viewable: 0, completes: 0 }]);
      const bids = goalBids(goal, model.predict(goal), zones)!;
      Object.assign(goal, { zoneBids: bids, ecpmMicros: bids.highest });
    };
    const delivered = simulateDay({
      day: dayOf(index),
      dayStartMs: FIRST_DAY_MS + index * DAY_MS,
      zones: ZONES,
      candidates,
      curve,
      random,
      [unit === "clicks" ? "clickRate" : "conversionRate"]: (campaignId: number, zoneId: number) => (campaignId === GOAL_ID ? rateOf(zoneId) : 0),
      spentBefore: (campaignId: number) => (campaignId === GOAL_ID ? spent : 0),
      beforeHour: reprice,
    });
    for (const tally of tallies(delivered)) totals.set(tally.zoneId, tally);
    const day = delivered.get(GOAL_ID)!;
    spent += day.spend;
    byDay.push(day);
  }
  return { byDay, budgetMicros: goal.budgetMicros };
}

const sumOf = (days: Delivered[], key: "spend" | "clicks" | "conversions") => days.reduce((total, day) => total + day[key], 0);

function report(name: string, { byDay, budgetMicros }: Week, unit: "clicks" | "conversions", targetMicros: number) {
  const rows = byDay.map((day, index) => `  day ${index + 1}: spent $${(day.spend / 1e6).toFixed(2)}, ${day[unit]} ${unit}, $${(day.spend / Math.max(1, day[unit]) / 1e6).toFixed(3)} each`);
  const spent = sumOf(byDay, "spend");
  console.log(
    `${name}: target $${(targetMicros / 1e6).toFixed(2)}\n${rows.join("\n")}\n  week: spent $${(spent / 1e6).toFixed(2)} of $${(budgetMicros / 1e6).toFixed(2)} (${((100 * spent) / budgetMicros).toFixed(1)}%), $${(spent / sumOf(byDay, unit) / 1e6).toFixed(3)} each`,
  );
}

/** What the campaign paid per unit once it had data: from its second day on. */
const realisedAfterFirstDay = (week: Week, unit: "clicks" | "conversions") => sumOf(week.byDay.slice(1), "spend") / sumOf(week.byDay.slice(1), unit);

const flight = { startDate: dayOf(0), endDate: dayOf(WEEK - 1), budgetMicros: 700_000_000, bidMicros: 15_000_000, ecpmMicros: 15_000_000 };

it("brings a target-CPA campaign to within 10% of its target within a simulated week, and spends its budget", () => {
  // $2.50 a conversion: the best zones are worth $12.50 and $7.50 CPM, above the $6 competitor; the others are not.
  const targetCpaMicros = 2_500_000;
  const conversionRates: Record<number, number> = { 1: 0.005, 2: 0.003, 3: 0.0015, 4: 0.0005 };
  const goal = campaign(GOAL_ID, { ...flight, bidStrategy: BidStrategy.TARGET_CPA, targetCpaMicros });
  const week = simulateWeek(goal, (zoneId) => conversionRates[zoneId], "conversions");
  report("target CPA", week, "conversions", targetCpaMicros);
  expect(Math.abs(realisedAfterFirstDay(week, "conversions") - targetCpaMicros) / targetCpaMicros).toBeLessThan(0.1);
  const lastDay = week.byDay[WEEK - 1];
  expect(Math.abs(lastDay.spend / lastDay.conversions - targetCpaMicros) / targetCpaMicros).toBeLessThan(0.1);
  expect(sumOf(week.byDay, "spend")).toBeGreaterThan(0.95 * week.budgetMicros);
  // The zones whose conversions are worth less than the competitors pay get only their exploration.
  expect(week.byDay[WEEK - 1].byZone.get(4)?.impressions ?? 0).toBe(0);
});

it("brings a target-CPC campaign to within 10% of its target within a simulated week, and spends its budget", () => {
  const targetCpcMicros = 3_000_000;
  const clickRates: Record<number, number> = { 1: 0.004, 2: 0.0025, 3: 0.0012, 4: 0.0005 };
  const goal = campaign(GOAL_ID, { ...flight, bidStrategy: BidStrategy.TARGET_CPC, targetCpcMicros });
  const week = simulateWeek(goal, (zoneId) => clickRates[zoneId], "clicks");
  report("target CPC", week, "clicks", targetCpcMicros);
  expect(Math.abs(realisedAfterFirstDay(week, "clicks") - targetCpcMicros) / targetCpcMicros).toBeLessThan(0.1);
  expect(sumOf(week.byDay, "spend")).toBeGreaterThan(0.95 * week.budgetMicros);
});
