import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";

/**
 * The origin written into ad tags and tracking links. PUBLIC_URL when set (always, in production).
 * Otherwise the origin the request reached, but only for a host on the allowed list: the Host
 * header is the client's to write, and a tag copied from a dashboard must not point at a host an
 * attacker chose or carry markup in it. Any other host gets this machine's own address.
 */
export function publicOriginOf(config: Pick<Config, "publicUrl" | "allowedHosts" | "port">): (request: Pick<FastifyRequest, "hostname" | "port" | "protocol">) => string {
  const { publicUrl } = config;
  if (publicUrl) return () => publicUrl;
  const allowed = new Set(config.allowedHosts);
  const fallback = `http://localhost:${config.port}`;
  return (request) => {
    const port = request.port ? `:${request.port}` : "";
    if (!allowed.has(request.hostname.toLowerCase()) || !/^(?::\d{1,5})?$/.test(port)) return fallback;
    return `${request.protocol === "https" ? "https" : "http"}://${request.hostname.toLowerCase()}${port}`;
  };
}

/** A host name or address with an optional port: what a browser or any HTTP client sends as Host. */
const WELL_FORMED_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export const MALFORMED_HOST = "The Host header is not a host name";

/** A missing Host header is HTTP/1.0's and is let through; markup, spaces or a path are not. */
export const isMalformedHost = (host: string | undefined) => host !== undefined && !WELL_FORMED_HOST.test(host);

/**
 * A Host header that is no host at all (markup, spaces, a path) is refused before any route sees it,
 * rather than breaking the URL parsing of whatever route it reaches.
 */
export function refuseMalformedHosts(server: FastifyInstance): void {
  server.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (isMalformedHost(request.headers.host)) {
      reply.code(400).send({ detail: MALFORMED_HOST });
      return;
    }
    done();
  });
}
