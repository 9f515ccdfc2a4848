import { actorOf, type AppContext } from "../../auth/context";
import * as check from "../../common/validate";
import { reportCalendar } from "../reports/grains";

/**
 * Zones readers rarely see: of those the tag could measure, too few impressions became viewable
 * (a zone at the foot of a long page, or behind a carousel). A zone needs this many measured
 * impressions in the stretch before its rate says anything.
 */
export const MIN_MEASURED = 100;

export interface RarelySeenZone {
  zoneId: number;
  zoneName: string;
  siteName: string;
  measured: number;
  viewable: number;
  /** Viewable over measured impressions, in percent with two decimals. */
  viewabilityRate: number;
}

export interface RarelySeenFields {
  /** Percent: zones under it are listed; 50 unless given. */
  maxViewability?: unknown;
  /** The last so many days, today included; 30 unless given. */
  days?: unknown;
}

/** The publisher's live zones viewable under `maxViewability` percent of their measured impressions over the last `days`, least seen first. */
export async function rarelySeenZones(context: AppContext, input: RarelySeenFields): Promise<RarelySeenZone[]> {
  const maxViewability = check.integer("maxViewability", input.maxViewability, 1, 100, 50);
  const days = check.integer("days", input.days, 1, 90, 30);
  const { zones, reports } = context.services;
  const publisher = actorOf(context);
  const listed = await zones.listForPublisher(publisher, context.origin);
  const calendar = reportCalendar();
  const from = calendar.dateStart(calendar.dateOf(Date.now()), 1 - days);
  const sums = await reports.zoneMonths(listed.map(({ zone }) => ({ id: zone.id, ownerId: publisher.id })), new Date(from));
  return listed
    .map(({ zone, siteName }) => {
      const { measured = 0, viewable = 0 } = sums.get(zone.id) ?? {};
      return { zoneId: zone.id, zoneName: zone.name, siteName, measured, viewable, viewabilityRate: measured > 0 ? Math.round((viewable * 10_000) / measured) / 100 : 0 };
    })
    .filter((zone) => zone.measured >= MIN_MEASURED && zone.viewabilityRate < maxViewability)
    .sort((a, b) => a.viewabilityRate - b.viewabilityRate || a.zoneId - b.zoneId);
}
