import { ValidationError } from "../../common/errors";
import type { ZoneFormat, ZonePresentation } from "./ad-zone.entity";

/**
 * How a zone shows its ad beyond its format: an interstitial or a sticky anchor holds a banner
 * (the tag draws the close button around the ad's frame); a native ad sits in the page's flow, in
 * the publisher's template when the zone has one.
 */
export function checkPresentation({ format, presentation, nativeTemplate }: { format: ZoneFormat; presentation: ZonePresentation; nativeTemplate: string | null }): void {
  if (presentation !== "inline" && format !== "banner") throw new ValidationError("presentation", `Presentation ${presentation} is for banner zones; a ${format} zone shows its ad inline`);
  if (nativeTemplate !== null && format !== "native") throw new ValidationError("nativeTemplate", "Native template is for native zones only");
}

/** How the zone shows its ad, in the words its cards and the campaign form's zone picker use. */
export function presentationText({ format, presentation, nativeTemplate }: { format: ZoneFormat; presentation: ZonePresentation; nativeTemplate: string | null }): string {
  if (format === "video") return "Video in the site's player (VAST)";
  if (format === "native") return nativeTemplate === null ? "Native ad, standard card" : "Native ad, site's own template";
  return { inline: "Banner in the page", interstitial: "Interstitial banner (full screen)", sticky: "Sticky banner (bottom of the window)" }[presentation];
}
