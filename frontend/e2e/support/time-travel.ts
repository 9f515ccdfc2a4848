import { join } from "node:path";
import { dataDir } from "./shared-server";

/** What this file uses of better-sqlite3 (the backend's driver, which ships no types of its own). */
interface Sqlite {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  transaction(work: () => void): () => void;
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require("better-sqlite3") as new (file: string, options: { timeout: number }) => Sqlite;

const sqlDateTime = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", "");

/** The first moment of the month `months` before this one (UTC, as the read model keeps months). */
export function monthsAgo(months: number): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1);
}

/**
 * Moves a publisher's earnings so far, and the read model's monthly totals of them, to the
 * middle of an earlier month, as if the ads had run then: Net-30 makes only old earnings payable,
 * and a spec cannot wait a month. Written straight into the running server's SQLite database.
 */
export function moveEarningsBack(publisherId: number, monthStartMs: number): void {
  const db = new Database(join(dataDir(), "adnet.sqlite"), { timeout: 10_000 });
  try {
    const now = new Date();
    const thisMonth = sqlDateTime(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const then = sqlDateTime(monthStartMs);
    db.transaction(() => {
      db.prepare("UPDATE ledger_entries SET created_at = ? WHERE user_id = ? AND kind = 'earning'").run(sqlDateTime(monthStartMs + 14 * 86_400_000), publisherId);
      db.prepare("UPDATE ledger_totals SET period = ? WHERE account = 'user' AND account_id = ? AND kind = 'earning' AND grain = 'm' AND period = ?").run(then, publisherId, thisMonth);
      db.prepare("DELETE FROM ledger_totals WHERE account = 'user' AND account_id = ? AND kind = 'earning' AND grain IN ('d', 'h')").run(publisherId);
      db.prepare("UPDATE stat_facts SET period = ? WHERE grain = 'm' AND period = ? AND ((scope = 'publisher' AND scope_id = ?) OR (scope = 'site' AND owner_id = ?))").run(then, thisMonth, publisherId, publisherId);
    })();
  } finally {
    db.close();
  }
}


/**
 * Counts today's traffic of the network, its countries and one site's zone again as yesterday's,
 * as if the network had run a day longer: the forecast reads whole past days only, and a spec's
 * server was started today. Written straight into the running server's SQLite database.
 */
export function repeatTodayAsYesterday({ zoneId, siteId }: { zoneId: number; siteId: number }): void {
  const db = new Database(join(dataDir(), "adnet.sqlite"), { timeout: 10_000 });
  try {
    const columns = (db.prepare("SELECT name FROM pragma_table_info('stat_facts')") as unknown as { all(): { name: string }[] }).all().map(({ name }) => name);
    const copied = columns.map((column) => (column === "period" ? "strftime('%Y-%m-%d %H:%M:%f', period, '-1 day')" : column)).join(", ");
    const today = new Date();
    const todayStart = sqlDateTime(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    db.prepare(
      `INSERT OR IGNORE INTO stat_facts (${columns.join(", ")}) SELECT ${copied} FROM stat_facts
       WHERE grain IN ('d', 'h') AND period >= ? AND (scope IN ('network', 'country') OR (scope = 'zone' AND scope_id = ?) OR (scope = 'site' AND scope_id = ?))`,
    ).run(todayStart, zoneId, siteId);
  } finally {
    db.close();
  }
}
