import { Brackets, DataSource, Repository } from "typeorm";
import { sqlDateTime } from "../../common/db-upsert";
import type { FactScope } from "./facts";
import { reportCalendar } from "./grains";
import { InvalidFact } from "./invalid-fact.entity";
import { addSums, FactSums, NO_SUMS, SUMS_SELECT, sumsOf } from "./fact-sums";
import { ByPeriod, MonthToDate, periodTotals, sumPeriodTotals } from "./month-over-month";
import { StatFact } from "./stat-fact.entity";

/** Counted events; the read model's sums carry their money too, which the cards take from the ledger. */
export type EventTotals = Pick<FactSums, "requests" | "filledRequests" | "impressions" | "clicks" | "conversions">;

export interface TrafficQuality {
  impressions: number;
  clicks: number;
  invalid: { event: string; reason: string; events: number }[];
}

/** A part of a whole as a percentage with two decimals; 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
}

/** Click-through rate: clicks over impressions, in percent. */
export const clickThroughRate = (clicks: number, impressions: number) => percentOf(clicks, impressions);

/** Requests filled over requests, in percent. */
export const fillRate = (filled: number, requests: number) => percentOf(filled, requests);

/**
 * Reads counted ad events from the read model (stat_facts, invalid_facts): a handful of kept
 * totals per answer, never a sum of counted events. The delivery writer moves them; nothing here does.
 */
export class ReportsService {
  private readonly facts: Repository<StatFact>;
  private readonly invalid: Repository<InvalidFact>;

  constructor(dataSource: DataSource) {
    this.facts = dataSource.getRepository(StatFact);
    this.invalid = dataSource.getRepository(InvalidFact);
  }

  publisherTotals(publisherId: number, months: MonthToDate): Promise<ByPeriod<EventTotals>> {
    return this.totalsByPeriod("publisher", publisherId, months);
  }

  advertiserTotals(advertiserId: number, months: MonthToDate): Promise<ByPeriod<EventTotals>> {
    return this.totalsByPeriod("advertiser", advertiserId, months);
  }

  private async totalsByPeriod(scope: FactScope, scopeId: number, months: MonthToDate): Promise<ByPeriod<EventTotals>> {
    const { where, parameters } = periodTotals(months, "f.grain", "f.period");
    const rows: Record<string, unknown>[] = await this.facts
      .createQueryBuilder("f")
      .select(["f.grain AS grain", "f.period AS period", "f.requests AS requests", "f.filled_requests AS filledRequests"])
      .addSelect(["f.impressions AS impressions", "f.clicks AS clicks", "f.conversions AS conversions"])
      .where("f.scope = :scope AND f.owner_id = 0 AND f.scope_id = :scopeId", { scope, scopeId })
      .andWhere(where, parameters)
      .getRawMany();
    return sumPeriodTotals(
      rows.map((row) => ({ grain: String(row.grain), period: row.period as Date | string, value: sumsOf(row) })),
      months,
      addSums,
      NO_SUMS,
    );
  }

  /** Whether any of the advertiser's campaigns counted a conversion in the months from `monthsBack` months ago to now. */
  async advertiserConverted(advertiserId: number, monthsBack: number): Promise<boolean> {
    const since = sqlDateTime(reportCalendar().monthStart(Date.now(), -monthsBack));
    const row = await this.facts
      .createQueryBuilder("f")
      .select("1", "converted")
      .where("f.scope = 'advertiser' AND f.owner_id = 0 AND f.scope_id = :advertiserId AND f.grain = 'm' AND f.period >= :since AND f.conversions > 0", { advertiserId, since })
      .limit(1)
      .getRawOne();
    return row !== undefined;
  }

  /** Each campaign's counted events for all time: the sum of its months. */
  totalsByCampaign(campaigns: Owned[]): Promise<Map<number, EventTotals>> {
    return this.monthlyTotals("campaign", campaigns);
  }

  /** Refused events by kind and reason, beside the counted impressions and clicks, for all time. */
  async trafficQuality(): Promise<TrafficQuality> {
    const [counted, refused] = await Promise.all([
      this.monthlyTotals("network", [{ id: 0, ownerId: 0 }]),
      this.invalid
        .createQueryBuilder("i")
        .select(["i.event AS event", "i.reason AS reason", "SUM(i.count) AS events"])
        .where("i.grain = 'm'")
        .groupBy("i.event")
        .addGroupBy("i.reason")
        .getRawMany(),
    ]);
    const { impressions, clicks } = counted.get(0) ?? NO_SUMS;
    return {
      impressions,
      clicks,
      invalid: refused
        .map((row) => ({ event: String(row.event), reason: String(row.reason), events: Number(row.events) }))
        .sort((a, b) => b.events - a.events),
    };
  }

  /** Each site's impressions in the reporting calendar month that `monthStart` begins. */
  async impressionsBySiteInMonth(sites: Owned[], monthStart: Date): Promise<Map<number, number>> {
    if (sites.length === 0) return new Map();
    const rows: { siteId: number | string; impressions: string | number }[] = await this.facts
      .createQueryBuilder("f")
      .select(["f.scope_id AS siteId", "f.impressions AS impressions"])
      .where("f.scope = 'site' AND f.grain = 'm' AND f.period = :period", { period: sqlDateTime(monthStart.getTime()) })
      .andWhere(byOwner(sites))
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.siteId), Number(row.impressions)]));
  }

  /**
   * Each zone's totals from `monthStart` on (a month of the reporting calendar for the zone cards, or any day). Zones are kept by
   * the day only (reports' breakdowns read them so), so this adds up the month's days: 31 rows a zone at most.
   */
  async zoneMonths(zones: Owned[], monthStart: Date): Promise<Map<number, FactSums>> {
    if (zones.length === 0) return new Map();
    const rows: Record<string, unknown>[] = await this.facts
      .createQueryBuilder("f")
      .select(["f.scope_id AS scopeId", ...SUMS_SELECT])
      .where("f.scope = 'zone' AND f.grain = 'd' AND f.period >= :from", { from: sqlDateTime(monthStart.getTime()) })
      .andWhere(byOwner(zones))
      .groupBy("f.scope_id")
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.scopeId), sumsOf(row)]));
  }

  private async monthlyTotals(scope: FactScope, items: Owned[]): Promise<Map<number, EventTotals>> {
    if (items.length === 0) return new Map();
    const rows: Record<string, unknown>[] = await this.facts
      .createQueryBuilder("f")
      .select(["f.scope_id AS scopeId", ...SUMS_SELECT])
      .where("f.scope = :scope AND f.grain = 'm'", { scope })
      .andWhere(byOwner(items))
      .groupBy("f.scope_id")
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.scopeId), sumsOf(row)]));
  }
}

/** Something kept in the read model under its owner: a site under its publisher, a campaign under its advertiser. */
export interface Owned {
  id: number;
  ownerId: number;
}

/** Facts of these items, found by owner first, as the key is ordered. */
function byOwner(items: Owned[]): Brackets {
  const idsByOwner = new Map<number, number[]>();
  for (const { id, ownerId } of items) idsByOwner.set(ownerId, [...(idsByOwner.get(ownerId) ?? []), id]);
  return new Brackets((where) => {
    [...idsByOwner].forEach(([ownerId, ids], n) => {
      where.orWhere(`(f.owner_id = :owner${n} AND f.scope_id IN (:...ids${n}))`, { [`owner${n}`]: ownerId, [`ids${n}`]: ids });
    });
  });
}
