import type { EntityManager, FindOneOptions } from "typeorm";

/**
 * What a read inside a transaction adds to lock the rows it finds until the transaction ends
 * (SELECT ... FOR UPDATE), so a caller racing it waits and then reads what the winner committed,
 * not its own older snapshot. Only on MySQL: SQLite serialises writers itself, and refuses a
 * transaction whose snapshot another writer overtook, which `inTransaction` then runs again.
 */
export function rowLock(manager: EntityManager): Pick<FindOneOptions, "lock"> {
  return manager.connection.options.type === "better-sqlite3" ? {} : { lock: { mode: "pessimistic_write" } };
}
