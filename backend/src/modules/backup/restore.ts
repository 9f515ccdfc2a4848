import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EMBEDDED_JWT_SECRET_FILE, type Config } from "../../config";
import { createDataSource } from "../../db/data-source";
import { SECRET_COPY } from "./backup";
import { checkEngine, databaseInUse, restoreDatabase } from "./database-copy";
import { eventLogInUse, restoreEventLog } from "./event-log-copy";
import { BackupError, type Manifest, verifiedManifest } from "./manifest";
import { mediaInUse, restoreMedia } from "./media-copy";

export interface Restored {
  manifest: Manifest;
  /** What the operator must still do before starting the app, if anything. */
  todo: string | null;
}

/** The database names the log it applied by the log's id; a stream of another name has another id. */
async function renameLog(config: Config, from: string, to: string): Promise<void> {
  const dataSource = await createDataSource(config);
  await dataSource.initialize();
  try {
    await dataSource.query("UPDATE event_log_positions SET log_id = ? WHERE log_id = ?", [to, from]);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Sessions, served offers and two-factor secrets are signed or sealed with the JWT secret: the
 * restored deployment needs the old one. From a backup that holds it, it replaces a secret the
 * embedded database generated; a configured JWT_SECRET stays the operator's to set.
 */
function carrySecret(config: Config, backupDir: string, manifest: Manifest): string | null {
  if (manifest.secrets.length === 0) {
    return "the backup holds no signing secret: run the restored deployment with the old JWT_SECRET (or copy the old DATA_DIR/jwt-secret), or every session ends, offers already served are refused and two-factor sign-in must be enrolled again.";
  }
  const secret = readFileSync(join(backupDir, SECRET_COPY), "utf8");
  if (secret === config.jwtSecret) return null;
  const generated = join(config.dataDir, EMBEDDED_JWT_SECRET_FILE);
  if (!config.databaseUrl && existsSync(generated) && readFileSync(generated, "utf8").trim() === config.jwtSecret) {
    writeFileSync(generated, secret, { mode: 0o600 });
    return null;
  }
  return `JWT_SECRET differs from the backup's: set it to the contents of ${SECRET_COPY} in the backup before starting the app.`;
}

/**
 * Restores a backup into an empty new deployment (its database, event log and media folder), and
 * refuses, changing nothing, when any of them holds anything. The app, started afterwards, runs
 * any newer migrations and applies the events the database copy had not.
 */
export async function restore(config: Config, backupDir: string): Promise<Restored> {
  const manifest = await verifiedManifest(backupDir);
  checkEngine(config, manifest.database);
  const problems = [await databaseInUse(config), await eventLogInUse(config), mediaInUse(config.mediaDir)].filter(Boolean);
  if (problems.length > 0) throw new BackupError(`a backup is restored only into an empty new deployment, and this one is not: ${problems.join("; ")}. Nothing was changed.`);
  await restoreDatabase(config, backupDir, manifest.database);
  const logId = await restoreEventLog(config, backupDir, manifest.eventLog);
  if (logId !== manifest.eventLog.id) await renameLog(config, manifest.eventLog.id, logId);
  await restoreMedia(config.mediaDir, backupDir, manifest.media);
  return { manifest, todo: carrySecret(config, backupDir, manifest) };
}
