import { listRule } from "../rule";

/** Zones by their number, as in the zone's tag (data-zone-id). */
export const zoneRule = listRule({
  key: "zones",
  label: "Zones",
  hint: "12, 408",
  max: 500,
  entry: (text) => (/^\s*[1-9]\d{0,9}\s*$/.test(text) ? String(Number(text)) : null),
  valueOf: (request) => String(request.zoneId),
});
