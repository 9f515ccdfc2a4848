import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { randomBytes } from "node:crypto";

/** A stored file's name: its content's SHA-256 and the extension of its decoded type. */
export const STORED_NAME = /^[0-9a-f]{64}\.(png|jpg|gif|webp|mp4|webm)$/;

/**
 * Where uploaded bytes live, addressed by content hash: the same name always holds the same bytes,
 * so a stored file never changes and may be cached for ever. The local folder is the default; an
 * S3-compatible bucket would implement the same calls.
 */
export interface MediaStorage {
  /** Stores the bytes under the name, once: putting existing content again changes nothing. */
  put(name: string, bytes: Buffer): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** The size of a stored file, or null when there is none. */
  size(name: string): Promise<number | null>;
  /** The bytes from `start` to `end` inclusive (the whole file when left out). */
  read(name: string, range?: { start: number; end: number }): Readable;
  /** A path on this machine that ffmpeg can read; the local storage's own file. */
  localPath(name: string): string;
}

/** Files in one folder (MEDIA_DIR), written to a temporary name and renamed, so a reader never sees half a file. */
export class LocalMediaStorage implements MediaStorage {
  private ready: Promise<unknown> | null = null;

  constructor(private readonly dir: string) {}

  async put(name: string, bytes: Buffer): Promise<void> {
    if (!STORED_NAME.test(name)) throw new Error(`not a stored media name: ${name}`);
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    if (await this.exists(name)) return;
    const temporary = join(this.dir, `.${name}.${randomBytes(6).toString("hex")}.part`);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, this.localPath(name));
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async exists(name: string): Promise<boolean> {
    return (await this.size(name)) !== null;
  }

  async size(name: string): Promise<number | null> {
    if (!STORED_NAME.test(name)) return null;
    try {
      return (await stat(this.localPath(name))).size;
    } catch {
      return null;
    }
  }

  read(name: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.localPath(name), range);
  }

  localPath(name: string): string {
    return join(this.dir, name);
  }
}
