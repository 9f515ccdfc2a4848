import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { FileHandle, open, readdir, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { privateDirectory } from "../../../../common/private-files";
import type { AnyLoggedEvent, EventLog, LoggedEvent, LogRecord } from "./event-log";

export interface LocalEventLogOptions {
  dir: string;
  /** How long appends gather before one write and one fsync cover them all. */
  groupCommitMs: number;
  /** A segment this large is closed and a new one begun. */
  segmentBytes: number;
  /** How long an applied segment is kept after its last write: the offers it claimed must stay known while they can be replayed. */
  retainMs: number;
}

/** Each record: its payload's length and CRC-32, then the payload (the event as JSON). */
const HEADER_BYTES = 8;
/** No single event comes near this: a larger length is a torn or corrupt header. */
const MAX_RECORD_BYTES = 1 << 20;
const READ_CHUNK_BYTES = 1 << 20;
export const SEGMENT_FILE = /^(\d{16})\.log$/;
export const segmentName = (first: number) => `${String(first).padStart(16, "0")}.log`;

interface Segment {
  /** The position of its first record. */
  first: number;
  file: string;
  /** Bytes of whole, durable records. */
  bytes: number;
}

interface Waiting {
  data: Buffer[];
  positions: number[];
  resolve: (positions: number[]) => void;
  reject: (error: Error) => void;
}

/** Names the log in the database's applied positions; kept beside its segments. */
export const LOG_ID_FILE = "log-id";

export function encodeRecord(event: AnyLoggedEvent): Buffer {
  const payload = Buffer.from(JSON.stringify(event));
  const record = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  record.writeUInt32LE(payload.length, 0);
  record.writeUInt32LE(crc32(payload), 4);
  payload.copy(record, HEADER_BYTES);
  return record;
}

/**
 * Whole records at the start of `buffer`: each with its length (bytes read) and event. Stops at
 * the first record that is cut short or whose checksum fails, which is where a crash tore the tail.
 */
export function* decodeRecords(buffer: Buffer): Generator<{ end: number; event: AnyLoggedEvent }> {
  let offset = 0;
  while (offset + HEADER_BYTES <= buffer.length) {
    const length = buffer.readUInt32LE(offset);
    if (length > MAX_RECORD_BYTES || offset + HEADER_BYTES + length > buffer.length) return;
    const payload = buffer.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + length);
    if (crc32(payload) !== buffer.readUInt32LE(offset + 4)) return;
    let event: AnyLoggedEvent;
    try {
      event = JSON.parse(payload.toString("utf8")) as AnyLoggedEvent;
    } catch {
      return;
    }
    offset += HEADER_BYTES + length;
    yield { end: offset, event };
  }
}

/** How many whole records a segment's bytes begin with, and how many bytes they take: the rest is a torn tail. */
export function wholeRecords(buffer: Buffer): { bytes: number; count: number } {
  let bytes = 0;
  let count = 0;
  for (const { end } of decodeRecords(buffer)) {
    bytes = end;
    count++;
  }
  return { bytes, count };
}

/** Folders whose log a process has open: one writer each, in this process and across processes. */
const openDirs = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the folder for this process, unless a live process holds it (a lock left by a killed one is taken over). */
function lockDirectory(dir: string): void {
  const file = join(dir, "lock");
  const inUse = (pid: number | string) =>
    new Error(`the event log in ${dir} is in use by process ${pid}: give each app process its own EVENT_LOG_DIR, or use EVENT_LOG=jetstream`);
  if (openDirs.has(dir)) throw inUse(process.pid);
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8"));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw inUse(pid);
  }
  writeFileSync(file, String(process.pid), { mode: 0o600 });
  openDirs.add(dir);
}

