import type { MediaRendition } from "../model";
import { OFFER_EVENTS } from "../counting/offer-events";

/**
 * The VAST 4.2 document a video player loads (IAB Tech Lab, VAST 4.2): one InLine ad with its
 * tracking, or no ad at all. Every value is escaped here, so nothing an advertiser typed can
 * change the document's structure.
 */

/**
 * What a linear ad's player reports, each to the offer's event URL with `&e=NAME`: viewability has
 * an element of its own, and a banner's expansion is no event of a linear video (VAST's own names only).
 */
const TRACKED_EVENTS = [...OFFER_EVENTS.measured.filter((event) => event !== "viewable" && event !== "expand"), ...OFFER_EVENTS.controls];

const NAMESPACE = "http://www.iab.com/VAST";
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** What fills one VAST ad: the served offer's links and the video's files. */
export interface VastAd {
  /** Unique to the served offer (VAST's AdServingId). */
  servingId: string;
  title: string;
  creativeId: number;
  impressionUrl: string;
  /** The tracked click-through; null when the creative leads nowhere. */
  clickUrl: string | null;
  /** The offer's event URL: `&e=NAME` names an event, `&e=error&code=NNN` an error. */
  eventUrl: string;
  durationMs: number;
  /** Skippable after so many seconds; null: not skippable. */
  skipAfterSeconds: number | null;
  /** Absolute URLs, best first. */
  mediaFiles: MediaRendition[];
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text or an attribute value as XML reads it back unchanged. */
export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** VAST asks for URIs in CDATA; a `]]>` inside is split across two sections so it cannot end one early. */
export function cdata(value: string): string {
  return `<![CDATA[${value.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** VAST's time format, HH:MM:SS.mmm. */
export function vastTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const seconds = Math.floor(whole / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${pad(whole % 1000, 3)}`;
}

export function element(name: string, attributes: Record<string, string | number | undefined>, content: string): string {
  const written = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${xmlEscape(String(value))}"`)
    .join("");
  return `<${name}${written}>${content}</${name}>`;
}

function mediaFile(file: MediaRendition): string {
  return element("MediaFile", { delivery: "progressive", type: file.mimeType, width: file.width, height: file.height, bitrate: file.bitrateKbps }, cdata(file.url));
}

function linear(ad: VastAd): string {
  const tracking = TRACKED_EVENTS.map((event) => element("Tracking", { event }, cdata(`${ad.eventUrl}&e=${event}`))).join("");
  const clicks = ad.clickUrl ? element("VideoClicks", {}, element("ClickThrough", {}, cdata(ad.clickUrl))) : "";
  return element(
    "Linear",
    { skipoffset: ad.skipAfterSeconds === null ? undefined : vastTime(ad.skipAfterSeconds * 1000).slice(0, 8) },
    element("TrackingEvents", {}, tracking) + element("Duration", {}, vastTime(ad.durationMs)) + element("MediaFiles", {}, ad.mediaFiles.map(mediaFile).join("")) + clicks,
  );
}

/** One InLine ad; `sequence` places it in a pod (VAST 4.2, 3.3.1), counting from 1. */
function adElement(ad: VastAd, sequence?: number): string {
  const inline = [
    element("AdSystem", {}, "AdNet"),
    element("Error", {}, cdata(`${ad.eventUrl}&e=error&code=[ERRORCODE]`)),
    element("Impression", {}, cdata(ad.impressionUrl)),
    element("ViewableImpression", {}, element("Viewable", {}, cdata(`${ad.eventUrl}&e=viewable`))),
    element("AdServingId", {}, xmlEscape(ad.servingId)),
    element("AdTitle", {}, xmlEscape(ad.title)),
    element(
      "Creatives",
      {},
      // The schema's latest revision (a4afbde) orders a creative's children with UniversalAdId last.
      element("Creative", { id: ad.creativeId }, linear(ad) + element("UniversalAdId", { idRegistry: "unknown" }, "unknown")),
    ),
  ].join("");
  return element("Ad", { id: ad.creativeId, sequence }, element("InLine", {}, inline));
}

const EMPTY = `${DECLARATION}<VAST xmlns="${NAMESPACE}" version="4.2"/>\n`;

/** The document for one served ad, or the empty answer (`<VAST version="4.2"/>`) when nothing fills. */
export function vastDocument(ad: VastAd | null): string {
  if (!ad) return EMPTY;
  return `${DECLARATION}<VAST xmlns="${NAMESPACE}" version="4.2">${adElement(ad)}</VAST>\n`;
}

/**
 * An ad pod: its ads in the order they play, each with its `sequence` and its own tracking; the
 * empty answer when nothing fills (no `<Error>`: an empty break is no error). `note` says, in an XML
 * comment a person reading the document finds, why the pod holds fewer ads than were asked for.
 */
export function vastPodDocument(ads: VastAd[], note: string | null): string {
  const comment = note ? `<!-- ${note.replace(/--/g, "- -")} -->\n` : "";
  if (ads.length === 0) return `${DECLARATION}${comment}<VAST xmlns="${NAMESPACE}" version="4.2"/>\n`;
  return `${DECLARATION}${comment}<VAST xmlns="${NAMESPACE}" version="4.2">${ads.map((ad, index) => adElement(ad, index + 1)).join("")}</VAST>\n`;
}
