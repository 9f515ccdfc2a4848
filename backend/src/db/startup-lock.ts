import Database from "better-sqlite3";
import type { DataSource } from "typeorm";

/** How long a process waits for another one's migrations before giving up. */
const LOCK_WAIT_SECONDS = 120;

/**
 * Runs `work` (migrations, the admin account) while holding a lock on the database, so several
 * processes starting together on an empty database take turns instead of all creating the same
 * tables. MySQL/MariaDB: a named lock held by one connection (GET_LOCK). SQLite: an exclusive
 * transaction on a lock file beside the database file. Either is released by the server or the
 * operating system if the process dies holding it.
 */
export async function withStartupLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  return dataSource.options.type === "better-sqlite3" ? withFileLock(`${dataSource.options.database}.startup-lock`, work) : withNamedLock(dataSource, work);
}

async function withNamedLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  // Lock names are server-wide and at most 64 characters: one per database, whatever its name.
  const name = "CONCAT('adnet_startup_', MD5(DATABASE()))";
  const connection = dataSource.createQueryRunner();
  await connection.connect();
  try {
    const [{ locked }] = await connection.query(`SELECT GET_LOCK(${name}, ?) AS locked`, [LOCK_WAIT_SECONDS]);
    if (Number(locked) !== 1) throw new Error(`Another process kept the database's start-up lock for ${LOCK_WAIT_SECONDS} s`);
    try {
      return await work();
    } finally {
      await connection.query(`SELECT RELEASE_LOCK(${name})`);
    }
  } finally {
    await connection.release();
  }
}

async function withFileLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = new Database(file, { timeout: LOCK_WAIT_SECONDS * 1000 });
  try {
    lock.exec("BEGIN EXCLUSIVE");
    try {
      return await work();
    } finally {
      lock.exec("COMMIT");
    }
  } finally {
    lock.close();
  }
}
