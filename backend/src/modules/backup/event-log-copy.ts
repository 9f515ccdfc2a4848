import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { privateDirectory } from "../../common/private-files";
import type { Config } from "../../config";
import type { LoggedEvent } from "../delivery/counting/event-log/event-log";
import { JetStreamEventLog } from "../delivery/counting/event-log/jetstream-event-log";
import { decodeRecords, encodeRecord, LOG_ID_FILE, SEGMENT_FILE, segmentName, wholeRecords } from "../delivery/counting/event-log/local-event-log";
import { backedUp, BackupError, type EventLogPart } from "./manifest";

type LogConfig = Pick<Config, "eventLog" | "delivery">;
type CopiedLog = Omit<EventLogPart, "unapplied">;
type CopiedSegment = EventLogPart["segments"][number];

const LOG_FOLDER = "event-log";
/** A stream written out is cut into segments of this size, as the local log cuts its own. */
const EXPORT_SEGMENT_BYTES = 16 * 1024 * 1024;
const READ_BATCH = 1000;

const span = (id: string, source: CopiedLog["source"], first: number, segments: CopiedSegment[]): CopiedLog => ({
  source,
  id,
  first,
  last: first + segments.reduce((sum, segment) => sum + segment.records, 0) - 1,
  segments,
});

/**
 * The local log's segments as they are durable now. Only the newest is being written: its whole
 * records are copied and a record still being written is left out, as the log itself does when it
 * opens after a crash. The oldest may be deleted meanwhile (applied and expired); any other gap
 * in the positions fails the backup.
 */
async function copyLocalLog(dir: string, backupDir: string): Promise<CopiedLog> {
  if (!existsSync(join(dir, LOG_ID_FILE))) throw new BackupError(`there is no event log in ${dir}: is EVENT_LOG_DIR the app's, and has the app run on this data?`);
  const id = readFileSync(join(dir, LOG_ID_FILE), "utf8").trim();
  const segments: CopiedSegment[] = [];
  for (const name of (await readdir(dir)).filter((file) => SEGMENT_FILE.test(file)).sort()) {
    const content = await readFile(join(dir, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" && segments.length === 0) return null;
      throw error;
    });
    if (!content) continue;
    const { bytes: whole, count: records } = wholeRecords(content);
    const first = Number(SEGMENT_FILE.exec(name)![1]);
    const previous = segments[segments.length - 1];
    if (previous && previous.first + previous.records !== first) throw new BackupError(`the event log's segment ${name} does not follow the one before it`);
    await writeFile(join(backupDir, LOG_FOLDER, name), content.subarray(0, whole), { mode: 0o600 });
    segments.push({ ...(await backedUp(backupDir, `${LOG_FOLDER}/${name}`)), first, records });
  }
  if (segments.length === 0) throw new BackupError(`there is no event log segment in ${dir}`);
  return span(id, "local", segments[0].first, segments);
}

/** Every event the stream holds, applied or not, written out in the local log's format and positions. */
async function exportStream(config: LogConfig & { eventLog: { kind: "jetstream" } }, backupDir: string): Promise<CopiedLog> {
  const log = await JetStreamEventLog.open({ natsUrl: config.eventLog.natsUrl, stream: config.eventLog.stream, retainMs: config.delivery.offerTtlSeconds * 1000 });
  try {
    const start = await log.start();
    const last = await log.last();
    const segments: CopiedSegment[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let pendingFirst = start + 1;
    const writeSegment = async () => {
      const name = segmentName(pendingFirst);
      await writeFile(join(backupDir, LOG_FOLDER, name), Buffer.concat(pending), { mode: 0o600 });
      segments.push({ ...(await backedUp(backupDir, `${LOG_FOLDER}/${name}`)), first: pendingFirst, records: pending.length });
      pendingFirst += pending.length;
      pending = [];
      pendingBytes = 0;
    };
    for (let at = start; at < last; ) {
      const records = await log.read(at, Math.min(READ_BATCH, last - at));
      if (records.length === 0) throw new BackupError(`the stream ${config.eventLog.stream} stopped answering at position ${at} of ${last}`);
      for (const { position, event } of records) {
        if (position !== at + 1) throw new BackupError(`the stream ${config.eventLog.stream} lacks position ${at + 1}`);
        const record = encodeRecord(event);
        pending.push(record);
        pendingBytes += record.length;
        at = position;
        if (pendingBytes >= EXPORT_SEGMENT_BYTES) await writeSegment();
      }
    }
    if (pending.length > 0) await writeSegment();
    return span(log.id, "jetstream", start + 1, segments);
  } finally {
    await log.close();
  }
}

export async function backUpEventLog(config: LogConfig, backupDir: string): Promise<CopiedLog> {
  await mkdir(join(backupDir, LOG_FOLDER), { mode: 0o700 });
  return config.eventLog.kind === "local" ? copyLocalLog(config.eventLog.dir, backupDir) : exportStream({ ...config, eventLog: config.eventLog }, backupDir);
}

/** Why the target's event log cannot take a restore, or null when it never held an event. */
export async function eventLogInUse({ eventLog }: LogConfig): Promise<string | null> {
  if (eventLog.kind === "jetstream") return (await JetStreamEventLog.used(eventLog.natsUrl, eventLog.stream)) ? `the stream ${eventLog.stream} has held events` : null;
  const segments = existsSync(eventLog.dir) ? readdirSync(eventLog.dir).filter((file) => SEGMENT_FILE.test(file)) : [];
  return segments.length > 0 ? `${eventLog.dir} holds an event log` : null;
}

/**
 * Puts the backup's events into the target's log at the positions they had, so the database's
 * applied position still points into it; returns the log's id there.
 */
export async function restoreEventLog(config: LogConfig, backupDir: string, part: EventLogPart): Promise<string> {
  const { eventLog } = config;
  if (eventLog.kind === "local") {
    privateDirectory(eventLog.dir);
    for (const segment of part.segments) {
      const file = join(eventLog.dir, segmentName(segment.first));
      await copyFile(join(backupDir, segment.path), file);
      await chmod(file, 0o600);
    }
    // An empty log still begins after the last position the database may have applied.
    if (part.segments.length === 0) await writeFile(join(eventLog.dir, segmentName(part.last + 1)), "", { mode: 0o600 });
    await writeFile(join(eventLog.dir, LOG_ID_FILE), part.id, { mode: 0o600 });
    return part.id;
  }
  const log = await JetStreamEventLog.open({ natsUrl: eventLog.natsUrl, stream: eventLog.stream, retainMs: config.delivery.offerTtlSeconds * 1000 });
  try {
    await log.beginAt(part.first);
    for (const segment of part.segments) {
      const events = [...decodeRecords(await readFile(join(backupDir, segment.path)))].map(({ event }) => event as LoggedEvent);
      for (let from = 0; from < events.length; from += READ_BATCH) {
        const positions = await log.append(events.slice(from, from + READ_BATCH));
        const moved = positions.findIndex((position, index) => position !== segment.first + from + index);
        if (moved >= 0) throw new BackupError(`the stream ${eventLog.stream} took an event at position ${positions[moved]}, not ${segment.first + from + moved}`);
      }
    }
    return log.id;
  } finally {
    await log.close();
  }
}
