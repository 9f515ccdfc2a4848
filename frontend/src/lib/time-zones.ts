import type { SearchableOption } from "../components/form/searchable-select";

/** "UTC+01:00" for Europe/Paris in winter: the zone's offset at `at`, as Intl spells it (GMT+01:00, or GMT for none). */
export function utcOffsetOf(timeZone: string, at: Date): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  return name === "GMT" ? "UTC+00:00" : name.replace("GMT", "UTC");
}

/** The zone this browser runs in: the advertiser's own, where their day-parting starts. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * Every IANA zone the browser knows, each with its offset today ("Europe/Paris (UTC+01:00)"), UTC
 * first. A zone a campaign already has that this browser does not list is kept, so an edit never
 * drops it silently.
 */
export function timeZoneOptions(keep: readonly string[] = [], at = new Date()): SearchableOption[] {
  const zones = [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone"), ...keep])];
  return zones.map((zone) => {
    let offset: string | null = null;
    try {
      offset = utcOffsetOf(zone, at);
    } catch {
      // A zone this browser cannot read: listed under its name alone.
    }
    return { value: zone, label: offset ? `${zone} (${offset})` : zone, keywords: zone.replace(/_/g, " ") };
  });
}
