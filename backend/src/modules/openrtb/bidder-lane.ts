import type { FastifyBaseLogger } from "fastify";
import type { TrustProxy } from "../../config";
import type { ServeLane } from "../../http/lane-server";
import { isMalformedHost, MALFORMED_HOST } from "../../http/public-origin";
import { answerHeaders, LaneRequest, laneTrust, refusal } from "../delivery/serve-lane";
import { answerBidRequest, type BidAnswer, type BidderParts, MAX_BID_REQUEST_BYTES } from "./bid-answer";

interface BidderLaneOptions {
  parts: BidderParts;
  trustProxy: TrustProxy;
  log: Pick<FastifyBaseLogger, "error">;
  /** Told how each answer went and how long it took (the operator's metrics). */
  observe: (statusCode: number, seconds: number) => void;
}

const TOO_LARGE = refusal(413, `A bid request is at most ${MAX_BID_REQUEST_BYTES} bytes`);

const isAuction = (url: string) => url === "/openrtb2/auction" || url.startsWith("/openrtb2/auction?");

/**
 * POST /openrtb2/auction, answered on Node's own server before Fastify routes it, as /serve is (see
 * delivery/serve-lane.ts): exchanges send bid requests by the thousand a second, and the framework's
 * hooks, request and reply objects and body parsing cost a bid more than its decision. The body is
 * read as text whatever its type says (Prebid.js sends text/plain), up to MAX_BID_REQUEST_BYTES.
 */
export function bidderLane({ parts, trustProxy, log, observe }: BidderLaneOptions): ServeLane {
  const trusted = laneTrust(trustProxy);
  return (raw, response) => {
    if (raw.method !== "POST" || !isAuction(raw.url ?? "")) return false;
    const started = performance.now();
    const startedAtMs = Date.now();
    const request = new LaneRequest(raw, "", trusted);
    const send = (answer: BidAnswer) => {
      if (response.headersSent) return;
      response.writeHead(answer.statusCode, answerHeaders(request, answer.body));
      response.end(answer.body);
      observe(answer.statusCode, (performance.now() - started) / 1000);
    };
    if (Number(raw.headers["content-length"]) > MAX_BID_REQUEST_BYTES) {
      // Answered unread; the connection closes rather than drain what it still sends.
      response.setHeader("connection", "close");
      send(TOO_LARGE);
      raw.destroy();
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    raw.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BID_REQUEST_BYTES) chunks.push(chunk);
    });
    raw.on("error", () => undefined);
    raw.on("end", () => {
      if (size > MAX_BID_REQUEST_BYTES) return send(TOO_LARGE);
      if (isMalformedHost(raw.headers.host)) return send(refusal(400, MALFORMED_HOST));
      const text = chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks).toString("utf8");
      try {
        send(answerBidRequest(parts, request, text, startedAtMs));
      } catch (error) {
        log.error({ err: error }, "the bid request failed");
        send(refusal(500, "The bidder could not answer"));
      }
    });
    return true;
  };
}
