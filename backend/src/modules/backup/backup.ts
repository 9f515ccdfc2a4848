import { existsSync, readdirSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { privateDirectory } from "../../common/private-files";
import type { Config } from "../../config";
import { backUpDatabase } from "./database-copy";
import { backUpEventLog } from "./event-log-copy";
import { appVersion, backedUp, BACKUP_FORMAT, BackupError, type BackedUpFile, type Manifest, writeManifest } from "./manifest";
import { backUpMedia } from "./media-copy";

export const SECRET_COPY = "secrets/jwt-secret";

export interface BackupOptions {
  /** Puts the signing secret in the backup too; otherwise the operator carries JWT_SECRET over. */
  withSecrets?: boolean;
}

async function copySecret(config: Pick<Config, "jwtSecret">, backupDir: string): Promise<BackedUpFile> {
  await mkdir(join(backupDir, "secrets"), { mode: 0o700 });
  await writeFile(join(backupDir, SECRET_COPY), config.jwtSecret, { mode: 0o600 });
  return backedUp(backupDir, SECRET_COPY);
}

/**
 * A backup of a running deployment into a new folder: the database, the event log, the uploaded
 * files and a manifest. The database is copied first and the log after it: the log only grows at
 * its end, so every event the database copy has not applied is in the log's copy, and the
 * restored app applies each exactly once from the copy's position.
 */
export async function backUp(config: Config, backupDir: string, options: BackupOptions = {}): Promise<Manifest> {
  if (existsSync(backupDir) && readdirSync(backupDir).length > 0) throw new BackupError(`${backupDir} is not empty: a backup goes into a new folder`);
  privateDirectory(backupDir);
  try {
    return await backUpInto(config, backupDir, options);
  } catch (error) {
    // The folder was new or empty: a failed backup leaves no partial copy behind.
    await rm(backupDir, { recursive: true, force: true });
    throw error;
  }
}

async function backUpInto(config: Config, backupDir: string, options: BackupOptions): Promise<Manifest> {
  const startedAt = new Date().toISOString();
  const database = await backUpDatabase(config, backupDir);
  const log = await backUpEventLog(config, backupDir);
  const applied = database.appliedPositions[log.id] ?? 0;
  if (applied < log.first - 1 || applied > log.last) {
    throw new BackupError(`the event log's copy (positions ${log.first} to ${log.last}) does not continue the database's (applied to ${applied}): take the backup again`);
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    appVersion: appVersion(),
    nodeVersion: process.version,
    startedAt,
    finishedAt: "",
    database,
    eventLog: { ...log, unapplied: log.last - applied },
    media: await backUpMedia(config.mediaDir, backupDir),
    secrets: options.withSecrets ? [await copySecret(config, backupDir)] : [],
  };
  manifest.finishedAt = new Date().toISOString();
  await writeManifest(backupDir, manifest);
  return manifest;
}
