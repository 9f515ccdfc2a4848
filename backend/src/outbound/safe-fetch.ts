import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { isPublicAddress } from "./public-address";

/**
 * One request to a URL a user named (a site's ads.txt, a webhook endpoint) that cannot be turned
 * against the network: in production the
 * host is resolved here and refused when any address is private, loopback, link-local, multicast
 * or reserved, and the connection goes to the very address checked (so a DNS answer that changes
 * between check and connect cannot pass). No cookie or credential is sent, redirects are not
 * followed (the caller judges each hop), and the body is bounded in bytes and time.
 */
export interface SafeFetchOptions {
  production: boolean;
  userAgent: string;
  maxBytes: number;
  timeoutMs: number;
  /** Ports per scheme: 80 and 443, replaced in tests by a local server's ephemeral port. */
  ports?: { http?: number; https?: number };
}

export type FetchAnswer =
  | { kind: "body"; status: number; contentType: string; body: string }
  | { kind: "redirect"; status: number; location: string }
  | { kind: "status"; status: number }
  /** `code`: the system's name for a connection that failed (ECONNREFUSED, …), when that is what happened. */
  | { kind: "error"; reason: string; code?: string };

/** localhost and *.localhost are loopback by definition (RFC 6761): answered here, never asked of DNS. */
const isLocalhostName = (host: string) => host === "localhost" || host.endsWith(".localhost");

async function addressOf(host: string, production: boolean): Promise<{ address: string; family: number } | { reason: string }> {
  if (isIP(host)) return production && !isPublicAddress(host) ? { reason: `${host} is not a public address` } : { address: host, family: isIP(host) };
  if (isLocalhostName(host)) return production ? { reason: `${host} is not a public host` } : { address: "127.0.0.1", family: 4 };
  let answers: { address: string; family: number }[];
  try {
    answers = await lookup(host, { all: true, verbatim: true });
  } catch {
    return { reason: `${host} does not resolve` };
  }
  if (answers.length === 0) return { reason: `${host} does not resolve` };
  // Every answer must be public: otherwise the name could point at the network's own hosts some of the time.
  if (production && answers.some((answer) => !isPublicAddress(answer.address))) return { reason: `${host} resolves to an address that is not public` };
  return answers[0];
}

/** A GET of a text file. */
export const safeGet = (url: URL, options: SafeFetchOptions): Promise<FetchAnswer> => safeRequest(url, options, { method: "GET", headers: { accept: "text/plain" } });

export async function safeRequest(url: URL, options: SafeFetchOptions, sent: { method: "GET" | "POST"; headers: Record<string, string>; body?: string }): Promise<FetchAnswer> {
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "error", reason: `${url.protocol} is not fetched` };
  if (url.username || url.password) return { kind: "error", reason: "addresses with credentials are not fetched" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const target = await addressOf(host, options.production);
  if ("reason" in target) return { kind: "error", reason: target.reason };
  const https = url.protocol === "https:";
  const port = url.port ? Number(url.port) : https ? (options.ports?.https ?? 443) : (options.ports?.http ?? 80);
  return new Promise((resolve) => {
    const finish = (answer: FetchAnswer) => {
      clearTimeout(timer);
      resolve(answer);
    };
    const request = (https ? httpsRequest : httpRequest)(
      {
        host: target.address,
        family: target.family,
        port,
        path: `${url.pathname}${url.search}`,
        method: sent.method,
        // The name the site answers to, and the one its certificate is checked against.
        servername: isIP(host) ? undefined : host,
        headers: { ...sent.headers, host: url.host, "user-agent": options.userAgent, "accept-encoding": "identity" },
        agent: false,
      },
      (response) => readAnswer(response, options.maxBytes).then(finish),
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ kind: "error", reason: `no answer within ${options.timeoutMs / 1000} s` });
    }, options.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => finish({ kind: "error", reason: `could not connect (${error.code ?? error.message})`, code: error.code }));
    request.end(sent.body);
  });
}

function readAnswer(response: IncomingMessage, maxBytes: number): Promise<FetchAnswer> {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400 && response.headers.location) {
    response.resume();
    return Promise.resolve({ kind: "redirect", status, location: response.headers.location });
  }
  if (status < 200 || status >= 300) {
    response.resume();
    return Promise.resolve({ kind: "status", status });
  }
  const declared = Number(response.headers["content-length"] ?? 0);
  if (declared > maxBytes) {
    response.destroy();
    return Promise.resolve({ kind: "error", reason: `the file is larger than ${Math.round(maxBytes / 1024)} KiB` });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    response.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        response.destroy();
        resolve({ kind: "error", reason: `the file is larger than ${Math.round(maxBytes / 1024)} KiB` });
        return;
      }
      chunks.push(chunk);
    });
    response.on("end", () => resolve({ kind: "body", status, contentType: String(response.headers["content-type"] ?? ""), body: Buffer.concat(chunks).toString("utf8") }));
    response.on("error", () => resolve({ kind: "error", reason: "the connection broke while reading the file" }));
  });
}
