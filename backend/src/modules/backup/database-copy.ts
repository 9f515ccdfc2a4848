import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { chmod, copyFile } from "node:fs/promises";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createConnection } from "mysql2/promise";
import { privateDirectory } from "../../common/private-files";
import { EMBEDDED_DATABASE_FILE } from "../../db/data-source";
import type { Config } from "../../config";
import { backedUp, BackupError, type DatabasePart } from "./manifest";

type DatabaseConfig = Pick<Config, "databaseUrl" | "dataDir">;

const SQLITE_COPY = "database.sqlite";
const DUMP_FILE = "database.sql";
/** The most pages better-sqlite3 copies in one step. */
const ALL_PAGES = 0x7fffffff;

/** What the migrations and the event log positions say, read from one database. */
const MIGRATION_SQL = "SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1";
const POSITIONS_SQL = "SELECT log_id, position FROM event_log_positions";

interface Facts {
  serverVersion: string;
  migration: string;
  appliedPositions: Record<string, number>;
}

function factsOf(version: unknown, migrations: unknown[], positions: unknown[]): Facts {
  return {
    serverVersion: String(version),
    migration: String((migrations[0] as { name?: string } | undefined)?.name ?? "none"),
    appliedPositions: Object.fromEntries((positions as { log_id: string; position: number | string }[]).map((row) => [row.log_id, Number(row.position)])),
  };
}

/** The pieces of a mysql:// URL that the mariadb client programs take; the password goes in their environment, never on a command line. */
function clientOptions(url: string): { args: string[]; env: NodeJS.ProcessEnv; database: string; serverUrl: string } {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\/+/, ""));
  if (!database) throw new BackupError("DATABASE_URL names no database");
  const password = decodeURIComponent(parsed.password);
  const server = new URL(url);
  server.pathname = "/";
  return {
    args: [`--host=${parsed.hostname}`, `--port=${parsed.port || "3306"}`, `--user=${decodeURIComponent(parsed.username) || "root"}`, "--default-character-set=utf8mb4"],
    env: { ...process.env, ...(password ? { MYSQL_PWD: password } : {}) },
    database,
    serverUrl: server.toString(),
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, io: { stdin?: string; stdout?: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: [io.stdin ? "pipe" : "ignore", io.stdout ? "pipe" : "ignore", "pipe"] });
    let errors = "";
    child.stderr!.on("data", (chunk) => (errors += chunk));
    // A client that stops reading has failed: its exit status and message say why.
    if (io.stdin) createReadStream(io.stdin).on("error", reject).pipe(child.stdin!.on("error", () => undefined));
    const written = io.stdout ? child.stdout!.pipe(createWriteStream(io.stdout, { mode: 0o600 }).on("error", reject)) : null;
    child.on("error", (error) => reject(new BackupError(`${command} could not run: ${error.message}`)));
    child.on("close", (code) => {
      if (code !== 0) return reject(new BackupError(`${command} failed (exit ${code}): ${errors.trim()}`));
      if (!written || written.writableFinished) return resolve();
      written.once("finish", resolve);
    });
  });
}

/**
 * A consistent copy of the app's database: SQLite's online backup API, or `mariadb-dump
 * --single-transaction` (one snapshot, no locks). The positions are read before the dump starts,
 * so the copy has applied at least that much of each log.
 */
export async function backUpDatabase(config: DatabaseConfig, backupDir: string): Promise<DatabasePart> {
  if (config.databaseUrl) {
    const client = clientOptions(config.databaseUrl);
    const connection = await createConnection({ uri: config.databaseUrl });
    let facts: Facts;
    try {
      const [[version]] = (await connection.query("SELECT VERSION() AS version")) as unknown as [{ version: string }[]];
      const [migrations] = await connection.query(MIGRATION_SQL);
      const [positions] = await connection.query(POSITIONS_SQL);
      facts = factsOf(version.version, migrations as unknown[], positions as unknown[]);
    } finally {
      await connection.end();
    }
    // The app's schema is tables alone (no routines, events or tablespaces), so the dump needs no more than the app's own privileges.
    const dumpArgs = ["--single-transaction", "--quick", "--hex-blob", "--no-tablespaces", client.database];
    await run("mariadb-dump", [...client.args, ...dumpArgs], client.env, { stdout: join(backupDir, DUMP_FILE) });
    return { engine: "mysql", ...facts, file: await backedUp(backupDir, DUMP_FILE) };
  }
  const live = join(config.dataDir, EMBEDDED_DATABASE_FILE);
  if (!existsSync(live)) throw new BackupError(`there is no database at ${live}`);
  const source = new Database(live, { fileMustExist: true, timeout: 5000 });
  try {
    // The rest in one step, under one read of the database: a copy made a few pages at a time starts over whenever the app writes meanwhile.
    await source.backup(join(backupDir, SQLITE_COPY), { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  await chmod(join(backupDir, SQLITE_COPY), 0o600);
  const copy = new Database(join(backupDir, SQLITE_COPY), { fileMustExist: true });
  let facts: Facts;
  try {
    // One file, without the write-ahead log beside it: the app turns WAL on again when it opens the restored copy.
    copy.exec("PRAGMA journal_mode = DELETE");
    const [version] = copy.prepare("SELECT sqlite_version() AS version").all() as { version: string }[];
    facts = factsOf(version.version, copy.prepare(MIGRATION_SQL).all(), copy.prepare(POSITIONS_SQL).all());
  } finally {
    copy.close();
  }
  return { engine: "sqlite", ...facts, file: await backedUp(backupDir, SQLITE_COPY) };
}

/** A dump restores into MariaDB, a SQLite copy into the embedded database. */
export function checkEngine(config: DatabaseConfig, part: DatabasePart): void {
  if ((part.engine === "mysql") === Boolean(config.databaseUrl)) return;
  throw new BackupError(part.engine === "mysql" ? "the backup is of a MariaDB database: set DATABASE_URL to restore it" : "the backup is of the embedded database: unset DATABASE_URL to restore it");
}

/** Why the target database cannot take a restore, or null when it is empty (a MariaDB database may not exist yet). */
export async function databaseInUse(config: DatabaseConfig): Promise<string | null> {
  if (!config.databaseUrl) {
    const file = join(config.dataDir, EMBEDDED_DATABASE_FILE);
    return existsSync(file) ? `${file} exists` : null;
  }
  const client = clientOptions(config.databaseUrl);
  const connection = await createConnection({ uri: client.serverUrl });
  try {
    const [[{ tables }]] = (await connection.query("SELECT COUNT(*) AS tables FROM information_schema.tables WHERE table_schema = ?", [client.database])) as unknown as [{ tables: number }[]];
    return Number(tables) > 0 ? `the database ${client.database} has ${tables} tables` : null;
  } finally {
    await connection.end();
  }
}

export async function restoreDatabase(config: DatabaseConfig, backupDir: string, part: DatabasePart): Promise<void> {
  const copy = join(backupDir, part.file.path);
  if (!config.databaseUrl) {
    privateDirectory(config.dataDir);
    const file = join(config.dataDir, EMBEDDED_DATABASE_FILE);
    await copyFile(copy, file);
    await chmod(file, 0o600);
    return;
  }
  const client = clientOptions(config.databaseUrl);
  const connection = await createConnection({ uri: client.serverUrl });
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${client.database.replace(/`/g, "``")}\` CHARACTER SET utf8mb4`);
  } finally {
    await connection.end();
  }
  await run("mariadb", [...client.args, client.database], client.env, { stdin: copy });
}
