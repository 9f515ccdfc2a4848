import { DataSource, EntityManager } from "typeorm";
import type { AbstractSqliteDriver } from "typeorm/driver/sqlite-abstract/AbstractSqliteDriver";
import { Campaign, CampaignStatus } from "../campaigns/campaign.entity";
import { statusesBecoming } from "../campaigns/campaign-lifecycle";
import type { LedgerEntry } from "../ledger/ledger-entry.entity";
import { LedgerService } from "../ledger/ledger.service";
import { AdClick } from "./ad-click.entity";
import type { BatchRows, BatchWriter, InvalidRow, StatRow } from "./model";

/** The text form TypeORM itself stores for datetime columns, so raw upserts hit the same keys. */
const sqlDateTime = (atMs: number) => new Date(atMs).toISOString().replace("T", " ").replace("Z", "");

/** A batch's rows share one or two hours: each is formatted once. */
function hourTexts(): (hourMs: number) => string {
  const texts = new Map<number, string>();
  return (hourMs) => {
    let text = texts.get(hourMs);
    if (text === undefined) texts.set(hourMs, (text = sqlDateTime(hourMs)));
    return text;
  };
}
const ROWS_PER_STATEMENT = 400;

/**
 * Writes a batch in one transaction: hourly aggregates with atomic increments, the matching
 * ledger entries, click records and campaigns whose budget ran out.
 */
export function writeBatch(dataSource: DataSource, rows: BatchRows): Promise<void> {
  const sqlite = dataSource.options.type === "better-sqlite3";
  return dataSource.transaction(async (manager) => {
    await upsertStats(manager, sqlite, rows.stats);
    await upsertInvalid(manager, sqlite, rows.invalid);
    const money = rows.money.filter((row) => row.amountMicros > 0);
    if (money.length > 0) {
      const memo = `Ad delivery to ${sqlDateTime(Date.now()).slice(0, 16)} UTC`;
      await new LedgerService(dataSource).append(
        money.map((row): Partial<LedgerEntry> => ({ ...row, memo })),
        manager,
      );
    }
    if (rows.clicks.length > 0) await manager.getRepository(AdClick).insert(rows.clicks);
    if (rows.completed.length > 0) {
      await manager
        .getRepository(Campaign)
        .createQueryBuilder()
        .update()
        .set({ status: CampaignStatus.COMPLETED })
        .where("id IN (:...ids) AND status IN (:...completable)", { ids: rows.completed, completable: statusesBecoming(CampaignStatus.COMPLETED) })
        .execute();
    }
  });
}

/** Writes on the caller's own connection. */
export class InlineWriter implements BatchWriter {
  constructor(private readonly dataSource: DataSource) {}

  write(rows: BatchRows): Promise<void> {
    return writeBatch(this.dataSource, rows);
  }

  async close(): Promise<void> {}
}

/** Increments on conflict, in the dialect of the engine at hand. */
function onConflictAdd(sqlite: boolean, keys: string[], counters: string[]): string {
  return sqlite
    ? `ON CONFLICT (${keys.join(", ")}) DO UPDATE SET ${counters.map((c) => `${c} = ${c} + excluded.${c}`).join(", ")}`
    : `ON DUPLICATE KEY UPDATE ${counters.map((c) => `${c} = ${c} + VALUES(${c})`).join(", ")}`;
}

/** What the writer uses of better-sqlite3's connection. */
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
interface SqliteStatement {
  run(params: unknown[]): unknown;
}

const preparedUpserts = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

function preparedOn(connection: SqliteConnection, sql: string): SqliteStatement {
  const statements = preparedUpserts.get(connection) ?? new Map<string, SqliteStatement>();
  preparedUpserts.set(connection, statements);
  let statement = statements.get(sql);
  if (!statement) {
    statement = connection.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

async function upsertRows(manager: EntityManager, sqlite: boolean, table: string, keys: string[], counters: string[], rows: unknown[][]): Promise<void> {
  const columns = [...keys, ...counters];
  const placeholders = `(${columns.map(() => "?").join(", ")})`;
  if (sqlite) {
    // SQLite runs in this process: one prepared row at a time costs less than parsing and
    // binding long statements, and the transaction is the connection's own.
    const connection = (manager.connection.driver as AbstractSqliteDriver).databaseConnection as SqliteConnection;
    const statement = preparedOn(connection, `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${placeholders} ${onConflictAdd(true, keys, counters)}`);
    for (const row of rows) statement.run(row);
    return;
  }
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    await manager.query(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${chunk.map(() => placeholders).join(", ")} ${onConflictAdd(sqlite, keys, counters)}`,
      chunk.flat(),
    );
  }
}

function upsertStats(manager: EntityManager, sqlite: boolean, rows: StatRow[]): Promise<void> {
  const hour = hourTexts();
  return upsertRows(
    manager,
    sqlite,
    "delivery_stats",
    ["hour", "zone_id", "campaign_id", "creative_id", "country"],
    ["requests", "impressions", "clicks", "conversions", "spend_micros", "revenue_micros"],
    rows.map((r) => [hour(r.hour), r.zoneId, r.campaignId, r.creativeId, r.country, r.requests, r.impressions, r.clicks, r.conversions, r.spendMicros, r.revenueMicros]),
  );
}

function upsertInvalid(manager: EntityManager, sqlite: boolean, rows: InvalidRow[]): Promise<void> {
  const hour = hourTexts();
  return upsertRows(
    manager,
    sqlite,
    "invalid_traffic",
    ["hour", "zone_id", "campaign_id", "event", "reason"],
    ["count"],
    rows.map((r) => [hour(r.hour), r.zoneId, r.campaignId, r.event, r.reason, r.count]),
  );
}
