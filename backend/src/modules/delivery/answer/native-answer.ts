import { absoluteMediaUrl } from "../../media/media.service";
import type { ZonePresentation } from "../../zones/ad-zone.entity";
import type { CreativeEntry, NativeEntry, ZoneEntry } from "../model";

/**
 * What a native ad or a rich-media zone adds to the ad server's answer, for the tag modules that
 * draw them (public/ads/native.js, public/ads/rich.js): nothing for an ordinary banner in the
 * page's flow, so the answer every page reads stays as it was.
 */
export interface FormatAnswer {
  native?: NativeEntry & { image: string; imageWidth: number; imageHeight: number };
  /** The publisher's markup for the native ad; absent draws the default card. */
  template?: string;
  presentation?: Exclude<ZonePresentation, "inline">;
  /** An expandable banner's open size, for the tag's module that opens it (public/ads/expand.js). */
  expanded?: { width: number; height: number };
}

/** Uploaded pictures (the image, the logo) are paths on the ad server, made absolute against the answer's `origin`. */
export function formatAnswer(zone: ZoneEntry, creative: CreativeEntry, origin: string): FormatAnswer {
  const answer: FormatAnswer = {};
  if (creative.native) {
    const { logo } = creative.native;
    answer.native = {
      ...creative.native,
      logo: logo === null ? null : absoluteMediaUrl(logo, origin),
      image: absoluteMediaUrl(creative.contentUrl, origin),
      imageWidth: creative.width,
      imageHeight: creative.height,
    };
    if (zone.nativeTemplate) answer.template = zone.nativeTemplate;
  }
  if (zone.presentation !== "inline") answer.presentation = zone.presentation;
  if (creative.expanded) answer.expanded = creative.expanded;
  return answer;
}
