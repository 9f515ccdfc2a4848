import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { DataSource, Repository } from "typeorm";
import { inspectMedia } from "./media-checks";
import { MediaFile } from "./media-file.entity";
import type { MediaStorage } from "./media-storage";
import { RENDITION_HEIGHT } from "./media.service";

const run = promisify(execFile);

/** A minute of 1080p takes well under this at `veryfast` on one core; past it the encoder is stuck. */
const ENCODE_TIMEOUT_MS = 10 * 60_000;

/**
 * Makes the 360p rendition of each video taller than that, one at a time, in the background: H.264
 * and AAC in MP4 with its index first (faststart), the encoding every player takes on a slow
 * connection. The work is the row's `rendition_status`: pending rows are found again at start, so
 * an upload whose rendition a restart interrupted gets it all the same. Adding it moves the row's
 * updated_at, which reloads the ad server's catalogue.
 */
export class MediaRenditions {
  private readonly files: Repository<MediaFile>;
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private abort = new AbortController();
  private stopped = false;

  constructor(
    dataSource: DataSource,
    private readonly storage: MediaStorage,
    private readonly log: { warn(object: object, message: string): void },
  ) {
    this.files = dataSource.getRepository(MediaFile);
  }

  /** Queues every video still waiting for its rendition. */
  async start(): Promise<void> {
    this.stopped = false;
    this.abort = new AbortController();
    const pending = await this.files.find({ where: { renditionStatus: "pending" }, select: { id: true }, order: { id: "ASC" } });
    for (const { id } of pending) this.enqueue(id);
  }

  /** Stops the encoder under way: its video stays pending and is done at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    this.abort.abort();
    await this.running;
  }

  enqueue(id: number): void {
    if (this.stopped || this.queue.includes(id)) return;
    this.queue.push(id);
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  private async drain(): Promise<void> {
    for (let id = this.queue.shift(); id !== undefined && !this.stopped; id = this.queue.shift()) {
      await this.render(id).catch(async (error: Error) => {
        if (this.stopped) return;
        this.log.warn({ err: error, mediaId: id }, "could not make a video's 360p rendition");
        await this.files.update({ id }, { renditionStatus: "failed" }).catch(() => undefined);
      });
    }
  }

  private async render(id: number): Promise<void> {
    const file = await this.files.findOneBy({ id, renditionStatus: "pending" });
    if (!file) return;
    const dir = await mkdtemp(join(tmpdir(), "adnet-rendition-"));
    try {
      const output = join(dir, "rendition.mp4");
      await run(
        "ffmpeg",
        ["-nostdin", "-v", "error", "-i", this.storage.localPath(file.file), "-vf", `scale=-2:${RENDITION_HEIGHT}`, "-c:v", "libx264", "-preset", "veryfast", "-crf", "26", "-pix_fmt", "yuv420p"]
          .concat(["-c:a", "aac", "-b:a", "96k", "-ac", "2", "-movflags", "+faststart", output]),
        { timeout: ENCODE_TIMEOUT_MS, signal: this.abort.signal, maxBuffer: 1024 * 1024 },
      );
      const bytes = await readFile(output);
      // The rendition passes the same checks as an upload: what is served is always what it claims.
      const facts = await inspectMedia(bytes, "rendition");
      const name = `${createHash("sha256").update(bytes).digest("hex")}.${facts.extension}`;
      await this.storage.put(name, bytes);
      file.renditions = [...(file.renditions ?? []), { file: name, mimeType: facts.mimeType, width: facts.width, height: facts.height, bitrateKbps: facts.bitrateKbps ?? 0 }];
      file.renditionStatus = "done";
      await this.files.save(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
