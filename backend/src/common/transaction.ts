import type { DataSource, EntityManager } from "typeorm";
import { isLostRace } from "./db-errors";
import { KeyedMutex } from "./keyed-mutex";

const sqliteQueues = new WeakMap<DataSource, KeyedMutex>();
/** What each open transaction does once it commits, by the manager its work was given. */
const commitHooks = new WeakMap<EntityManager, (() => Promise<void>)[]>();

/** A transaction that lost a race is run again from its start, at most this many times in all. */
const ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, then what it asked to run once committed (`afterCommit`); a
 * transaction that fails runs none of it. One that lost a race to another writer (a deadlock, a
 * busy SQLite file) is rolled back and run again, as each engine's manual advises, so `work` must
 * not change anything but the database before it commits. TypeORM's SQLite driver holds one
 * connection per data source, and a second transaction begun on it while one is open fails
 * ("cannot start a transaction within a transaction"), so on SQLite this process runs its
 * transactions one after another, and the hooks after the queue lets go, so they may start
 * transactions of their own. MySQL gives each transaction a connection of its own and needs no queue.
 */
export async function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const hooks: (() => Promise<void>)[] = [];
    const tracked = async (manager: EntityManager) => {
      commitHooks.set(manager, hooks);
      try {
        return await work(manager);
      } finally {
        // SQLite hands every transaction the same manager: the next one brings its own hooks.
        commitHooks.delete(manager);
      }
    };
    let result: T;
    try {
      result = await queueOf(dataSource).run("transaction", () => dataSource.transaction(tracked));
    } catch (error) {
      if (attempt < ATTEMPTS && isLostRace(error)) continue;
      throw error;
    }
    for (const hook of hooks) await hook();
    return result;
  }
}

/**
 * Runs `hook` once the transaction `manager` belongs to commits, and never if it rolls back: for
 * side effects that cannot be undone, such as e-mail. Outside a transaction every statement is
 * committed as it runs, so the hook runs now. A hook must not throw: its change is committed.
 */
export async function afterCommit(manager: EntityManager, hook: () => Promise<void>): Promise<void> {
  const hooks = commitHooks.get(manager);
  if (hooks) hooks.push(hook);
  else await hook();
}

const UNQUEUED = { run: <T>(_key: string, task: () => Promise<T>) => task() };

function queueOf(dataSource: DataSource): Pick<KeyedMutex, "run"> {
  if (dataSource.options.type !== "better-sqlite3") return UNQUEUED;
  let queue = sqliteQueues.get(dataSource);
  if (!queue) sqliteQueues.set(dataSource, (queue = new KeyedMutex()));
  return queue;
}
