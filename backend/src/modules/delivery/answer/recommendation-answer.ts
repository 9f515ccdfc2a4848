import type { ZoneLayout } from "../../zones/ad-zone.entity";
import type { HouseItem } from "../../zones/content-recommendation";
import type { ZoneEntry } from "../model";
import type { ServedAd } from "./served-ad";

/** One paid slot of a recommendation box: a native ad with its own offer and tracking links. */
export type RecommendedAd = Omit<ServedAd, "template">;

/**
 * A content recommendation zone's answer, for the tag's native module: its paid ads best price
 * first, each with its own impression, viewability and click links, then the publisher's own
 * articles in the slots they leave; the zone's template once for all of them.
 */
export interface RecommendationAnswer {
  fill: true;
  zoneId: number;
  width: number;
  height: number;
  layout: ZoneLayout;
  template?: string;
  ads: RecommendedAd[];
  house: HouseItem[];
}

/** The answer, or null when neither an ad nor a house item fills any slot. */
export function recommendationAnswer(zone: ZoneEntry, served: ServedAd[]): RecommendationAnswer | null {
  const house = (zone.houseItems ?? []).slice(0, zone.adCount - served.length);
  if (served.length === 0 && house.length === 0) return null;
  const ads = served.map(({ template: _sameForAll, ...ad }) => ad);
  return { fill: true, zoneId: zone.id, width: zone.width, height: zone.height, layout: zone.layout, ...(zone.nativeTemplate ? { template: zone.nativeTemplate } : {}), ads, house };
}
