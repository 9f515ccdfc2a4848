import type { EntityManager } from "typeorm";
import type { AbstractSqliteDriver } from "typeorm/driver/sqlite-abstract/AbstractSqliteDriver";

/** The text TypeORM itself stores for datetime columns, so raw statements hit the same keys. */
export const sqlDateTime = (atMs: number) => new Date(atMs).toISOString().replace("T", " ").replace("Z", "");

/** A datetime read back raw: a Date from MySQL, TypeORM's text from SQLite. */
export const dateTimeMs = (value: Date | string): number =>
  value instanceof Date ? value.getTime() : Date.parse(`${value.replace(" ", "T")}${/[zZ]$/.test(value) ? "" : "Z"}`);

/**
 * `INSERT … ` tail that adds the new values to an existing row's counters instead of failing on
 * its key, in the dialect of the engine at hand (SQLite's upsert, MySQL's ON DUPLICATE KEY).
 */
function onConflictAdd(sqlite: boolean, keys: string[], counters: string[]): string {
  return sqlite
    ? `ON CONFLICT (${keys.join(", ")}) DO UPDATE SET ${counters.map((c) => `${c} = ${c} + excluded.${c}`).join(", ")}`
    : `ON DUPLICATE KEY UPDATE ${counters.map((c) => `${c} = ${c} + VALUES(${c})`).join(", ")}`;
}

/** A table of counters: its unique key, columns set once with the row, and the counters added to. */
export interface CounterTable {
  table: string;
  keys: string[];
  fixed?: string[];
  counters: string[];
}

/** What the upsert uses of better-sqlite3's connection. */
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
interface SqliteStatement {
  run(params: unknown[]): unknown;
}

/**
 * Rows sorted by their first `keyCount` columns, the table's unique key (nulls first, as the index
 * keeps them): processes writing the same keys then take their row locks in one order and cannot
 * deadlock on each other.
 */
export function inUniqueKeyOrder(rows: unknown[][], keyCount: number): unknown[][] {
  const order = (a: unknown, b: unknown) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : (a as number | string) < (b as number | string) ? -1 : 1);
  return rows.sort((a, b) => {
    for (let i = 0; i < keyCount; i++) {
      const compared = order(a[i], b[i]);
      if (compared !== 0) return compared;
    }
    return 0;
  });
}

const ROWS_PER_STATEMENT = 400;
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

/** The INSERT that leaves a row whose unique key is taken as it is, in the engine's words: no failed query, no error. */
export const insertIgnoring = (connection: { options: { type: string } }): string => (connection.options.type === "better-sqlite3" ? "INSERT OR IGNORE" : "INSERT IGNORE");

/**
 * Adds each row's counters to the row of its key, creating it when missing. Rows are arrays in the
 * order keys, fixed, counters. Callers sort rows by key (`inUniqueKeyOrder`) when several processes
 * write the same keys, so that their row locks are always taken in one order.
 */
export async function upsertAdding(manager: EntityManager, { table, keys, fixed = [], counters }: CounterTable, rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const sqlite = manager.connection.options.type === "better-sqlite3";
  const columns = [...keys, ...fixed, ...counters];
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
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${chunk.map(() => placeholders).join(", ")} ${onConflictAdd(false, keys, counters)}`,
      chunk.flat(),
    );
  }
}
