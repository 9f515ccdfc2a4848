import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { ZONE_PRESENTATIONS, type ZoneFormat, type ZonePresentation } from "./ad-zone.entity";
import { nativeTemplate } from "./native-template";

/**
 * How a zone shows its ad beyond its format: an interstitial or a sticky anchor holds a banner
 * (the tag draws the close button around the ad's frame); a native ad sits in the page's flow, in
 * the publisher's template when the zone has one.
 */
export function presentationFields(input: { presentation?: unknown; nativeTemplate?: unknown }, format: ZoneFormat): { presentation: ZonePresentation; nativeTemplate: string | null } {
  const presentation = check.oneOf("presentation", input.presentation, ZONE_PRESENTATIONS, "inline");
  if (presentation !== "inline" && format !== "banner") throw new ValidationError("presentation", `Presentation ${presentation} is for banner zones; a ${format} zone shows its ad inline`);
  const template = nativeTemplate(input.nativeTemplate);
  if (template !== null && format !== "native") throw new ValidationError("nativeTemplate", "Native template is for native zones only");
  return { presentation, nativeTemplate: template };
}
