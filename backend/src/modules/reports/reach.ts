import type { DataSource, EntityManager } from "typeorm";
import { dateTimeMs, inUniqueKeyOrder, sqlDateTime, upsertAdding } from "../../common/db-upsert";
import { ReachSketch } from "./reach-sketch";

/** One campaign's identified visitors of one reporting day in a batch: their reach keys, and the impressions they saw. */
export interface ReachRow {
  campaignId: number;
  /** The day's start (see periodStartMs("d")). */
  day: number;
  visitors: number[];
  impressions: number;
}

/** A campaign's reach over a stretch of days: visitors identified, and the impressions they were shown. */
export interface Reach {
  visitors: number;
  identifiedImpressions: number;
}

const REACH_COUNTS = { table: "reach_sketches", keys: ["campaign_id", "grain", "period"], counters: ["identified_impressions"] };

/**
 * Adds a batch's visitors to each campaign's day sketch, inside the writer's transaction. The
 * upsert of the day's impressions comes first: on MariaDB it locks the day's row, so a second
 * writer merging the same sketch waits and then reads this one's registers; SQLite serialises
 * writers itself. A visitor added twice (a replay) changes no register.
 */
export async function addToReach(manager: EntityManager, rows: ReachRow[]): Promise<void> {
  const ordered = inUniqueKeyOrder(
    rows.map((row) => [row.campaignId, "d", sqlDateTime(row.day), row.impressions, row]),
    3,
  );
  await upsertAdding(manager, REACH_COUNTS, ordered.map((row) => row.slice(0, 4)));
  for (const [campaignId, grain, period, , row] of ordered) {
    const [stored] = await manager.query("SELECT registers FROM reach_sketches WHERE campaign_id = ? AND grain = ? AND period = ?", [campaignId, grain, period]);
    const sketch = ReachSketch.of(stored?.registers);
    for (const visitor of (row as ReachRow).visitors) sketch.add(visitor);
    await manager.query("UPDATE reach_sketches SET registers = ? WHERE campaign_id = ? AND grain = ? AND period = ?", [Buffer.from(sketch.registers), campaignId, grain, period]);
  }
}

/**
 * A campaign's reach by day from `fromMs` (a day's start) until `untilMs`, and over the whole
 * stretch: the days' sketches merged, never their visitors added (a visitor of two days is one).
 */
export async function reachByDay(dataSource: DataSource, campaignId: number, fromMs: number, untilMs: number): Promise<{ days: (Reach & { day: number })[]; total: Reach }> {
  const stored: { period: Date | string; registers: Uint8Array | null; identified_impressions: number | string }[] = await dataSource.query(
    "SELECT period, registers, identified_impressions FROM reach_sketches WHERE campaign_id = ? AND grain = 'd' AND period >= ? AND period < ? ORDER BY period",
    [campaignId, sqlDateTime(fromMs), sqlDateTime(untilMs)],
  );
  const whole = ReachSketch.empty();
  let identifiedImpressions = 0;
  const days = stored.map((row) => {
    const sketch = ReachSketch.of(row.registers);
    whole.merge(sketch);
    identifiedImpressions += Number(row.identified_impressions);
    return { day: dateTimeMs(row.period), visitors: sketch.estimate(), identifiedImpressions: Number(row.identified_impressions) };
  });
  return { days, total: { visitors: whole.estimate(), identifiedImpressions } };
}

/** Impressions per identified visitor; null with none reached. */
export const frequencyOf = ({ visitors, identifiedImpressions }: Reach): number | null => (visitors > 0 ? Math.round((identifiedImpressions / visitors) * 100) / 100 : null);
