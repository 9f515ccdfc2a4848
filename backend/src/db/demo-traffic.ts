import type { DataSource } from "typeorm";
import { seededRandom } from "../common/seeded-random";
import { newBatchId, writeBatch } from "../modules/delivery/counting/batch-writer";
import { statRow } from "../modules/delivery/counting/counted-events";
import type { InvalidRow, MoneyRow, StatRow } from "../modules/delivery/counting/counted-events";
import { StatTable } from "../modules/delivery/counting/stat-table";
import { LedgerKind } from "../modules/ledger/ledger-entry.entity";
import { HOUR_MS, reportCalendar } from "../modules/reports/grains";

/**
 * The demo network's past traffic, hour by hour, with the shape a real network's has: few visits at
 * night and most in the evening, weekends unlike weekdays (a work-day site quieter, a sports site
 * busier), a network that grows a little over the months, and some noise. Deterministic, so every
 * fresh demo shows the same history (relative to the day it was seeded).
 */

/** Visits in each hour of the reporting day against the day's mean: a trough before dawn, a peak at 20:00. */
const HOURLY = [0.35, 0.25, 0.18, 0.15, 0.16, 0.25, 0.45, 0.75, 1.0, 1.1, 1.12, 1.15, 1.22, 1.18, 1.1, 1.08, 1.12, 1.25, 1.45, 1.7, 1.85, 1.7, 1.3, 0.75];
const HOURLY_MEAN = HOURLY.reduce((sum, share) => sum + share, 0) / HOURLY.length;

/** Visits by day of the week, Sunday first, against an ordinary weekday. */
export const WEEKLY = {
  /** Read at work: quieter at weekends. */
  workday: [0.62, 1.0, 1.04, 1.02, 1.0, 0.93, 0.66],
  /** Read for leisure (sports): busiest when the matches are played. */
  leisure: [1.45, 0.88, 0.85, 0.9, 0.92, 1.0, 1.55],
} as const;

/** How busy an hour is against an ordinary weekday's mean hour: its hour of the reporting day and its day of the week. */
export function visitsAt(hourMs: number, week: readonly number[]): number {
  const wall = new Date(hourMs + reportCalendar().offsetMs(hourMs));
  return (HOURLY[wall.getUTCHours()] / HOURLY_MEAN) * week[wall.getUTCDay()];
}

export interface DemoZone {
  zoneId: number;
  siteId: number;
  publisherId: number;
  /** Ad requests on an ordinary weekday at the middle of the history. */
  requestsPerDay: number;
  week: readonly number[];
}

export interface DemoCampaign {
  campaignId: number;
  creativeId: number;
  advertiserId: number;
  cpmMicros: number;
  /** The zones it fills (those its creative fits), and its share of their requests follows their traffic. */
  zoneIds: number[];
  /** Its visitors' countries (ISO codes) by weight: those it targets. */
  countries: Record<string, number>;
  /** Impressions over its whole flight, exactly. */
  impressions: number;
  clickRate: number;
  /** Conversions per click. */
  conversionRate: number;
  /** The flight's first hour and the end of its last (exclusive). */
  fromMs: number;
  toMs: number;
}

export interface DemoTrafficPlan {
  zones: DemoZone[];
  campaigns: DemoCampaign[];
  /** Where the network's visitors come from, by weight: the unfilled requests' countries. */
  countries: Record<string, number>;
  /** The publishers' share of what advertisers spend. */
  revenueShare: number;
  /** The first hour, and now: the hour still running is counted so far. */
  fromMs: number;
  toMs: number;
  seed: number;
}

/** What one day of the history hands the ad server's writer: its counted rows, the refused ones and the money they moved. */
export interface DemoDay {
  countedAt: number;
  stats: StatRow[];
  invalid: InvalidRow[];
  money: MoneyRow[];
}

/** Requests from bots, and clicks too soon after the ad showed, as shares of the counted ones: what the ad server refuses on a real network. */
const BOT_REQUESTS = 0.015;
const TOO_FAST_CLICKS = 0.06;

/** `total` split into whole parts in proportion to the weights, adding up to it exactly (largest remainders). */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left-- <= 0) break;
    parts[index] += 1;
  }
  return parts;
}

