import type { DataSource } from "typeorm";
import { dateTimeMs, sqlDateTime } from "../../../common/db-upsert";
import { HOUR_MS, reportCalendar } from "../../reports/grains";

/** How far back the curve looks: two weeks, so each weekday counts twice and one odd day weighs little. */
export const CURVE_HISTORY_DAYS = 14;
/**
 * Enough history to trust the shape: requests on at least this many days of the window, and this
 * many requests in all (some 400 an hour of the day, where a count's noise is about 5%). Less than
 * that, and the curve is flat: each hour releases 1/24 of the day.
 */
export const CURVE_MIN_DAYS = 3;
export const CURVE_MIN_REQUESTS = 10_000;
/**
 * Of each hour's share, this fraction is the flat share: an hour with no past traffic still releases
 * a little, so a campaign can follow traffic that moved rather than wait for the next hour.
 */
const FLAT_BLEND = 0.05;
const HOURS = 24;

/**
 * The network's share of a day's requests by hour of the reporting calendar's day, as a cumulative
 * curve: how much of a day's allowance even pacing has released by a moment. Within an hour the
 * curve is a straight line, so it never jumps.
 */
export class TrafficCurve {
  /** before[h] is the share of the day before hour h; before[24] is 1. */
  private readonly before = new Float64Array(HOURS + 1);
  private day = { start: 0, end: 0 };

  /** From each hour of the day's request count (index 0 is the day's first hour); too little gives the flat curve. */
  constructor(readonly hourlyRequests: readonly number[] = new Array(HOURS).fill(0), readonly flat = true) {
    const total = hourlyRequests.reduce((sum, count) => sum + count, 0);
    for (let hour = 0; hour < HOURS; hour++) {
      const observed = flat || total === 0 ? 1 / HOURS : hourlyRequests[hour] / total;
      const share = flat ? observed : (1 - FLAT_BLEND) * observed + FLAT_BLEND / HOURS;
      this.before[hour + 1] = this.before[hour] + share;
    }
    this.before[HOURS] = 1;
  }

  /** The share of the day's traffic in one hour of the day. */
  shareOf(hour: number): number {
    return this.before[hour + 1] - this.before[hour];
  }

  /**
   * The share of the reporting day holding `atMs` that has passed by `atMs + aheadMs` (never past
   * the day's end). O(1): the day's bounds are worked out once a day. A day that loses an hour to
   * daylight saving ends its curve early; one that gains an hour holds at 1 through the extra hour.
   */
  expectedShareBy(atMs: number, aheadMs = 0): number {
    if (atMs < this.day.start || atMs >= this.day.end) {
      const start = reportCalendar().dayStart(atMs);
      this.day = { start, end: reportCalendar().dateStart(reportCalendar().dateOf(start), 1) };
    }
    const hours = Math.min(atMs + aheadMs, this.day.end) - this.day.start;
    const hour = Math.floor(hours / HOUR_MS);
    if (hour >= HOURS) return 1;
    return this.before[hour] + ((hours - hour * HOUR_MS) / HOUR_MS) * this.shareOf(hour);
  }
}

/** The curve from counted hours: each hour's requests by its moment, summed by hour of the reporting day. */
export function curveOf(hours: { startMs: number; requests: number }[]): TrafficCurve {
  const byHour = new Array<number>(HOURS).fill(0);
  const days = new Set<number>();
  let total = 0;
  for (const { startMs, requests } of hours) {
    if (requests <= 0) continue;
    const dayStart = reportCalendar().dayStart(startMs);
    const hour = Math.min(HOURS - 1, Math.floor((startMs - dayStart) / HOUR_MS));
    byHour[hour] += requests;
    days.add(dayStart);
    total += requests;
  }
  const enough = days.size >= CURVE_MIN_DAYS && total >= CURVE_MIN_REQUESTS;
  return new TrafficCurve(byHour, !enough);
}

/** Reads the last CURVE_HISTORY_DAYS whole days of the network's hourly requests from the read model. */
export async function loadTrafficCurve(dataSource: DataSource, nowMs: number): Promise<TrafficCurve> {
  const today = reportCalendar().dateOf(nowMs);
  const since = reportCalendar().dateStart(today, -CURVE_HISTORY_DAYS);
  const until = reportCalendar().dateStart(today);
  const rows: { period: Date | string; requests: number | string }[] = await dataSource.query(
    "SELECT period, requests FROM stat_facts WHERE scope = 'network' AND owner_id = 0 AND scope_id = 0 AND grain = 'h' AND period >= ? AND period < ?",
    [sqlDateTime(since), sqlDateTime(until)],
  );
  return curveOf(rows.map((row) => ({ startMs: dateTimeMs(row.period), requests: Number(row.requests) })));
}
