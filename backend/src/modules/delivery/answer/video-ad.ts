import { createHash } from "node:crypto";
import { absoluteMediaUrl } from "../../media/media.service";
import { REFUSED_ZONE } from "../request/ad-request";
import type { Inventory } from "../decision/inventory";
import type { Visit } from "../request/visit";
import type { ServedAd, ServeResult } from "./served-ad";
import { type CreativeEntry, isDescribableVideo, type MediaRendition } from "../model";
import { type VastAd, vastDocument } from "./vast-document";
import type { RequestSignals } from "../../targeting/request-context";

/** A video given by URL is typed by its file name; anything else is taken for MP4, what every browser plays. */
const TYPES_BY_EXTENSION: Record<string, string> = { mp4: "video/mp4", m4v: "video/mp4", webm: "video/webm", ogv: "video/ogg", mov: "video/quicktime" };

function urlVideoType(url: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? "";
  return TYPES_BY_EXTENSION[extension] ?? "video/mp4";
}

/**
 * The files a player may pick from and how long they play: an uploaded video's renditions (paths on
 * the ad server are made absolute against the answer's origin), or a URL video's one file at its
 * declared size. Null when the length is unknown, which VAST cannot do without.
 */
export function videoFiles(creative: CreativeEntry, origin: string): { durationMs: number; files: MediaRendition[] } | null {
  if (!isDescribableVideo(creative)) return null;
  if (creative.media) {
    return { durationMs: creative.media.durationMs!, files: creative.media.renditions.map((rendition) => ({ ...rendition, url: absoluteMediaUrl(rendition.url, origin) })) };
  }
  return {
    durationMs: creative.durationMs!,
    files: [{ url: creative.contentUrl, mimeType: urlVideoType(creative.contentUrl), width: creative.width, height: creative.height }],
  };
}

/** The served offer as a VAST ad; null when the creative's video cannot be described. */
export function vastAdOf(ad: ServedAd, creative: CreativeEntry, origin: string): VastAd | null {
  const video = videoFiles(creative, origin);
  if (!video) return null;
  return {
    // The offer's token is in every tracking link; its digest names the offer without repeating it.
    servingId: createHash("sha256").update(ad.impressionUrl).digest("base64url").slice(0, 22),
    title: `AdNet ad ${creative.id}`,
    creativeId: creative.id,
    impressionUrl: ad.impressionUrl,
    clickUrl: ad.creative.clickable ? ad.clickUrl : null,
    eventUrl: ad.eventUrl,
    durationMs: video.durationMs,
    skipAfterSeconds: creative.skipAfterSeconds ?? null,
    mediaFiles: video.files,
  };
}

/** What a VAST answer needs of the ad server: its catalogue and its decision. */
export interface VideoServer {
  inventory: Inventory;
  serve(zoneId: number, visit: Visit, origin: string, signals: RequestSignals): ServeResult;
}

export type VastAnswer = { status: 200; xml: string } | { status: 404; detail: string };

/**
 * A video zone's VAST answer: the same decision as an ad request (the ad server's), told as VAST.
 * A zone that is not a video zone has no VAST URL.
 */
export function vastAnswer(adServer: VideoServer, zoneId: number, visit: Visit, origin: string, signals: RequestSignals): VastAnswer {
  const zone = adServer.inventory.zone(zoneId);
  if (!zone) return { status: 404, detail: REFUSED_ZONE.unknown };
  if (zone.format !== "video") return { status: 404, detail: `Zone ${zoneId} is a ${zone.format} zone: only video zones have a VAST URL` };
  const result = adServer.serve(zoneId, visit, origin, signals);
  if (result.status !== "filled") return { status: 200, xml: vastDocument(null) };
  const creative = adServer.inventory.creative(result.ad.creative.id);
  return { status: 200, xml: vastDocument(creative ? vastAdOf(result.ad, creative, origin) : null) };
}
