import { ValidationError } from "../../common/errors";
import type { AdZone, ZonePresentation } from "./ad-zone.entity";

type Presented = Pick<AdZone, "format" | "presentation" | "nativeTemplate" | "adCount" | "layout" | "houseItems">;

type Size = { width: number; height: number };

/**
 * The zone sizes a presentation takes, each side's bounds in pixels: a push-down is a billboard or
 * larger (the Ad formats page's 970x250+), a floating ad a small banner (at most a Large Rectangle,
 * 336x280) that a corner of a phone's window can hold.
 */
export const PRESENTATION_SIZES: Partial<Record<ZonePresentation, { min?: Size; max?: Size }>> = {
  pushdown: { min: { width: 970, height: 250 } },
  floating: { max: { width: 336, height: 280 } },
};

/** Each banner presentation in the zone form's words: its name and what it does on the page. */
export const PRESENTATION_TEXTS: Record<ZonePresentation, { label: string; shows: string; help: string }> = {
  inline: { label: "Inline", shows: "Banner in the page", help: "The ad sits where the tag is, in the page's flow." },
  interstitial: {
    label: "Interstitial",
    shows: "Interstitial banner (full screen)",
    help: "Full screen over the page, closable within 3 seconds, at most once an hour per visitor (only for visitors who allow storage).",
  },
  sticky: { label: "Sticky", shows: "Sticky banner (bottom of the window)", help: "Anchored to the bottom of the window, dismissible; the page gets room below so nothing is hidden." },
  floating: {
    label: "Floating",
    shows: "Floating banner (corner of the window)",
    help: "Stays in the window's bottom right corner as the page scrolls, with a close button at once; on a phone it docks below the page's content instead of covering it. Zones up to 336×280.",
  },
  pushdown: {
    label: "Push down",
    shows: "Push-down banner (top of the page)",
    help: "Opens at the top of the page by pushing its content down (never over it), with a close button that folds it away; once per visitor per browser session. Zones from 970×250.",
  },
};

function checkSize(presentation: ZonePresentation, zone: Size): void {
  const { min, max } = PRESENTATION_SIZES[presentation] ?? {};
  const { label } = PRESENTATION_TEXTS[presentation];
  for (const side of ["width", "height"] as const) {
    if (min && zone[side] < min[side]) throw new ValidationError(side, `${label} zones are at least ${min.width}×${min.height} pixels: a ${side} of ${zone[side]} is under ${min[side]}`);
    if (max && zone[side] > max[side]) throw new ValidationError(side, `${label} zones are at most ${max.width}×${max.height} pixels: a ${side} of ${zone[side]} is over ${max[side]}`);
  }
}

/**
 * How a zone shows its ad beyond its format: an interstitial, sticky anchor, floating or push-down
 * holds a banner (the tag draws the close button around the ad's frame), in the sizes each takes;
 * a native ad sits in the page's flow, in the publisher's template when the zone has one, and a
 * native zone may show several at once with the publisher's own articles among them (content
 * recommendation).
 */
export function checkPresentation({ format, presentation, nativeTemplate, adCount, houseItems, width, height }: Presented & Size): void {
  if (presentation !== "inline" && format !== "banner") throw new ValidationError("presentation", `Presentation ${presentation} is for banner zones; a ${format} zone shows its ad inline`);
  checkSize(presentation, { width, height });
  if (nativeTemplate !== null && format !== "native") throw new ValidationError("nativeTemplate", "Native template is for native zones only");
  if (adCount > 1 && format !== "native") throw new ValidationError("adCount", `Only a native zone shows several ads at once; a ${format} zone shows one`);
  if (houseItems !== null && format !== "native") throw new ValidationError("houseItems", "House items are for native zones only");
}

/** Whether the zone is a content recommendation box: several ads, or the publisher's own articles among them. */
export const recommendsContent = (zone: Pick<AdZone, "format" | "adCount" | "houseItems">): boolean => zone.format === "native" && (zone.adCount > 1 || zone.houseItems !== null);

/** How the zone shows its ad, in the words its cards and the campaign form's zone picker use. */
export function presentationText(zone: Presented): string {
  const { format, presentation, nativeTemplate, adCount, layout, houseItems } = zone;
  if (format === "video") return "Video in the site's player (VAST)";
  const look = nativeTemplate === null ? "standard cards" : "site's own template";
  if (recommendsContent(zone)) {
    const own = houseItems ? `, ${houseItems.length} of the site's own ${houseItems.length === 1 ? "article" : "articles"} in unfilled slots` : "";
    return `Content recommendation: ${adCount} native ${adCount === 1 ? "ad" : "ads"} in a ${layout}, ${look}${own}`;
  }
  if (format === "native") return nativeTemplate === null ? "Native ad, standard card" : "Native ad, site's own template";
  return PRESENTATION_TEXTS[presentation].shows;
}
