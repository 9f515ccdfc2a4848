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

/** Sketches read or written by one statement at most. */
const SKETCHES_PER_STATEMENT = 200;

/** The `INSERT … ` tail that replaces an existing sketch's registers, in the engine's dialect. */
const replacingRegisters = (sqlite: boolean) =>
  sqlite ? "ON CONFLICT (campaign_id, grain, period) DO UPDATE SET registers = excluded.registers" : "ON DUPLICATE KEY UPDATE registers = VALUES(registers)";

/**
 * Adds a batch's visitors to each campaign's day sketch, inside the writer's transaction. The
 * upsert of the days' impressions comes first: on MariaDB it locks the days' rows, so a second
 * writer merging the same sketches waits and then reads this one's registers; SQLite serialises
 * writers itself. Then the stored sketches are read, merged with the batch's visitors and written
 * back, a few hundred to a statement. A visitor added twice (a replay) changes no register.
 */
export async function addToReach(manager: EntityManager, rows: ReachRow[]): Promise<void> {
  const sqlite = manager.connection.options.type === "better-sqlite3";
  const ordered = inUniqueKeyOrder(
    rows.map((row) => [row.campaignId, "d", sqlDateTime(row.day), row.impressions, row.visitors]),
    3,
  );
  await upsertAdding(manager, REACH_COUNTS, ordered.map((row) => row.slice(0, 4)));
  for (let start = 0; start < ordered.length; start += SKETCHES_PER_STATEMENT) {
    const chunk = ordered.slice(start, start + SKETCHES_PER_STATEMENT);
    const keys = chunk.map(([campaignId, grain, period]) => [campaignId, grain, period]);
    const stored: { campaign_id: number; period: Date | string; registers: Uint8Array | null }[] = await manager.query(
      `SELECT campaign_id, period, registers FROM reach_sketches WHERE ${keys.map(() => "(campaign_id = ? AND grain = ? AND period = ?)").join(" OR ")}`,
      keys.flat(),
    );
    const storedOf = new Map(stored.map((row) => [`${row.campaign_id}|${dateTimeMs(row.period)}`, row.registers]));
    const merged = chunk.map(([campaignId, grain, period, , visitors]) => {
      const sketch = ReachSketch.of(storedOf.get(`${campaignId}|${dateTimeMs(period as string)}`));
      for (const visitor of visitors as number[]) sketch.add(visitor);
      return [campaignId, grain, period, Buffer.from(sketch.registers)];
    });
    await manager.query(
      `INSERT INTO reach_sketches (campaign_id, grain, period, registers) VALUES ${merged.map(() => "(?, ?, ?, ?)").join(", ")} ${replacingRegisters(sqlite)}`,
      merged.flat(),
    );
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
