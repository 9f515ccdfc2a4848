import { ValidationError } from "../../../common/errors";
import { MAX_OFFSET_SECONDS, midrollOffsetsOf } from "../../zones/ad-breaks";
import type { ZoneEntry } from "../model";
import type { Query } from "../request/ad-request";
import { cdata, element, vastTime } from "./vast-document";
import { videoZone, type VideoServer } from "./video-ad";

/**
 * A programme's ad breaks as IAB's VMAP 1.0 (Video Multiple Ad Playlist) tells a player: a pre-roll
 * (`start`), a mid-roll at each offset (HH:MM:SS.mmm) and a post-roll (`end`). Each break's ad
 * source is an AdTagURI to the zone's pod URL rather than inline VASTAdData: the pod is then decided
 * when the player reaches the break, with the budgets, pacing, caps and consent of that moment and an
 * offer that cannot have expired (offers live OFFER_TTL_SECONDS, two hours by default, shorter than
 * a film), and a break the viewer never reaches is never counted as a request.
 */

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = "http://www.iab.net/videosuite/vmap";

/** What the player's VMAP request names itself; the rest (consent, page, targeting signals) goes on to each break's ad request. */
const VMAP_PARAMETERS = new Set(["zone", "duration", "midrolls", "pod", "podDuration"]);

export interface AdBreak {
  /** `start`, `end`, or HH:MM:SS.mmm into the content. */
  timeOffset: string;
  breakId: string;
  adTagUri: string;
}

export function vmapDocument(breaks: AdBreak[]): string {
  const written = breaks.map(({ timeOffset, breakId, adTagUri }) =>
    element(
      "vmap:AdBreak",
      { timeOffset, breakType: "linear", breakId },
      element("vmap:AdSource", { id: `${breakId}-pod`, allowMultipleAds: "true", followRedirects: "true" }, element("vmap:AdTagURI", { templateType: "vast4" }, cdata(adTagUri))),
    ),
  );
  return `${DECLARATION}<vmap:VMAP xmlns:vmap="${NAMESPACE}" version="1.0">${written.join("")}</vmap:VMAP>\n`;
}

/** The programme's length in seconds as the player sends it: a number above 0, at most twelve hours. */
function durationOf(value: unknown): number {
  const seconds = typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_OFFSET_SECONDS) throw new ValidationError("duration", `duration must be the video's length in seconds, above 0 and at most ${MAX_OFFSET_SECONDS}`);
  return seconds;
}

/**
 * The mid-rolls of this programme: those the player asks for (`midrolls=300,600`), each of which must
 * fall within the video, or else the zone's own, of which those past a shorter video's end are left out.
 */
function midrollsOf(zone: ZoneEntry, asked: unknown, durationSeconds: number): number[] {
  if (asked === undefined) return zone.midrollOffsets.filter((offset) => offset < durationSeconds);
  const offsets = midrollOffsetsOf(asked);
  const past = offsets.find((offset) => offset >= durationSeconds);
  if (past !== undefined) throw new ValidationError("midrolls", `Mid-roll offset ${past} s is past the video's end: it plays ${durationSeconds} s`);
  return offsets;
}

export type VmapAnswer = { status: 200; xml: string } | { status: 400 | 404; detail: string };

/** `GET /vmap?zone=ID&duration=SECONDS[&midrolls=OFFSETS]`: a video zone's breaks for one programme, each a pod of the zone's size and length. */
export function vmapAnswer(adServer: Pick<VideoServer, "inventory">, zoneId: number, query: Query, origin: string): VmapAnswer {
  const zone = videoZone(adServer, zoneId);
  if ("status" in zone) return zone;
  let midrolls: number[];
  try {
    midrolls = midrollsOf(zone, query.midrolls, durationOf(query.duration));
  } catch (error) {
    if (error instanceof ValidationError) return { status: 400, detail: error.message };
    throw error;
  }
  const podUrl = new URL(`${origin}/vast`);
  podUrl.searchParams.set("zone", String(zoneId));
  for (const [name, value] of Object.entries(query)) if (!VMAP_PARAMETERS.has(name) && typeof value === "string") podUrl.searchParams.set(name, value);
  podUrl.searchParams.set("pod", String(zone.podSize));
  podUrl.searchParams.set("podDuration", String(zone.breakSeconds));
  const adTagUri = podUrl.toString();
  return {
    status: 200,
    xml: vmapDocument([
      { timeOffset: "start", breakId: "preroll", adTagUri },
      ...midrolls.map((offset, index) => ({ timeOffset: vastTime(offset * 1000), breakId: `midroll-${index + 1}`, adTagUri })),
      { timeOffset: "end", breakId: "postroll", adTagUri },
    ]),
  };
}
