import { timingSafeEqual } from "node:crypto";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OperationsConfig } from "../../config";
import type { Metrics, RouteKind } from "./metrics";

/** What kind of route a path is, for the latency and request metrics. GET /serve and POST /openrtb2/auction are timed by their lanes. */
export function routeKindOf(url: string): RouteKind {
  if (url.startsWith("/openrtb2/")) return "openrtb";
  if (url.startsWith("/t/c")) return "click";
  if (url.startsWith("/t/")) return "beacon";
  // A player's VMAP is timed with its VAST requests: both are the video players' ad requests.
  if (url.startsWith("/vast") || url.startsWith("/vmap")) return "vast";
  if (url.startsWith("/api/")) return "api";
  if (url.startsWith("/graphql")) return "graphql";
  return "app";
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Who may read /metrics: whoever sends METRICS_TOKEN as a bearer token, or a client at one of
 * METRICS_ALLOW's addresses (loopback by default, where Prometheus runs beside the process) whose
 * request came through no proxy: behind a proxy on the same machine every visitor would look local.
 */
function mayRead(request: FastifyRequest, { metricsToken, metricsAllow }: OperationsConfig, allowed: (address: string) => boolean): boolean {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (metricsToken && bearer) return sameSecret(bearer, metricsToken);
  const proxied = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return metricsAllow.length > 0 && !proxied && allowed(request.socket.remoteAddress ?? "");
}

/** GET /metrics in the Prometheus text format; the latency of every request Fastify answers, and a log line for each slow one. */
export function metricsRoutes(server: FastifyInstance, metrics: Metrics, config: OperationsConfig): void {
  const trusted = proxyAddr.compile(config.metricsAllow);
  const allowed = (address: string) => trusted(address, 0);
  server.addHook("onResponse", (request, reply, done) => {
    const kind = routeKindOf(request.url);
    const ms = reply.elapsedTime;
    metrics.observe(kind, reply.statusCode, ms / 1000);
    if (ms > config.slowRequestMs) request.log.warn({ kind, statusCode: reply.statusCode, ms: Math.round(ms) }, "slow request");
    done();
  });
  server.get("/metrics", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!mayRead(request, config, allowed)) {
      return reply.code(403).send({ detail: "The metrics are for the operator: send METRICS_TOKEN as a bearer token, or scrape from an address in METRICS_ALLOW" });
    }
    return reply.header("content-type", metrics.registry.contentType).send(await metrics.text());
  });
}
