import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Written by the frontend build from its router: the paths the app renders in the browser. */
export const APP_ROUTES_FILE = "app-routes.json";

/**
 * The built single-page app: each prerendered public page under its own path, the app's shell for
 * the app's other routes, and the prerendered not-found page with status 404 for any other path,
 * so that crawlers and links checkers see a missing page as missing.
 */
export async function serveFrontend(server: FastifyInstance, root: string): Promise<void> {
  const hasFrontend = existsSync(join(root, "index.html"));
  const isAppRoute = hasFrontend ? appRouteMatcher(JSON.parse(readFileSync(join(root, APP_ROUTES_FILE), "utf8"))) : () => false;
  if (hasFrontend) {
    await server.register(fastifyStatic, { root, wildcard: false, preCompressed: true });
    // @fastify/static answers a folder's index.html at "/traffic-inventory/" only.
    for (const page of prerenderedPages(root)) server.get(`/${page}`, (_request, reply) => reply.sendFile(`${page}/index.html`));
  }
  server.setNotFoundHandler((request, reply) => {
    if (hasFrontend && request.method === "GET" && request.headers.accept?.includes("text/html")) {
      const path = request.url.split("?")[0];
      if (isAppRoute(path)) return reply.type("text/html").sendFile("shell.html");
      return reply.code(404).type("text/html").sendFile("not-found.html");
    }
    return reply.code(404).send({ detail: "Not Found" });
  });
}

/** The folders of the build holding an index.html: the pages prerendered at build time. */
const prerenderedPages = (root: string) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, "index.html")))
    .map((entry) => entry.name);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Matches a path against the router's patterns as React Router does: `:name` is one segment,
 * `:name?` an optional one, case is ignored and a trailing slash allowed.
 */
export function appRouteMatcher(patterns: string[]): (path: string) => boolean {
  const segment = (part: string) => {
    if (part.startsWith(":")) return part.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
    return `/${escapeRegExp(part)}`;
  };
  const expressions = patterns.map(
    (pattern) => new RegExp(`^${pattern.split("/").filter(Boolean).map(segment).join("")}/?$`, "i"),
  );
  // Fastify has refused a path that does not decode before any handler runs.
  return (path) => expressions.some((expression) => expression.test(decodeURIComponent(path)));
}
