import type { DataSource, EntityManager } from "typeorm";
import { KeyedMutex } from "./keyed-mutex";

const sqliteQueues = new WeakMap<DataSource, KeyedMutex>();

/**
 * Runs `work` in a transaction. TypeORM's SQLite driver holds one connection per data source, and
 * a second transaction begun on it while one is open fails ("cannot start a transaction within a
 * transaction"), so on SQLite this process runs its transactions one after another. MySQL gives
 * each transaction a connection of its own and needs no queue.
 */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (dataSource.options.type !== "better-sqlite3") return dataSource.transaction(work);
  let queue = sqliteQueues.get(dataSource);
  if (!queue) sqliteQueues.set(dataSource, (queue = new KeyedMutex()));
  return queue.run("transaction", () => dataSource.transaction(work));
}
