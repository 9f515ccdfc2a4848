import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";

const run = promisify(execFile);

/** A real PNG of one colour, made by sharp. */
export const pngOf = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#3366cc" } }).png().toBuffer();

/**
 * A real test-card video made by ffmpeg (`-f lavfi`): H.264 and AAC in MP4, or VP8 and Opus in WebM;
 * `mp4Video` names another video encoder for the MP4.
 */
export async function videoOf({ seconds = 2, size = "640x360", rate = 25, format = "mp4", mp4Video = "libx264" }: { seconds?: number; size?: string; rate?: number; format?: "mp4" | "webm"; mp4Video?: string } = {}): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "adnet-video-"));
  const output = join(dir, `test.${format}`);
  const codecs = format === "mp4" ? ["-c:v", mp4Video, ...(mp4Video === "libx264" ? ["-preset", "ultrafast"] : []), "-pix_fmt", "yuv420p", "-c:a", "aac"] : ["-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libopus"];
  try {
    await run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", `testsrc=duration=${seconds}:size=${size}:rate=${rate}`, "-f", "lavfi", "-i", `sine=duration=${seconds}`, ...codecs, "-shortest", output]);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Posts one file as multipart/form-data under the field `file`, with the name and type the client claims. */
export async function postFile(url: string, token: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
