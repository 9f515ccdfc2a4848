import { type DataSource, In } from "typeorm";
import { AdZone } from "../zones/ad-zone.entity";
import { type InsightDimension, INSIGHT_SUBJECTS, type InsightSubject } from "./insight-dimensions";

/**
 * The dimensions the network's and a campaign's insights read from the reports' daily totals
 * (stat_facts) rather than from insight_facts: the reports keep every site's and zone's traffic,
 * and a campaign's zone by zone, already, so the writer never counts them a second time.
 */
export const PLACES_FROM_REPORTS: readonly InsightDimension[] = ["site", "zone"];

/** Counters summed per value, as the insight reader groups them. */
export interface PlaceCounts {
  dimension: InsightDimension;
  value: string;
  requests: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

const SUMS = "SUM(requests) AS requests, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(conversions) AS conversions";
/** Ids one query names at most: far below either engine's limit of parameters. */
const IDS_PER_QUERY = 500;
type Summed = { id: string | number; requests: string | number; impressions: string | number; clicks: string | number; conversions: string | number };

const placeCounts = (dimension: InsightDimension, value: string, row: Omit<Summed, "id">): PlaceCounts => ({
  dimension,
  value,
  requests: Number(row.requests),
  impressions: Number(row.impressions),
  clicks: Number(row.clicks),
  conversions: Number(row.conversions),
});

function addTo(totals: Map<string, PlaceCounts>, dimension: InsightDimension, value: string, row: Omit<Summed, "id">): void {
  const existing = totals.get(value);
  const more = placeCounts(dimension, value, row);
  if (!existing) totals.set(value, more);
  else for (const counter of ["requests", "impressions", "clicks", "conversions"] as const) existing[counter] += more[counter];
}

export class PlacesFromReports {
  constructor(private readonly dataSource: DataSource) {}

  /** The subject's traffic by site and by zone over the period; an audience's is not in the reports (its facets count it). */
  async own(subject: InsightSubject, subjectId: number, period: string[]): Promise<PlaceCounts[]> {
    if (subject === INSIGHT_SUBJECTS.network) return [...(await this.network("site", period)), ...(await this.network("zone", period))];
    if (subject !== INSIGHT_SUBJECTS.campaign) return [];
    const zones: Summed[] = await this.dataSource.query(
      `SELECT scope_id AS id, ${SUMS} FROM stat_facts WHERE scope = 'cmp_zone' AND owner_id = ? AND grain = 'd' AND period >= ? AND period < ? GROUP BY scope_id`,
      [subjectId, ...period],
    );
    const siteOf = await this.sitesOf(zones.map((row) => Number(row.id)));
    const sites = new Map<string, PlaceCounts>();
    for (const row of zones) {
      const siteId = siteOf.get(Number(row.id));
      if (siteId !== undefined) addTo(sites, "site", String(siteId), row);
    }
    return [...sites.values(), ...zones.map((row) => placeCounts("zone", String(row.id), row))];
  }

  /** The network's whole traffic over the period: what every site's and zone's shares are of. */
  async networkTotal(period: string[]): Promise<Omit<PlaceCounts, "dimension" | "value">> {
    const [row]: Omit<Summed, "id">[] = await this.dataSource.query(
      `SELECT ${SUMS} FROM stat_facts WHERE scope = 'network' AND owner_id = 0 AND scope_id = 0 AND grain = 'd' AND period >= ? AND period < ?`,
      period,
    );
    const { dimension: _dimension, value: _value, ...counts } = placeCounts("site", "", row ?? { requests: 0, impressions: 0, clicks: 0, conversions: 0 });
    return counts;
  }

  /** The network's traffic at the given sites or zones over the period, a bounded list of ids a query. */
  async networkAt(dimension: InsightDimension, values: string[], period: string[]): Promise<PlaceCounts[]> {
    const result: PlaceCounts[] = [];
    for (let start = 0; start < values.length; start += IDS_PER_QUERY) {
      const ids = values.slice(start, start + IDS_PER_QUERY).map(Number);
      result.push(...(await this.network(dimension, period, ids)));
    }
    return result;
  }

  private async network(dimension: InsightDimension, period: string[], ids?: number[]): Promise<PlaceCounts[]> {
    const only = ids ? ` AND scope_id IN (${ids.map(() => "?").join(", ")})` : "";
    const rows: Summed[] = await this.dataSource.query(
      `SELECT scope_id AS id, ${SUMS} FROM stat_facts WHERE scope = ? AND grain = 'd' AND period >= ? AND period < ?${only} GROUP BY scope_id`,
      [dimension, ...period, ...(ids ?? [])],
    );
    return rows.map((row) => placeCounts(dimension, String(row.id), row));
  }

  private async sitesOf(zoneIds: number[]): Promise<Map<number, number>> {
    const result = new Map<number, number>();
    for (let start = 0; start < zoneIds.length; start += IDS_PER_QUERY) {
      const zones = await this.dataSource.getRepository(AdZone).find({ select: { id: true, siteId: true }, where: { id: In(zoneIds.slice(start, start + IDS_PER_QUERY)) } });
      for (const zone of zones) result.set(zone.id, zone.siteId);
    }
    return result;
  }
}
