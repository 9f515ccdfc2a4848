import { PricingModel } from "../src/modules/campaigns/campaign.entity";
import { decide, PACING_LEAD_MS, slotOf } from "../src/modules/delivery/decision/decision";
import type { PublisherControls } from "../src/modules/delivery/decision/publisher-controls";
import type { TrafficCurve } from "../src/modules/delivery/learning/traffic-curve";
import type { CampaignSpend, SlotCandidate } from "../src/modules/delivery/model";
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

/** What a campaign got over the simulated day: its impressions, clicks, and spend in micros, in all and by hour. */
export interface Delivered {
  impressions: number;
  clicks: number;
  spend: number;
  spentByHour: number[];
}

export interface SimulatedDay {
  day: string;
  dayStartMs: number;
  zones: TrafficZone[];
  candidates: SlotCandidate[];
  /** The network's curve even pacing releases the day's allowance along. */
  curve: TrafficCurve;
  random: () => number;
  /** A campaign's click rate; none click unless given. */
  clickRate?: (campaignId: number) => number;
}

/** One zone's requests of one hour from one country: how many it makes of the day's, DIURNAL's share. */
const requestsOf = (zone: TrafficZone, share: number, hour: number) => Math.round((zone.requestsADay * share * DIURNAL[hour]) / DIURNAL_WEIGHT);

/**
 * Every request of a day through decide, in time order, each at its moment and with its zone's
 * controls, charging the winner as the ad server does: a CPM or vCPM impression its price per
 * thousand, a CPC campaign its bid per click. Clicks come at the click rate exactly (one every
 * 1 / rate impressions), so a day's figures move with the decisions alone, not with luck.
 */
export function simulateDay({ day, dayStartMs, zones, candidates, curve, random, clickRate = () => 0 }: SimulatedDay): Map<number, Delivered> {
  const slot = slotOf(candidates);
  const spends = new Map<number, CampaignSpend>(candidates.map(({ campaign }) => [campaign.id, { total: 0, today: 0 }]));
  const delivered = new Map<number, Delivered>(candidates.map(({ campaign }) => [campaign.id, { impressions: 0, clicks: 0, spend: 0, spentByHour: new Array<number>(24).fill(0) }]));
  for (let hour = 0; hour < 24; hour++) {
    const requests = zones.flatMap((zone) =>
      Object.entries(zone.countries).flatMap(([country, share]) => {
        const count = requestsOf(zone, share, hour);
        return Array.from({ length: count }, (_, index) => ({ zone, country, atMs: dayStartMs + hour * HOUR_MS + ((index + random()) / count) * HOUR_MS }));
      }),
    );
    requests.sort((a, b) => a.atMs - b.atMs);
    for (const { zone, country, atMs } of requests) {
      const request = targetingRequest({ zoneId: zone.id, siteId: zone.siteId ?? 1, country, atMs });
      const releasedShare = curve.expectedShareBy(atMs, PACING_LEAD_MS);
      const decision = decide(slot, context({ day, country, request, publisher: zone.controls, spendOf: (id) => spends.get(id)!, releasedShare, random }));
      if (!decision) continue;
      const { campaign } = decision;
      const got = delivered.get(campaign.id)!;
      got.impressions++;
      const clicks = Math.floor(got.impressions * clickRate(campaign.id)) - got.clicks;
      got.clicks += clicks;
      const price = campaign.pricingModel === PricingModel.CPC ? clicks * campaign.bidMicros : campaign.ecpmMicros / 1000;
      const spend = spends.get(campaign.id)!;
      spend.total += price;
      spend.today += price;
      got.spend += price;
      got.spentByHour[hour] += price;
    }
  }
  return delivered;
}
