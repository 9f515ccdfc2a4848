import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { ValidationError } from "../../common/errors";
import { MAX_ZONE_PIXELS } from "../zones/zone-sizes";
import type { MediaKind } from "./media-file.entity";

const run = promisify(execFile);

/** What decoding found: the type comes from the bytes, never from the name or the Content-Type sent. */
export interface MediaFacts {
  kind: MediaKind;
  mimeType: string;
  extension: string;
  width: number;
  height: number;
  durationMs: number | null;
  bitrateKbps: number | null;
}

export const MEDIA_LIMITS = {
  imageBytes: 5 * 1024 * 1024,
  videoBytes: 50 * 1024 * 1024,
  /** No side of a creative is larger than the largest zone. */
  side: MAX_ZONE_PIXELS,
  /** A decompression bomb's header claims more pixels than this; it is refused before it is decoded. */
  pixels: MAX_ZONE_PIXELS * MAX_ZONE_PIXELS,
  /** Every frame of an animation together: a banner of 300×250 may have some 1,300 frames. */
  animationPixels: 100_000_000,
  durationMs: 60_000,
  /** How long ffprobe and the demuxing check may take for one file. */
  probeMs: 20_000,
} as const;

/** The largest upload of any kind: the doors stop reading past it. */
export const MAX_UPLOAD_BYTES = MEDIA_LIMITS.videoBytes;

const IMAGE_TYPES: Record<string, { mimeType: string; extension: string }> = {
  png: { mimeType: "image/png", extension: "png" },
  jpeg: { mimeType: "image/jpeg", extension: "jpg" },
  gif: { mimeType: "image/gif", extension: "gif" },
  webp: { mimeType: "image/webp", extension: "webp" },
};

/** The containers and codecs a browser's <video> plays everywhere: MP4 with H.264 and AAC, WebM with VP8 or VP9 and Vorbis or Opus. */
const VIDEO_TYPES = [
  { container: "mp4", mimeType: "video/mp4", extension: "mp4", video: ["h264"], audio: ["aac"] },
  { container: "webm", mimeType: "video/webm", extension: "webm", video: ["vp8", "vp9"], audio: ["vorbis", "opus"] },
] as const;

const ACCEPTED = "a PNG, JPEG, GIF or WebP image, or an MP4 (H.264, AAC) or WebM (VP8/VP9, Vorbis/Opus) video";

const refuse = (field: string, message: string): never => {
  throw new ValidationError(field, message);
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** ISO base media (MP4) starts with a box whose type is `ftyp`; WebM with the EBML magic number. */
function containerOf(bytes: Buffer): "mp4" | "webm" | null {
  if (bytes.length >= 12 && bytes.toString("latin1", 4, 8) === "ftyp") return "mp4";
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return "webm";
  return null;
}

/** SVG is text that may carry script; it is refused outright rather than sanitised. */
const looksLikeMarkup = (bytes: Buffer) => /^\s*(<\?xml|<svg|<!doctype|<html|<!--)/i.test(bytes.toString("utf8", 0, 512).replace(/^\uFEFF/, ""));

/**
 * Decodes an upload and says what it really is, or refuses it with a message naming `field`:
 * images through sharp (header first, so a decompression bomb is refused before any pixel is
 * decoded, then the whole image, so a truncated one is refused), videos through ffprobe and a full
 * demux by ffmpeg, both with a timeout.
 */
export async function inspectMedia(bytes: Buffer, field: string): Promise<MediaFacts> {
  if (bytes.length === 0) refuse(field, "The file is empty");
  if (looksLikeMarkup(bytes)) refuse(field, `The file is SVG or other markup, which can carry script: upload ${ACCEPTED}`);
  const container = containerOf(bytes);
  if (container) return inspectVideo(bytes, container, field);
  return inspectImage(bytes, field);
}

async function inspectImage(bytes: Buffer, field: string): Promise<MediaFacts> {
  if (bytes.length > MEDIA_LIMITS.imageBytes) refuse(field, `The file is an image larger than ${megabytes(MEDIA_LIMITS.imageBytes)}`);
  // The header alone, with no pixel limit: the limit is checked below, with the sizes in the message.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => refuse(field, `The file is not ${ACCEPTED}`));
  const type = metadata.format ? IMAGE_TYPES[metadata.format] : undefined;
  if (!type) return refuse(field, `The file is ${metadata.format ? `a ${metadata.format.toUpperCase()} file` : "of an unknown type"}, not ${ACCEPTED}`);
  // Read without `animated`, the header gives one frame's size; `pages` counts the frames.
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  const frames = metadata.pages ?? 1;
  if (width * height > MEDIA_LIMITS.pixels || width > MEDIA_LIMITS.side || height > MEDIA_LIMITS.side) {
    refuse(field, `The file is an image of ${width}×${height} pixels; at most ${MEDIA_LIMITS.side}×${MEDIA_LIMITS.side}`);
  }
  if (width * height * frames > MEDIA_LIMITS.animationPixels) {
    refuse(field, `The file is an animation of ${frames} frames of ${width}×${height} pixels; at most ${MEDIA_LIMITS.animationPixels / 1_000_000} million pixels in all`);
  }
  // Every pixel of every frame is decoded, streamed through statistics rather than held in memory.
  await sharp(bytes, { limitInputPixels: MEDIA_LIMITS.animationPixels, failOn: "truncated", animated: true })
    .stats()
    .catch(() => refuse(field, `The file is a ${metadata.format!.toUpperCase()} image that cannot be decoded: it is damaged or incomplete`));
  return { kind: "image", ...type, width, height, durationMs: null, bitrateKbps: null };
}

interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
}