/** Every day of the plan's traffic, oldest first, as the ad server's writer would have counted it. */
export function demoTrafficDays(plan: DemoTrafficPlan): DemoDay[] {
  const calendar = reportCalendar();
  const random = seededRandom(plan.seed);
  const hours: number[] = [];
  for (let hour = plan.fromMs; hour < plan.toMs; hour += HOUR_MS) hours.push(hour);

  // Each zone's requests per hour: the daily and weekly curves, the network's growth, noise.
  const requests = new Map<number, number[]>();
  for (const zone of plan.zones) {
    requests.set(
      zone.zoneId,
      hours.map((hour, index) => {
        const growth = 0.85 + (0.3 * index) / hours.length;
        const noise = 0.85 + 0.3 * random();
        return Math.round((zone.requestsPerDay / 24) * visitsAt(hour, zone.week) * growth * noise);
      }),
    );
  }

  // Each campaign's impressions spread over its zones' requests in its flight, adding up to its total exactly.
  const impressions = new Map<number, Map<number, number[]>>();
  for (const campaign of plan.campaigns) {
    const cells = campaign.zoneIds.flatMap((zoneId) => hours.map((hour, index) => ({ zoneId, index, inFlight: hour >= campaign.fromMs && hour < campaign.toMs })));
    const parts = apportion(
      campaign.impressions,
      cells.map((cell) => (cell.inFlight ? requests.get(cell.zoneId)![cell.index] : 0)),
    );
    const byZone = new Map(campaign.zoneIds.map((zoneId) => [zoneId, hours.map(() => 0)]));
    cells.forEach((cell, n) => (byZone.get(cell.zoneId)![cell.index] = parts[n]));
    impressions.set(campaign.campaignId, byZone);
  }

  const countryCodes = Object.keys(plan.countries);
  const days = new Map<number, DemoDay>();
  hours.forEach((hour, index) => {
    const dayStart = calendar.dayStart(hour);
    let day = days.get(dayStart);
    if (!day) days.set(dayStart, (day = { countedAt: hour, stats: [], invalid: [], money: [] }));
    // Counted when the hour ended, or now for the hour still running.
    day.countedAt = Math.min(hour + HOUR_MS, plan.toMs) - 1;
    for (const zone of plan.zones) {
      const place = { atMs: hour, publisherId: zone.publisherId, siteId: zone.siteId, zoneId: zone.zoneId };
      let filled = 0;
      for (const campaign of plan.campaigns) {
        const shown = impressions.get(campaign.campaignId)!.get(zone.zoneId)?.[index] ?? 0;
        if (shown === 0) continue;
        filled += shown;
        const codes = Object.keys(campaign.countries);
        apportion(shown, Object.values(campaign.countries)).forEach((count, c) => {
          if (count === 0) return;
          const clicks = Math.floor(count * campaign.clickRate * (0.7 + 0.6 * random()) + random());
          const tooFast = Math.floor(clicks * TOO_FAST_CLICKS + random());
          if (tooFast > 0) day.invalid.push({ hour, zoneId: zone.zoneId, campaignId: campaign.campaignId, event: "click", reason: "too_fast", count: tooFast });
          const spendMicros = (count * campaign.cpmMicros) / 1000;
          const ad = { advertiserId: campaign.advertiserId, campaignId: campaign.campaignId, creativeId: campaign.creativeId, country: codes[c] };
          day.stats.push(
            statRow(
              { ...place, ...ad },
              {
                requests: count,
                impressions: count,
                clicks,
                conversions: Math.floor(clicks * campaign.conversionRate + random()),
                spendMicros,
                revenueMicros: Math.round(spendMicros * plan.revenueShare),
              },
            ),
          );
        });
      }
      const bots = Math.floor(requests.get(zone.zoneId)![index] * BOT_REQUESTS * 2 * random());
      if (bots > 0) day.invalid.push({ hour, zoneId: zone.zoneId, campaignId: 0, event: "request", reason: "bot", count: bots });
      const unfilled = Math.max(0, requests.get(zone.zoneId)![index] - filled);
      apportion(unfilled, Object.values(plan.countries)).forEach((count, c) => {
        if (count > 0) day.stats.push(statRow({ ...place, advertiserId: 0, campaignId: 0, creativeId: 0, country: countryCodes[c] }, { requests: count }));
      });
    }
  });
  for (const day of days.values()) day.money = moneyOf(day.stats, day.countedAt);
  return [...days.values()];
}

/** A day's spend per campaign and earnings per publisher, dated at its last hour like the writer's own flushes. */
function moneyOf(stats: StatRow[], atMs: number): MoneyRow[] {
  const spend = new Map<number, { advertiserId: number; micros: number }>();
  const earnings = new Map<number, number>();
  for (const row of stats) {
    if (row.campaignId === 0) continue;
    const campaign = spend.get(row.campaignId) ?? { advertiserId: row.advertiserId, micros: 0 };
    campaign.micros += row.spendMicros;
    spend.set(row.campaignId, campaign);
    earnings.set(row.publisherId, (earnings.get(row.publisherId) ?? 0) + row.revenueMicros);
  }
  return [
    ...[...spend].map(([campaignId, { advertiserId, micros }]) => ({ userId: advertiserId, kind: LedgerKind.SPEND, campaignId, amountMicros: micros, atMs })),
    ...[...earnings].map(([userId, micros]) => ({ userId, kind: LedgerKind.EARNING, campaignId: null, amountMicros: micros, atMs })),
  ];
}

/** Writes the plan's traffic a day per batch through the ad server's own writer, so the read model, the refused traffic and the ledger agree with it. */
export async function writeDemoTraffic(dataSource: DataSource, plan: DemoTrafficPlan): Promise<void> {
  for (const day of demoTrafficDays(plan)) {
    await writeBatch(dataSource, { id: newBatchId(), countedAt: day.countedAt, stats: StatTable.of(day.stats), invalid: day.invalid, money: day.money, clicks: [], completed: [] });
  }
}
