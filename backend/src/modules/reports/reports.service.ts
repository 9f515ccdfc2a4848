import { DataSource, Repository, SelectQueryBuilder } from "typeorm";
import { DeliveryStat } from "./delivery-stat.entity";
import { InvalidTraffic } from "./invalid-traffic.entity";
import { ByPeriod, MonthToDate, periodOf, sumByPeriod } from "./month-over-month";

export interface EventTotals {
  requests: number;
  filledRequests: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

export interface TrafficQuality {
  impressions: number;
  clicks: number;
  invalid: { event: string; reason: string; events: number }[];
}

const EMPTY: EventTotals = { requests: 0, filledRequests: 0, impressions: 0, clicks: 0, conversions: 0 };

const TOTALS_SELECT = [
  "COALESCE(SUM(d.requests), 0) AS requests",
  "COALESCE(SUM(CASE WHEN d.campaign_id > 0 THEN d.requests ELSE 0 END), 0) AS filledRequests",
  "COALESCE(SUM(d.impressions), 0) AS impressions",
  "COALESCE(SUM(d.clicks), 0) AS clicks",
  "COALESCE(SUM(d.conversions), 0) AS conversions",
];

const addTotals = (a: EventTotals, b: EventTotals): EventTotals => ({
  requests: a.requests + b.requests,
  filledRequests: a.filledRequests + b.filledRequests,
  impressions: a.impressions + b.impressions,
  clicks: a.clicks + b.clicks,
  conversions: a.conversions + b.conversions,
});

function totals(raw: Record<string, unknown> | undefined): EventTotals {
  if (!raw) return { ...EMPTY };
  return {
    requests: Number(raw.requests ?? 0),
    filledRequests: Number(raw.filledRequests ?? 0),
    impressions: Number(raw.impressions ?? 0),
    clicks: Number(raw.clicks ?? 0),
    conversions: Number(raw.conversions ?? 0),
  };
}

/** A part of a whole as a percentage with two decimals; 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
}

/** Click-through rate: clicks over impressions, in percent. */
export const clickThroughRate = (clicks: number, impressions: number) => percentOf(clicks, impressions);

/** Requests filled over requests, in percent. */
export const fillRate = (filled: number, requests: number) => percentOf(filled, requests);

/** Reads counted ad events. The delivery engine writes them; nothing here changes them. */
export class ReportsService {
  private readonly stats: Repository<DeliveryStat>;
  private readonly invalid: Repository<InvalidTraffic>;

  constructor(dataSource: DataSource) {
    this.stats = dataSource.getRepository(DeliveryStat);
    this.invalid = dataSource.getRepository(InvalidTraffic);
  }

  async publisherTotals(publisherId: number, months: MonthToDate): Promise<ByPeriod<EventTotals>> {
    return this.totalsByPeriod(
      this.stats
        .createQueryBuilder("d")
        .innerJoin("ad_zones", "z", "z.id = d.zone_id")
        .innerJoin("sites", "s", "s.id = z.site_id")
        .where("s.publisher_id = :publisherId", { publisherId }),
      months,
    );
  }

  async advertiserTotals(advertiserId: number, months: MonthToDate): Promise<ByPeriod<EventTotals>> {
    return this.totalsByPeriod(
      this.stats
        .createQueryBuilder("d")
        .innerJoin("campaigns", "c", "c.id = d.campaign_id")
        .where("c.advertiser_id = :advertiserId", { advertiserId }),
      months,
    );
  }

  /** One grouped query answers all time and both months: the months are periods of the same rows. */
  private async totalsByPeriod(rows: SelectQueryBuilder<DeliveryStat>, months: MonthToDate): Promise<ByPeriod<EventTotals>> {
    const grouped: Record<string, unknown>[] = await rows
      .select([`${periodOf("d.hour")} AS period`, ...TOTALS_SELECT])
      .setParameters({ ...months })
      .groupBy("period")
      .getRawMany();
    return sumByPeriod(
      grouped.map((row) => ({ period: String(row.period), value: totals(row) })),
      addTotals,
      EMPTY,
    );
  }

  async totalsByCampaign(campaignIds: number[]): Promise<Map<number, EventTotals>> {
    if (campaignIds.length === 0) return new Map();
    const rows: Record<string, unknown>[] = await this.stats
      .createQueryBuilder("d")
      .select(["d.campaign_id AS campaignId", ...TOTALS_SELECT])
      .where("d.campaign_id IN (:...campaignIds)", { campaignIds })
      .groupBy("d.campaign_id")
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.campaignId), totals(row)]));
  }

  /** Refused events by kind and reason, beside the counted impressions and clicks. */
  async trafficQuality(): Promise<TrafficQuality> {
    const [counted, refused] = await Promise.all([
      this.stats.createQueryBuilder("d").select(TOTALS_SELECT).getRawOne(),
      this.invalid
        .createQueryBuilder("i")
        .select(["i.event AS event", "i.reason AS reason", "SUM(i.count) AS events"])
        .groupBy("i.event")
        .addGroupBy("i.reason")
        .getRawMany(),
    ]);
    const { impressions, clicks } = totals(counted);
    return {
      impressions,
      clicks,
      invalid: refused
        .map((row) => ({ event: String(row.event), reason: String(row.reason), events: Number(row.events) }))
        .sort((a, b) => b.events - a.events),
    };
  }

  async impressionsBySiteSince(siteIds: number[], since: Date): Promise<Map<number, number>> {
    if (siteIds.length === 0) return new Map();
    const rows: { siteId: number; impressions: string | number }[] = await this.stats
      .createQueryBuilder("d")
      .select("z.site_id", "siteId")
      .addSelect("SUM(d.impressions)", "impressions")
      .innerJoin("ad_zones", "z", "z.id = d.zone_id")
      .where("z.site_id IN (:...siteIds)", { siteIds })
      .andWhere("d.hour >= :since", { since })
      .groupBy("z.site_id")
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.siteId), Number(row.impressions)]));
  }
}
