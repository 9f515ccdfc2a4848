import { campaign, candidate, DAY, seeded } from "../../../../test/decision-fixtures";
import { DIURNAL, simulateDay } from "../../../../test/traffic-simulation";
import { PacingMode } from "../../campaigns/campaign.entity";
import { HOUR_MS } from "../../reports/grains";
import { dailyAllowance } from "./decision";
import type { CampaignEntry } from "../model";
import { curveOf } from "../learning/traffic-curve";

const DAY_START = Date.parse(`${DAY}T00:00:00Z`);
const REQUESTS_A_DAY = 250_000;
/** Two weeks of the network's hours before the day, following DIURNAL: what the curve is read from. */
const curve = curveOf(Array.from({ length: 14 * 24 }, (_, index) => ({ startMs: DAY_START - (14 * 24 - index) * HOUR_MS, requests: DIURNAL[index % 24] * 1000 })));

/** What each hour of the simulated day charged a campaign, with every request at its moment following DIURNAL. */
function simulateCampaignDay(entry: CampaignEntry): { spentByHour: number[]; allowance: number } {
  const zones = [{ id: 1, requestsADay: REQUESTS_A_DAY, countries: { US: 1 } }];
  const delivered = simulateDay({ day: DAY, dayStartMs: DAY_START, zones, candidates: [candidate(entry)], curve, random: seeded(7) });
  return { spentByHour: delivered.get(entry.id)!.spentByHour, allowance: dailyAllowance(entry, { total: 0, today: 0 }, DAY) };
}

it("spends each hour of an evenly paced day within 15% of the hour's share of the day's allowance", () => {
  // $1,000 over 10 days: $100 today, 25,000 impressions at $4 CPM out of 250,000 requests.
  const { spentByHour, allowance } = simulateCampaignDay(campaign(1));
  expect(allowance).toBe(100_000_000);
  const misses = spentByHour
    .map((spent, hour) => ({ hour, spent, share: allowance * curve.shareOf(hour) }))
    .filter(({ spent, share }) => Math.abs(spent - share) > 0.15 * share);
  expect(misses).toEqual([]);
  expect(spentByHour.reduce((sum, spent) => sum + spent, 0)).toBeCloseTo(allowance, -4);
});

it("spends an ASAP campaign's daily cap in the first hours, and nothing after", () => {
  // A $50 cap is 12,500 impressions: the quiet night hours bring some 3,000 requests each.
  const { spentByHour } = simulateCampaignDay(campaign(1, { pacing: PacingMode.ASAP, dailyCapMicros: 50_000_000 }));
  const firstIdle = spentByHour.findIndex((spent) => spent === 0);
  expect(firstIdle).toBeGreaterThan(0);
  expect(firstIdle).toBeLessThanOrEqual(6);
  expect(spentByHour.slice(firstIdle).every((spent) => spent === 0)).toBe(true);
  expect(spentByHour.reduce((sum, spent) => sum + spent, 0)).toBe(50_000_000);
});
