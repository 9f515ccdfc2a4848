import { absoluteMediaUrl } from "../../media/media.service";
import type { CreativeEntry, ZoneEntry } from "../model";
import { type FormatAnswer, formatAnswer } from "./native-answer";
import type { RecommendationAnswer } from "./recommendation-answer";

export interface ServedAd extends FormatAnswer {
  zoneId: number;
  /** The tag tells it back while the impression's beacon is unanswered, so the page's other zones keep the campaign's caps. */
  campaignId: number;
  width: number;
  height: number;
  creative: { id: number; type: string; url: string; width: number; height: number; clickable: boolean };
  impressionUrl: string;
  clickUrl: string;
  /** Where the page and player tell the offer's events: add `&e=<event>` (see counting/offer-events.ts). */
  eventUrl: string;
}

/** A content recommendation zone's several ads come as one answer of their own ("recommended"). */
export type ServeResult = { status: "filled"; ad: ServedAd } | { status: "recommended"; answer: RecommendationAnswer } | { status: "unfilled" } | { status: "unknown_zone" };

/**
 * A page request's answer: each zone's as a zone alone would be answered, in the order asked, and the
 * page's token for the zones it asks for later (null when none of its zones could be served); or the
 * page token it carried refused, with the reason.
 */
export type PageResult = { status: "page"; zones: { zoneId: number; result: ServeResult }[]; pageToken: string | null } | { status: "refused"; reason: string };

/** An ad pod's answer: its ads in the order they play, each with the creative a VAST ad is told from. */
export type PodResult = { status: "filled"; ads: { ad: ServedAd; creative: CreativeEntry }[] } | { status: "unfilled" } | { status: "unknown_zone" };

/** A filled zone's answer: the creative, and the tracking links that carry the signed offer (`token`). */
export function servedAd(zone: ZoneEntry, campaignId: number, creative: CreativeEntry, token: string, origin: string): ServedAd {
  return {
    zoneId: zone.id,
    campaignId,
    width: zone.width,
    height: zone.height,
    creative: {
      id: creative.id,
      type: creative.type,
      url: absoluteMediaUrl(creative.contentUrl, origin),
      width: creative.width,
      height: creative.height,
      clickable: creative.clickUrl !== null,
    },
    impressionUrl: `${origin}/t/i?d=${token}`,
    clickUrl: `${origin}/t/c?d=${token}`,
    eventUrl: `${origin}/t/e?d=${token}`,
    ...formatAnswer(zone, creative, origin),
  };
}