function unlockDirectory(dir: string): void {
  openDirs.delete(dir);
  const file = join(dir, "lock");
  if (existsSync(file) && readFileSync(file, "utf8") === String(process.pid)) rmSync(file, { force: true });
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function readRange(file: string, from: number, length: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.allocUnsafe(length);
    const { bytesRead } = await handle.read(buffer, 0, length, from);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The event log on local disk: append-only segment files, one writer (this process). Appends that
 * arrive within a few milliseconds share one write and one fdatasync (group commit), so thousands
 * of beacons a second cost a few hundred fsyncs. Every record carries its length and CRC-32: at
 * open, a tail torn by a crash (a record half written, never acknowledged) is cut off. Segments
 * are closed at `segmentBytes` and deleted once applied to the database and older than `retainMs`.
 */
export class LocalEventLog implements EventLog {
  private readonly segments: Segment[];
  private handle: FileHandle;
  /** Bytes written to the current segment, durable or not yet. */
  private written: number;
  private next: number;
  private durable: number;
  private applied = 0;
  private queue: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private committing: Promise<void> | null = null;
  private failed: Error | null = null;
  private closed = false;
  private cursor: { first: number; offset: number; position: number } | null = null;
  private prunedAt = 0;
  /** How many fsyncs the appends took so far: far fewer than appends when they arrive together. */
  syncs = 0;

  private constructor(
    readonly id: string,
    private readonly options: LocalEventLogOptions,
    segments: Segment[],
    handle: FileHandle,
    next: number,
  ) {
    this.segments = segments;
    this.handle = handle;
    this.written = segments[segments.length - 1].bytes;
    this.next = next;
    this.durable = next - 1;
  }

  static async open(options: LocalEventLogOptions): Promise<LocalEventLog> {
    const { dir } = options;
    privateDirectory(dir);
    lockDirectory(dir);
    try {
      return await LocalEventLog.openLocked(options);
    } catch (error) {
      unlockDirectory(dir);
      throw error;
    }
  }

  private static async openLocked(options: LocalEventLogOptions): Promise<LocalEventLog> {
    const { dir } = options;
    const idFile = join(dir, LOG_ID_FILE);
    if (!existsSync(idFile)) writeFileSync(idFile, `local:${randomBytes(12).toString("hex")}`, { mode: 0o600 });
    const id = readFileSync(idFile, "utf8").trim();

    const names = (await readdir(dir)).filter((name) => SEGMENT_FILE.test(name)).sort();
    const segments: Segment[] = [];
    for (const name of names) {
      const file = join(dir, name);
      segments.push({ first: Number(SEGMENT_FILE.exec(name)![1]), file, bytes: (await stat(file)).size });
    }
    if (segments.length === 0) {
      const file = join(dir, segmentName(1));
      await (await open(file, "w", 0o600)).close();
      await syncDirectory(dir);
      segments.push({ first: 1, file, bytes: 0 });
    }
    // Only the last segment was being written: its whole records are kept, a torn tail is cut off.
    const last = segments[segments.length - 1];
    const content = readFileSync(last.file);
    const { bytes: whole, count } = wholeRecords(content);
    const handle = await open(last.file, "r+");
    if (whole < content.length) {
      await handle.truncate(whole);
      await handle.sync();
    }
    last.bytes = whole;
    return new LocalEventLog(id, options, segments, handle, last.first + count);
  }

  append(events: LoggedEvent[]): Promise<number[]> {
    if (this.closed) return Promise.reject(new Error("the event log is closed"));
    if (this.failed) return Promise.reject(this.failed);
    if (events.length === 0) return Promise.resolve([]);
    const data = events.map(encodeRecord);
    const positions = events.map(() => this.next++);
    return new Promise((resolve, reject) => {
      this.queue.push({ data, positions, resolve, reject });
      this.schedule();
    });
  }

  async read(after: number, max: number): Promise<LogRecord[]> {
    const records: LogRecord[] = [];
    if (after >= this.durable) return records;
    if (!this.cursor || this.cursor.position !== after) this.cursor = this.seek(after);
    const cursor = this.cursor;
    while (records.length < max && cursor.position < this.durable) {
      const index = this.segments.findIndex((segment) => segment.first === cursor.first);
      if (index < 0) throw new Error(`event log segment ${segmentName(cursor.first)} is gone`);
      const segment = this.segments[index];
      if (cursor.offset >= segment.bytes) {
        const following = this.segments[index + 1];
        if (!following) break;
        Object.assign(cursor, { first: following.first, offset: 0, position: following.first - 1 });
        continue;
      }
      const chunk = await readRange(segment.file, cursor.offset, Math.min(READ_CHUNK_BYTES, segment.bytes - cursor.offset));
      let used = 0;
      for (const { end, event } of decodeRecords(chunk)) {
        used = end;
        cursor.position++;
        if (cursor.position > after) records.push({ position: cursor.position, event });
        if (records.length >= max) break;
      }
      if (used === 0) throw new Error(`event log segment ${segmentName(cursor.first)} is corrupt at byte ${cursor.offset}`);
      cursor.offset += used;
    }
    return records;
  }

  async start(): Promise<number> {
    return this.segments[0].first - 1;
  }

  async markApplied(position: number): Promise<void> {
    this.applied = Math.max(this.applied, position);
    const now = Date.now();
    if (now - this.prunedAt < 1000) return;
    this.prunedAt = now;
    // Oldest first, never the segment being written: the log stays one unbroken run of positions.
    while (this.segments.length > 1) {
      const [oldest, following] = this.segments;
      if (following.first - 1 > this.applied) break;
      if (now - (await stat(oldest.file)).mtimeMs < this.options.retainMs) break;
      await unlink(oldest.file);
      this.segments.shift();
      if (this.cursor?.first === oldest.first) this.cursor = null;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.committing || this.queue.length > 0) await (this.committing ?? this.commit());
    await this.handle.close();
    unlockDirectory(this.options.dir);
  }

  /** Where to start reading for the records after `after`: the segment holding `after + 1`, from its start. */
  private seek(after: number): { first: number; offset: number; position: number } {
    let segment = this.segments[0];
    for (const candidate of this.segments) if (candidate.first <= after + 1) segment = candidate;
    return { first: segment.first, offset: 0, position: segment.first - 1 };
  }

  private schedule(): void {
    if (this.timer || this.committing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.commit();
    }, this.options.groupCommitMs);
  }

  /** One write and one fdatasync for every append queued meanwhile; then their promises resolve. */
  private commit(): Promise<void> {
    const waiting = this.queue;
    this.queue = [];
    this.committing = (async () => {
      try {
        const data = Buffer.concat(waiting.flatMap((entry) => entry.data));
        let done = 0;
        while (done < data.length) {
          const { bytesWritten } = await this.handle.write(data, done, data.length - done, this.written + done);
          done += bytesWritten;
        }
        await this.handle.datasync();
        this.syncs++;
        this.written += data.length;
        this.segments[this.segments.length - 1].bytes = this.written;
        for (const entry of waiting) this.durable = Math.max(this.durable, ...entry.positions);
        for (const entry of waiting) entry.resolve(entry.positions);
        if (this.written >= this.options.segmentBytes) await this.rotate();
      } catch (error) {
        // Positions were handed out for records that may or may not be on disk: nothing after them can be trusted.
        this.failed = error instanceof Error ? error : new Error(String(error));
        for (const entry of [...waiting, ...this.queue]) entry.reject(this.failed);
        this.queue = [];
      }
    })().finally(() => {
      this.committing = null;
      if (this.queue.length > 0 && !this.closed) this.schedule();
    });
    return this.committing;
  }

  private async rotate(): Promise<void> {
    // Appends queued meanwhile have positions already, but none of their records is written yet.
    const file = join(this.options.dir, segmentName(this.durable + 1));
    const handle = await open(file, "wx", 0o600);
    await syncDirectory(this.options.dir);
    await this.handle.close();
    this.handle = handle;
    this.written = 0;
    this.segments.push({ first: this.durable + 1, file, bytes: 0 });
  }
}
