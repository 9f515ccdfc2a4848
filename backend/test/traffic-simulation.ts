import { PricingModel } from "../src/modules/campaigns/campaign.entity";
import { decide, ecpmIn, PACING_LEAD_MS, slotOf } from "../src/modules/delivery/decision/decision";
import type { PublisherControls } from "../src/modules/delivery/decision/publisher-controls";
import type { TrafficCurve } from "../src/modules/delivery/learning/traffic-curve";
import type { CampaignEntry, CampaignSpend, SlotCandidate } from "../src/modules/delivery/model";
import { HOUR_MS } from "../src/modules/reports/grains";
import { context } from "./decision-fixtures";
import { targetingRequest } from "./targeting-request";

/** A network's day: quiet at night, a morning rise, a lunch bump and a busy evening (relative requests by hour). */
export const DIURNAL = [3, 2, 1.5, 1.2, 1, 1.2, 2, 3.5, 5, 6, 6.5, 7, 8, 7.5, 7, 6.5, 6.5, 7, 8, 9.5, 10, 9, 7, 5];
const DIURNAL_WEIGHT = DIURNAL.reduce((sum, value) => sum + value, 0);

/** The requests of one zone, split by country, on a day shaped as DIURNAL. */
export interface TrafficZone {
  id: number;
  siteId?: number;
  requestsADay: number;
  /** Each country's share of the zone's requests. */
  countries: Record<string, number>;
  controls?: PublisherControls;
}

/** A campaign's results in one zone: impressions, clicks, conversions and spend in micros. */
export interface ZoneDelivered {
  impressions: number;
  clicks: number;
  conversions: number;
  spend: number;
}

/** What a campaign got over the simulated day: its results in all and zone by zone, and its spend by hour. */
export interface Delivered extends ZoneDelivered {
  spentByHour: number[];
  byZone: Map<number, ZoneDelivered>;
}

export interface SimulatedDay {
  day: string;
  dayStartMs: number;
  zones: TrafficZone[];
  candidates: SlotCandidate[];
  /** The network's curve even pacing releases the day's allowance along. */
  curve: TrafficCurve;
  random: () => number;
  /** A campaign's click rate in a zone; none click unless given. */
  clickRate?: (campaignId: number, zoneId: number) => number;
  /** A campaign's conversion rate in a zone; none convert unless given. */
  conversionRate?: (campaignId: number, zoneId: number) => number;
  /** What each campaign spent before the day, for the pacing of a flight of several days. */
  spentBefore?: (campaignId: number) => number;
  /** Called before each hour, as the learning loop reprices the campaigns in the background; the slot is sorted again after it. */
  beforeHour?: (hour: number, delivered: Map<number, Delivered>) => void;
  /** Called before each request with its moment and the spends so far, as background loops run between requests. */
  beforeRequest?: (atMs: number, spends: ReadonlyMap<number, CampaignSpend>) => void;
}

const nothingDelivered = (): ZoneDelivered => ({ impressions: 0, clicks: 0, conversions: 0, spend: 0 });

/** One zone's requests of one hour from one country: how many it makes of the day's, DIURNAL's share. */
const requestsOf = (zone: TrafficZone, share: number, hour: number) => Math.round((zone.requestsADay * share * DIURNAL[hour]) / DIURNAL_WEIGHT);

/**
 * Every request of a day through decide, in time order, each at its moment and with its zone's
 * controls, charging the winner as the ad server does: a CPM or vCPM impression its price per
 * thousand in the zone, a CPC campaign its bid per click. Clicks and conversions come at their
 * rates exactly (one every 1 / rate impressions of the campaign in the zone), so a day's figures
 * move with the decisions alone, not with luck.
 */
export function simulateDay({ day, dayStartMs, zones, candidates, curve, random, clickRate = () => 0, conversionRate = () => 0, spentBefore = () => 0, beforeHour, beforeRequest }: SimulatedDay): Map<number, Delivered> {
  const spends = new Map<number, CampaignSpend>(candidates.map(({ campaign }) => [campaign.id, { total: spentBefore(campaign.id), today: 0 }]));
  const delivered = new Map<number, Delivered>(candidates.map(({ campaign }) => [campaign.id, { ...nothingDelivered(), spentByHour: new Array<number>(24).fill(0), byZone: new Map() }]));
  for (let hour = 0; hour < 24; hour++) {
    beforeHour?.(hour, delivered);
    const slot = slotOf(candidates);
    const requests = zones.flatMap((zone) =>
      Object.entries(zone.countries).flatMap(([country, share]) => {
        const count = requestsOf(zone, share, hour);
        return Array.from({ length: count }, (_, index) => ({ zone, country, atMs: dayStartMs + hour * HOUR_MS + ((index + random()) / count) * HOUR_MS }));
      }),
    );
    requests.sort((a, b) => a.atMs - b.atMs);
    for (const { zone, country, atMs } of requests) {
      beforeRequest?.(atMs, spends);
      const request = targetingRequest({ zoneId: zone.id, siteId: zone.siteId ?? 1, country, atMs });
      const releasedShare = curve.expectedShareBy(atMs, PACING_LEAD_MS);
      const decision = decide(slot, context({ day, country, request, publisher: zone.controls, spendOf: (id) => spends.get(id)!, releasedShare, random }));
      if (!decision) continue;
      const { campaign } = decision;
      const got = delivered.get(campaign.id)!;
      const inZone = got.byZone.get(zone.id) ?? got.byZone.set(zone.id, nothingDelivered()).get(zone.id)!;
      got.impressions++;
      inZone.impressions++;
      const clicks = Math.floor(inZone.impressions * clickRate(campaign.id, zone.id)) - inZone.clicks;
      const conversions = Math.floor(inZone.impressions * conversionRate(campaign.id, zone.id)) - inZone.conversions;
      const price = campaign.pricingModel === PricingModel.CPC ? clicks * campaign.bidMicros : ecpmIn(campaign, zone.id) / 1000;
      for (const tally of [got, inZone]) {
        tally.clicks += clicks;
        tally.conversions += conversions;
        tally.spend += price;
      }
      const spend = spends.get(campaign.id)!;
      spend.total += price;
      spend.today += price;
      got.spentByHour[hour] += price;
    }
  }
  return delivered;
}

/**
 * A `beforeRequest` that works out each guaranteed campaign's take share every `tickMs` of
 * simulated time from what it has spent, as the pacing loop does in the background.
 */
export function goalPacing(entries: readonly CampaignEntry[], curve: TrafficCurve, tickMs: number): NonNullable<SimulatedDay["beforeRequest"]> {
  const paced = entries.filter((entry) => entry.goal);
  let lastTick = -Infinity;
  return (atMs, spends) => {
    if (atMs - lastTick < tickMs) return;
    lastTick = atMs;
    for (const entry of paced) entry.takeShare = entry.goal!.takeShareAt(entry, spends.get(entry.id)!.total, atMs, curve);
  };
}