interface Probe {
  streams?: ProbedStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
}

async function inspectVideo(bytes: Buffer, container: "mp4" | "webm", field: string): Promise<MediaFacts> {
  if (bytes.length > MEDIA_LIMITS.videoBytes) refuse(field, `The file is a video larger than ${megabytes(MEDIA_LIMITS.videoBytes)}`);
  const dir = await mkdtemp(join(tmpdir(), "adnet-upload-"));
  const path = join(dir, `upload.${container}`);
  try {
    await writeFile(path, bytes);
    const probe = await ffprobe(path).catch(() => refuse(field, "The file is a video that cannot be read: it is damaged or incomplete"));
    const type = VIDEO_TYPES.find((candidate) => candidate.container === container)!;
    const named = container === "mp4" ? "an MP4" : "a WebM";
    const video = probe.streams?.filter((stream) => stream.codec_type === "video") ?? [];
    const audio = probe.streams?.filter((stream) => stream.codec_type === "audio") ?? [];
    const formatName = probe.format?.format_name ?? "";
    if (!formatName.split(",").includes(container)) refuse(field, `The file is not ${ACCEPTED}`);
    if (video.length !== 1 || !(type.video as readonly string[]).includes(video[0].codec_name ?? "")) {
      refuse(field, `The file is ${named} video, which must have one ${type.video.join(" or ").toUpperCase()} video stream${video[0]?.codec_name ? `, not ${video[0].codec_name.toUpperCase()}` : ""}`);
    }
    if (audio.length > 1 || (audio.length === 1 && !(type.audio as readonly string[]).includes(audio[0].codec_name ?? ""))) {
      refuse(field, `The file is ${named} video, whose sound must be ${type.audio.join(" or ")}${audio[0]?.codec_name ? `, not ${audio[0].codec_name}` : ""}`);
    }
    const durationMs = Math.round(Number(probe.format?.duration ?? NaN) * 1000);
    if (!Number.isFinite(durationMs) || durationMs <= 0) refuse(field, "The file is a video with no duration: it is damaged or incomplete");
    if (durationMs > MEDIA_LIMITS.durationMs) refuse(field, `The file is a video of ${(durationMs / 1000).toFixed(1)} s; at most ${MEDIA_LIMITS.durationMs / 1000} s`);
    const { width = 0, height = 0 } = video[0];
    if (width < 1 || height < 1 || width > MEDIA_LIMITS.side || height > MEDIA_LIMITS.side) {
      refuse(field, `The file is a video of ${width}×${height} pixels; at most ${MEDIA_LIMITS.side}×${MEDIA_LIMITS.side}`);
    }
    if (!(await demuxesCleanly(path))) refuse(field, "The file is a video that cannot be read to its end: it is damaged or incomplete");
    const bitRate = Number(probe.format?.bit_rate ?? NaN);
    return {
      kind: "video",
      mimeType: type.mimeType,
      extension: type.extension,
      width,
      height,
      durationMs,
      bitrateKbps: Number.isFinite(bitRate) ? Math.round(bitRate / 1000) : Math.round((bytes.length * 8) / durationMs),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function ffprobe(path: string): Promise<Probe> {
  const { stdout } = await run("ffprobe", ["-v", "error", "-show_format", "-show_streams", "-of", "json", path], { timeout: MEDIA_LIMITS.probeMs, maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout) as Probe;
}

/** Reads every packet without decoding: a truncated file makes ffmpeg complain, even where it exits 0. */
async function demuxesCleanly(path: string): Promise<boolean> {
  try {
    const { stderr } = await run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0", "-c", "copy", "-f", "null", "-"], { timeout: MEDIA_LIMITS.probeMs, maxBuffer: 1024 * 1024 });
    return stderr.trim() === "";
  } catch {
    return false;
  }
}
