import { ValidationError } from "../../common/errors";
import type { AdZone } from "./ad-zone.entity";

type Presented = Pick<AdZone, "format" | "presentation" | "nativeTemplate" | "adCount" | "layout" | "houseItems">;

/**
 * How a zone shows its ad beyond its format: an interstitial or a sticky anchor holds a banner
 * (the tag draws the close button around the ad's frame); a native ad sits in the page's flow, in
 * the publisher's template when the zone has one, and a native zone may show several at once with
 * the publisher's own articles among them (content recommendation).
 */
export function checkPresentation({ format, presentation, nativeTemplate, adCount, houseItems }: Presented): void {
  if (presentation !== "inline" && format !== "banner") throw new ValidationError("presentation", `Presentation ${presentation} is for banner zones; a ${format} zone shows its ad inline`);
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
  return { inline: "Banner in the page", interstitial: "Interstitial banner (full screen)", sticky: "Sticky banner (bottom of the window)" }[presentation];
}
