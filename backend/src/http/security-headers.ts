import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * What publishers' pages load from the network: the script and its parts (/ads/NAME.js), the
 * decisions (/serve, and /vast for video players), the beacons and click links, the demo creatives
 * and uploaded ones (not their upload URLs). Only these may be read cross-origin.
 */
const AD_PATHS = /^\/(?:(?:ads\.js|serve|vast|vmap)(?:\?|$)|ads\/|t\/|demo-ads\/|media\/(?!uploads\/))/;

/**
 * Emotion (Chakra's styling) adds its rules at run time through `insertRule` on <style> elements it
 * creates empty, which CSP judges by their text: the empty text's hash lets those in and nothing else.
 */
const EMPTY_STYLE_HASH = sha256("");

/** A year, the length browsers' preload lists ask for. */
const HSTS = "max-age=31536000; includeSubDomains";

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** HTML's escapes that React writes into attribute values; CSP hashes the value as the DOM holds it. */
const unescapeAttribute = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * The hashes of the styles prerendering wrote into the built pages at build time: the text of each
 * <style> tag, and each `style` attribute (Chakra's toast area carries one).
 */
function builtStyleHashes(frontendDir: string): { elements: string[]; attributes: string[] } {
  const elements = new Set<string>();
  const attributes = new Set<string>();
  const files = existsSync(frontendDir) ? readdirSync(frontendDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html")) : [];
  for (const file of files) {
    const html = readFileSync(join(frontendDir, file), "utf8");
    for (const [, text] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) elements.add(sha256(text));
    for (const [, value] of html.matchAll(/\sstyle="([^"]*)"/g)) attributes.add(sha256(unescapeAttribute(value)));
  }
  return { elements: [...elements].sort(), attributes: [...attributes].sort() };
}

/**
 * The web app's policy: its own scripts only, never inline; styles from its own files, the
 * prerendered pages' tags and attributes by hash (attributes only by hash: 'unsafe-hashes' names
 * the CSP feature, not a weakening), and emotion's run-time sheets; no framing, no plugins, no
 * <base> rewriting, forms posting home only. Images may also come from any https address: the
 * creatives' thumbnails live on the advertisers' servers, and an image cannot run code. So may the
 * creative cards' videos (drawn as their first frame, never played) and HTML previews, which the
 * card frames with an empty `sandbox`: no script, form, plugin or navigation of the app runs
 * from them, and the app itself still may not be framed (frame-ancestors). The API answers under it too.
 */
export function appContentSecurityPolicy(frontendDir: string): string {
  const styles = builtStyleHashes(frontendDir);
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${[EMPTY_STYLE_HASH, ...styles.elements].join(" ")}`,
    `style-src-attr ${styles.attributes.length ? ["'unsafe-hashes'", ...styles.attributes].join(" ") : "'none'"}`,
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "frame-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Ad answers are scripts, JSON, images and redirects: nothing in them may run as a page or be framed. */
const AD_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Any page may read an ad answer (Cross-Origin-Resource-Policy), since the tag runs on publishers'
 * sites; an ad click's landing page may learn which site sent it.
 */
const AD_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": AD_POLICY,
  "cross-origin-resource-policy": "cross-origin",
  "referrer-policy": "strict-origin-when-cross-origin",
};
const AD_HEADERS_OVER_HTTPS = { ...AD_HEADERS, "strict-transport-security": HSTS };

/** The security headers of an ad answer: the serve lane, which answers before Fastify's hooks, sets them itself. */
export const adSecurityHeaders = (protocol: string) => (protocol === "https" ? AD_HEADERS_OVER_HTTPS : AD_HEADERS);

/**
 * Security headers on every answer, errors and 404s included: set before any route runs. The
 * app and the API may not be framed or read by other origins; the ad endpoints may be read by any
 * page (Cross-Origin-Resource-Policy), since the tag runs on publishers' sites.
 */
export function securityHeaders(server: FastifyInstance, frontendDir: string): void {
  const appPolicy = appContentSecurityPolicy(frontendDir);
  const appHeaders = {
    "x-content-type-options": "nosniff",
    "content-security-policy": appPolicy,
    "cross-origin-resource-policy": "same-origin",
    // The app's own URLs go nowhere else.
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  };
  const appHeadersOverHttps = { ...appHeaders, "strict-transport-security": HSTS };
  server.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const https = request.protocol === "https";
    if (AD_PATHS.test(request.url)) reply.headers(adSecurityHeaders(request.protocol));
    else reply.headers(https ? appHeadersOverHttps : appHeaders);
    done();
  });
}
