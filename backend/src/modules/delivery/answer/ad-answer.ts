import type { ServedAd } from "./served-ad";

/** Printable ASCII but the quote and the backslash: text JSON carries as it is. */
const PLAIN_TEXT = /^[ !#-[\]-~]*$/;

const quoted = (text: string) => (PLAIN_TEXT.test(text) ? `"${text}"` : JSON.stringify(text));

/** The members of an object after the ones written by hand, as JSON text with a leading comma, or "". */
function remainingMembers(rest: object): string {
  for (const _ in rest) return `,${JSON.stringify(rest).slice(1, -1)}`;
  return "";
}

/**
 * The tag's answer to a filled ad request, `{"fill":true, …the ad}`, as JSON.stringify would write
 * it. The ad request is the hottest path of the network, and JSON.stringify spends most of its time
 * escaping the three long tracking links, which are plain text by construction; what a format adds
 * (native, presentation) and any member added later still goes through JSON.stringify.
 */
export function adAnswerJson(ad: ServedAd): string {
  const { zoneId, campaignId, width, height, creative, impressionUrl, clickUrl, eventUrl, ...format } = ad;
  const { id, type, url, width: creativeWidth, height: creativeHeight, clickable, ...creativeRest } = creative;
  return (
    `{"fill":true,"zoneId":${zoneId},"campaignId":${campaignId},"width":${width},"height":${height},` +
    `"creative":{"id":${id},"type":${quoted(type)},"url":${quoted(url)},"width":${creativeWidth},"height":${creativeHeight},"clickable":${clickable}${remainingMembers(creativeRest)}},` +
    `"impressionUrl":${quoted(impressionUrl)},"clickUrl":${quoted(clickUrl)},"eventUrl":${quoted(eventUrl)}${remainingMembers(format)}}`
  );
}
