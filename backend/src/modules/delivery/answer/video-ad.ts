import { createHash } from "node:crypto";
import { absoluteMediaUrl } from "../../media/media.service";
import { REFUSED_ZONE } from "../request/ad-request";
import type { Inventory } from "../decision/inventory";
import type { Visit } from "../request/visit";
import type { PodResult, ServedAd, ServeResult } from "./served-ad";
import { type CreativeEntry, isDescribableVideo, type MediaRendition, type ZoneEntry } from "../model";
import { type VastAd, vastDocument, vastPodDocument } from "./vast-document";
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
  servePod(zoneId: number, visit: Visit, origin: string, signals: RequestSignals, limits: { maxAds: number; breakMs: number }): PodResult;
}

export type VastAnswer = { status: 200; xml: string; note?: string } | { status: 400 | 404; detail: string };

/**
 * A video zone's VAST answer: the same decision as an ad request (the ad server's), told as VAST.
 * A zone that is not a video zone has no VAST URL.
 */
export function vastAnswer(adServer: VideoServer, zoneId: number, visit: Visit, origin: string, signals: RequestSignals): VastAnswer {
  const zone = videoZone(adServer, zoneId);
  if ("status" in zone) return zone;
  const result = adServer.serve(zoneId, visit, origin, signals);
  if (result.status !== "filled") return { status: 200, xml: vastDocument(null) };
  const creative = adServer.inventory.creative(result.ad.creative.id);
  return { status: 200, xml: vastDocument(creative ? vastAdOf(result.ad, creative, origin) : null) };
}

/** The video zone of a player's request, or why there is none. */
export function videoZone(adServer: Pick<VideoServer, "inventory">, zoneId: number): ZoneEntry | { status: 404; detail: string } {
  const zone = adServer.inventory.zone(zoneId);
  if (!zone) return { status: 404, detail: REFUSED_ZONE.unknown };
  if (zone.format !== "video") return { status: 404, detail: `Zone ${zoneId} is a ${zone.format} zone: only video zones have a VAST URL` };
  return zone;
}

/** What a player asks of a break: so many ads at most, so many seconds at most; left out, the zone's own. */
export interface PodRequest {
  pod?: unknown;
  podDuration?: unknown;
}

/** A whole number of at least 1 a request sent, undefined when left out, or null when it is not one. */
function wholeParameter(value: unknown): number | undefined | null {
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  return typeof value === "string" && Number.isInteger(number) && number >= 1 ? number : null;
}

/**
 * A break of a video zone as a VAST 4.2 ad pod (`/vast?zone=ID&pod=N&podDuration=SECONDS`): at
 * most the zone's pod size and break length, whatever is asked; a request for more gets what the
 * break holds, and the reason in `note`. Each ad is an offer of its own (see AdServer.servePod).
 */
export function vastPodAnswer(adServer: VideoServer, zoneId: number, asked: PodRequest, visit: Visit, origin: string, signals: RequestSignals): VastAnswer {
  const pod = wholeParameter(asked.pod);
  if (pod === null) return { status: 400, detail: "pod must be a whole number of ads, at least 1" };
  const podDuration = wholeParameter(asked.podDuration);
  if (podDuration === null) return { status: 400, detail: "podDuration must be a whole number of seconds, at least 1" };
  const zone = videoZone(adServer, zoneId);
  if ("status" in zone) return zone;

  const notes: string[] = [];
  if (pod !== undefined && pod > zone.podSize) notes.push(`asked for ${pod} ads: this zone's breaks hold at most ${zone.podSize}`);
  if (podDuration !== undefined && podDuration > zone.breakSeconds) notes.push(`asked for ${podDuration} seconds: this zone's breaks play at most ${zone.breakSeconds}`);
  const maxAds = Math.min(pod ?? zone.podSize, zone.podSize);
  const breakMs = Math.min(podDuration ?? zone.breakSeconds, zone.breakSeconds) * 1000;

  const result = adServer.servePod(zoneId, visit, origin, signals, { maxAds, breakMs });
  const ads = result.status === "filled" ? result.ads.flatMap(({ ad, creative }) => vastAdOf(ad, creative, origin) ?? []) : [];
  if (ads.length === 0) notes.push(`no ad fills this break of ${breakMs / 1000} seconds`);
  else if (ads.length < maxAds) {
    const leftMs = breakMs - ads.reduce((sum, ad) => sum + ad.durationMs, 0);
    notes.push(`${ads.length} of ${maxAds} ads: no other ad, of an advertiser and a category not yet in the break, fits its ${leftMs / 1000} seconds left`);
  }
  const note = notes.length > 0 ? `AdNet pod: ${notes.join("; ")}` : undefined;
  return { status: 200, xml: vastPodDocument(ads, note ?? null), note };
}
