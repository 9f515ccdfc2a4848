import { createHash } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import { copyFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Raised when a backup cannot be taken or restored as asked; its message is for the operator. */
export class BackupError extends Error {}

export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = "manifest.json";

/** One file of a backup: its path inside the backup's folder, its size and its SHA-256. */
export interface BackedUpFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface DatabasePart {
  engine: "sqlite" | "mysql";
  serverVersion: string;
  /** The newest migration the database had run: a restore runs the newer ones when the app starts. */
  migration: string;
  /** How far each event log was applied in the copy (at least: a dump's snapshot may be a little later). */
  appliedPositions: Record<string, number>;
  file: BackedUpFile;
}

export interface EventLogPart {
  /** Where the events came from: the local log's segments, or a JetStream stream written out in the same format. */
  source: "local" | "jetstream";
  /** The log's name in the database's applied positions. */
  id: string;
  /** The first and last positions held; `last` is `first - 1` when the log held none. */
  first: number;
  last: number;
  /** Events the database copy had not applied yet: the restored app applies them when it starts. */
  unapplied: number;
  segments: (BackedUpFile & { first: number; records: number })[];
}

/** What a backup holds and how to check it: written last, so a folder without it is not a backup. */
export interface Manifest {
  format: number;
  appVersion: string;
  nodeVersion: string;
  startedAt: string;
  finishedAt: string;
  database: DatabasePart;
  eventLog: EventLogPart;
  media: BackedUpFile[];
  /** The signing secret, only when the operator asked for it (--with-secrets). */
  secrets: BackedUpFile[];
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Describes a file already written into the backup folder. */
export async function backedUp(backupDir: string, path: string): Promise<BackedUpFile> {
  const file = join(backupDir, path);
  return { path, bytes: (await stat(file)).size, sha256: await sha256Of(file) };
}

/** Copies a file into the backup folder and describes it. */
export async function copyIn(source: string, backupDir: string, path: string): Promise<BackedUpFile> {
  await copyFile(source, join(backupDir, path));
  return backedUp(backupDir, path);
}

export function appVersion(): string {
  return (JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "package.json"), "utf8")) as { version: string }).version;
}

export async function writeManifest(backupDir: string, manifest: Manifest): Promise<void> {
  await writeFile(join(backupDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/** Reads a backup's manifest and checks every file it lists against its size and checksum. */
export async function verifiedManifest(backupDir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(backupDir, MANIFEST_FILE), "utf8")) as Manifest;
  } catch {
    throw new BackupError(`${backupDir} holds no backup: ${MANIFEST_FILE} is missing or unreadable (an interrupted backup has none)`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`this backup's format is ${manifest.format}; this version restores format ${BACKUP_FORMAT}`);
  const files = [manifest.database.file, ...manifest.eventLog.segments, ...manifest.media, ...manifest.secrets];
  for (const file of files) {
    const actual = await backedUp(backupDir, file.path).catch(() => null);
    if (!actual || actual.bytes !== file.bytes || actual.sha256 !== file.sha256) throw new BackupError(`${file.path} in the backup is missing or differs from its checksum: the backup is damaged`);
  }
  return manifest;
}
