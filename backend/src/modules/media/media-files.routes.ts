import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "../../common/errors";
import { MAX_UPLOAD_BYTES } from "./media-checks";
import type { MediaService } from "./media.service";
import { MEDIA_PATH } from "./media.service";
import { MediaView } from "./media.types";
import { STORED_NAME } from "./media-storage";

/** A stored file's name says its type: the extension comes from decoding, never from the uploader. */
const CONTENT_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp", mp4: "video/mp4", webm: "video/webm" };

/**
 * Nothing served from /media may run: a file that a browser would take for a page is a sandboxed
 * document with no script, no plugin and no subresource, and may not be framed.
 */
export const MEDIA_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** Stored names never change content, so a browser or CDN may keep them for a year without asking again. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Files up to this size are kept in memory once read: a served creative is asked for far more often than it changes (never). */
const CACHED_FILE_BYTES = 512 * 1024;
const CACHE_BYTES = 64 * 1024 * 1024;

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`: the one range a video player asks for; null for none or several. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [start, end] = match[1] === "" ? [Math.max(0, size - Number(match[2])), size - 1] : [Number(match[1]), match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1)];
  return start > end || start >= size ? "unsatisfiable" : { start, end };
}

interface MediaRouteOptions {
  media: MediaService;
}

/** GET /media/<sha256>.<ext> for every page, and PUT /media/uploads/<token>, the signed upload URL's door. */
export async function mediaFileRoutes(app: FastifyInstance, { media }: MediaRouteOptions): Promise<void> {
  // Creatives are asked for by the thousand a second: no access log line each, as for the ad routes.
  const log = app.log.child({ module: "media" }, { level: "warn" });
  app.addHook("onRoute", (route) => {
    route.childLoggerFactory = () => log;
  });

  /** Small files' bytes, once read; every file's size. Stored names never change content, so neither goes stale. */
  const cache = new Map<string, Buffer>();
  const sizes = new Map<string, number>();
  let cachedBytes = 0;

  async function load(file: string): Promise<number | null> {
    const size = await media.storage.size(file);
    if (size === null) return null;
    sizes.set(file, size);
    if (size <= CACHED_FILE_BYTES && cachedBytes + size <= CACHE_BYTES && !cache.has(file)) {
      const chunks: Buffer[] = [];
      for await (const chunk of media.storage.read(file)) chunks.push(chunk as Buffer);
      cache.set(file, Buffer.concat(chunks));
      cachedBytes += size;
    }
    return size;
  }

  function send(file: string, size: number, request: FastifyRequest, reply: FastifyReply) {
    const etag = `"${file.slice(0, 64)}"`;
    reply.headers({ "content-security-policy": MEDIA_POLICY, "cache-control": IMMUTABLE, etag, "accept-ranges": "bytes", "content-type": CONTENT_TYPES[file.slice(65)] });
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    const whole = cache.get(file);
    const range = rangeOf(request.headers.range, size);
    if (range === "unsatisfiable") return reply.code(416).header("content-range", `bytes */${size}`).send();
    if (range) {
      reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${size}`).header("content-length", range.end - range.start + 1);
      return reply.send(whole ? whole.subarray(range.start, range.end + 1) : media.storage.read(file, range));
    }
    return reply.header("content-length", size).send(whole ?? media.storage.read(file));
  }

  const notFound = (reply: FastifyReply) => reply.code(404).header("content-security-policy", MEDIA_POLICY).type("application/json").send({ detail: "Not Found" });

  // Synchronous once a file is known: the hot path skips the promise and the storage.
  app.get(`${MEDIA_PATH}/:file`, (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    const { file } = request.params;
    if (!STORED_NAME.test(file)) return notFound(reply);
    const size = sizes.get(file);
    if (size !== undefined) return send(file, size, request, reply);
    return load(file).then((loaded) => (loaded === null ? notFound(reply) : send(file, loaded, request, reply)));
  });

  // The signed URL takes the raw bytes, whatever Content-Type the script sends: the type comes from decoding them.
  app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    uploads.put(`${MEDIA_PATH}/uploads/:token`, async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
      const file = await media.uploadSigned(request.params.token, request.body);
      return reply.code(201).send(MediaView.from(file));
    });
    uploads.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      if (error instanceof DomainError) return reply.code(error.status).send({ detail: error.message });
      if (error.statusCode === 413) return reply.code(413).send({ detail: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB` });
      if (error.statusCode && error.statusCode < 500) return reply.code(error.statusCode).send({ detail: error.message });
      request.log.error({ err: error }, "media upload failed");
      return reply.code(500).send({ detail: "Internal server error" });
    });
  });
}
