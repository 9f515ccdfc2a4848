import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bearerToken } from "../auth/context";
import type { RateLimiter } from "../auth/rate-limiter";
import { isApiKey } from "../modules/api-keys/api-keys.service";

/** The one quota an API key has; its name is what the RateLimit field points at. */
export const API_KEY_POLICY = "api-key";

interface Quota {
  limiter: RateLimiter;
  limit: number;
  windowSeconds: number;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * Every request made with an API key counts against that key's quota, in every process alike (the
 * limiter keeps its counts in Redis when there is one), and every answer says where the key stands
 * in the IETF draft's structured fields (draft-ietf-httpapi-ratelimit-headers):
 * `RateLimit-Policy: "api-key";q=600;w=60` and `RateLimit: "api-key";r=599;t=60`. Past the quota the
 * call is refused with 429 and `Retry-After` before any work is done. Session tokens are not counted:
 * the people in the web app are limited where it matters to them (sign-in, registration).
 */
export function apiKeyRateLimit(server: FastifyInstance, { limiter, limit, windowSeconds }: Quota): void {
  const policy = `"${API_KEY_POLICY}";q=${limit};w=${windowSeconds}`;
  server.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const door = doorOf(request.url);
    const token = bearerToken(request.headers.authorization);
    if (!door || !token || !isApiKey(token)) return;
    const admission = await limiter.admit(token);
    reply.header("ratelimit-policy", policy);
    reply.header("ratelimit", `"${API_KEY_POLICY}";r=${admission.remaining};t=${seconds(admission.resetMs)}`);
    if (admission.retryAfterMs === 0) return;
    const message = `This API key made more than ${limit} requests in ${windowSeconds} s; try again in ${seconds(admission.retryAfterMs)} s`;
    reply.header("retry-after", String(seconds(admission.retryAfterMs)));
    return door === "rest"
      ? reply.code(429).send({ detail: message })
      : reply.code(429).send({ errors: [{ message, extensions: { code: "RATE_LIMITED" } }] });
  });
}

function doorOf(url: string): "rest" | "graphql" | null {
  if (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) return "rest";
  if (url === "/graphql" || url.startsWith("/graphql?")) return "graphql";
  return null;
}
