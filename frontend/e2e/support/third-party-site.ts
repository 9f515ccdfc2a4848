import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A banner the advertiser's creative points at, served by the "advertiser's CDN". */
const BANNER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><rect width="300" height="250" fill="#1d4ed8"/><text x="150" y="135" font-size="28" text-anchor="middle" fill="#fff">Autumn Sale</text></svg>`;

export interface ThirdPartySite {
  /** Origin on any host name: the server answers on loopback, and Chromium maps *.localhost there. */
  originFor(host: string): string;
  /** Sets the HTML the next visit to a page gets: on `host` only when given, else on every host without its own. */
  setArticle(html: string, host?: string): void;
  close(): Promise<void>;
}

/**
 * Another origin than the ad server's: a publisher's article page holding a pasted ad tag, the
 * advertiser's banner and landing page. Which of them a host name means is up to the test.
 */
export async function startThirdPartySite(): Promise<ThirdPartySite> {
  let article = "<!doctype html><title>Empty</title>";
  const articles = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    if (request.url === "/banner.svg") {
      response.writeHead(200, { "content-type": "image/svg+xml" });
      return response.end(BANNER_SVG);
    }
    if (request.url?.startsWith("/landing")) {
      response.writeHead(200, { "content-type": "text/html" });
      return response.end("<!doctype html><title>Shop</title><h1>Landing page of the advertiser</h1>");
    }
    response.writeHead(200, { "content-type": "text/html" });
    response.end(articles.get((request.headers.host ?? "").replace(/:\d+$/, "")) ?? article);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    originFor: (host) => `http://${host}:${port}`,
    setArticle: (html, host) => {
      if (host) articles.set(host, html);
      else article = html;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
