import { xpath } from "./vast-schema";

/**
 * What IAB's VMAP 1.0 text (July 2012, sections 2.2 to 2.4) requires of a document's structure,
 * checked with libxml2's XPath: IAB published the text but no XML schema for VMAP 1.0 (none is in
 * IAB's repositories), so the tests hold documents to the text's rules rather than an XSD. Returns
 * the rules the document breaks; none when it keeps them all.
 */
const VMAP_NAMESPACE = "http://www.iab.net/videosuite/vmap";
const TIME_OFFSET = /^(start|end|\d{2}:\d{2}:\d{2}(\.\d{3})?|\d{1,3}%|#\d+)$/;
const BREAK_TYPES = new Set(["linear", "nonlinear", "display"]);
/** The text names VAST 1 to 3 and proprietary templates, from before VAST 4; players take "vast4" for a VAST 4 response. */
const TEMPLATE_TYPES = new Set(["vast1", "vast2", "vast3", "vast4", "proprietary"]);

const inVmap = (name: string) => `*[local-name()='${name}' and namespace-uri()='${VMAP_NAMESPACE}']`;

export function vmapStructureErrors(xml: string): string[] {
  const errors: string[] = [];
  if (xpath(xml, `count(/${inVmap("VMAP")})`) !== "1") return ["the root must be vmap:VMAP in the VMAP namespace"];
  if (xpath(xml, "string(/*/@version)") !== "1.0") errors.push("VMAP's version must be 1.0");
  const breaks = Number(xpath(xml, `count(/*/${inVmap("AdBreak")})`));
  if (Number(xpath(xml, "count(/*/*)")) !== breaks) errors.push("vmap:VMAP holds only vmap:AdBreak elements here");
  for (let i = 1; i <= breaks; i++) {
    const adBreak = `(/*/${inVmap("AdBreak")})[${i}]`;
    const timeOffset = xpath(xml, `string(${adBreak}/@timeOffset)`);
    if (!TIME_OFFSET.test(timeOffset)) errors.push(`break ${i}: timeOffset "${timeOffset}" is not start, end, HH:MM:SS[.mmm], n% or #m`);
    if (!BREAK_TYPES.has(xpath(xml, `string(${adBreak}/@breakType)`))) errors.push(`break ${i}: breakType must be linear, nonlinear or display`);
    if (xpath(xml, `count(${adBreak}/${inVmap("AdSource")})`) !== "1") {
      errors.push(`break ${i}: needs one vmap:AdSource`);
      continue;
    }
    const source = `${adBreak}/${inVmap("AdSource")}`;
    const kinds = ["VASTAdData", "AdTagURI", "CustomAdData"].filter((kind) => xpath(xml, `count(${source}/${inVmap(kind)})`) !== "0");
    if (kinds.length !== 1) errors.push(`break ${i}: the ad source holds exactly one of VASTAdData, AdTagURI or CustomAdData`);
    if (kinds[0] === "AdTagURI" && !TEMPLATE_TYPES.has(xpath(xml, `string(${source}/${inVmap("AdTagURI")}/@templateType)`))) errors.push(`break ${i}: AdTagURI needs its templateType`);
    for (const flag of ["allowMultipleAds", "followRedirects"]) {
      const value = xpath(xml, `string(${source}/@${flag})`);
      if (value !== "" && value !== "true" && value !== "false") errors.push(`break ${i}: ${flag} must be true or false`);
    }
  }
  return errors;
}
