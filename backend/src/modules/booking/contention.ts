import { dateTimeMs } from "../../common/db-upsert";
import { countryOverlap, type CountryRequests } from "../forecast/forecast";
import { assumedShare, KEYWORD_MATCH_SHARE } from "../targeting/audience-shares";
import { clockOf } from "../targeting/local-clock";
import type { ListValue } from "../targeting/rule";
import type { TargetingDocument } from "../targeting/targeting-rules";

/** A targeting as availability compares it: its countries and its rules. */
export interface Inventory {
  countries: readonly string[];
  targeting: TargetingDocument;
}

/** A zone's requests over the forecast's window, with what place rules read of it. */
export interface ZoneRequests {
  zoneId: number;
  domain: string;
  category: string;
  requests: number;
}

/** The network's requests in one hour of the window. */
export interface HourRequests {
  period: Date | string;
  requests: number;
}

/** What the overlap of two targetings is read from: the window's zones, countries and hours. */
export interface OverlapFacts {
  zones: readonly ZoneRequests[];
  countries: CountryRequests;
  hours: readonly HourRequests[];
}

const ASSUMED = ["devices", "operatingSystems", "browsers", "languages"] as const;

const listMatches = (rule: ListValue | undefined, value: string) => !rule || rule.values.includes(value) === (rule.mode === "include");

/** Whether a zone is one a targeting's site, site category and zone rules let it show on. */
const placeMatches = ({ targeting }: Inventory, zone: ZoneRequests) =>
  listMatches(targeting.sites, zone.domain) && listMatches(targeting.siteCategories, zone.category) && listMatches(targeting.zones, String(zone.zoneId));

/** The share of `of`'s zones' requests that `also` may show on too; 1 when the window counted no zone. */
function placeShare(zones: readonly ZoneRequests[], of: Inventory, also: Inventory): number {
  let total = 0;
  let shared = 0;
  for (const zone of zones) {
    if (!placeMatches(of, zone)) continue;
    total += zone.requests;
    if (placeMatches(also, zone)) shared += zone.requests;
  }
  return zones.length === 0 ? 1 : total === 0 ? 0 : shared / total;
}

/** An hour of the week (Monday 00:00 is 0) a day-part is open in, read on its own clock; always open without one. */
function openAt({ targeting: { dayParting } }: Inventory): (atMs: number) => boolean {
  if (!dayParting) return () => true;
  const open = new Set(dayParting.days.flatMap((day) => dayParting.hours.map((hour) => (day - 1) * 24 + hour)));
  const clock = clockOf(dayParting.timeZone);
  return (atMs) => open.has(clock.weekHour(atMs));
}

/** The share of the hourly traffic in `of`'s day-part that `also`'s is open in too. */
function hourShare(hours: readonly HourRequests[], of: Inventory, also: Inventory): number {
  if (!also.targeting.dayParting) return 1;
  const ours = openAt(of);
  const theirs = openAt(also);
  let total = 0;
  let shared = 0;
  for (const hour of hours) {
    const atMs = dateTimeMs(hour.period);
    if (!ours(atMs)) continue;
    total += Number(hour.requests);
    if (theirs(atMs)) shared += Number(hour.requests);
  }
  return total === 0 ? 0 : shared / total;
}

const sameRule = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The share of `of`'s requests that `also` matches too: the zones both may show on (by their
 * requests), the countries both target (by the country totals), the hours both day-parts are open
 * (by the network's hourly curve), and for each device, system, browser, language or keyword rule
 * `also` sets that `of` does not set alike, the assumed share it keeps (the dimensions taken as
 * independent, as the forecast takes them).
 */
export function overlapShare(facts: OverlapFacts, of: Inventory, also: Inventory): number {
  let share = placeShare(facts.zones, of, also) * countryOverlap(facts.countries, of.countries, also.countries) * hourShare(facts.hours, of, also);
  for (const key of ASSUMED) {
    const rule = also.targeting[key];
    if (rule && !sameRule(rule, of.targeting[key])) share *= assumedShare(key, rule);
  }
  if (also.targeting.keywords?.include.length && !sameRule(also.targeting.keywords, of.targeting.keywords)) share *= KEYWORD_MATCH_SHARE;
  return share;
}
