import type { DataSource } from "typeorm";
import { sqlDateTime } from "../../common/db-upsert";
import { type InsightDimension, INSIGHT_DIMENSION_KEYS, type InsightMeasure, INSIGHT_SUBJECTS, type InsightSubject, wholeOf } from "./insight-dimensions";
import { PLACES_FROM_REPORTS, PlacesFromReports } from "./places-from-reports";

/** A subject's totals of one value of a dimension over a range. */
export interface ValueCounts {
  requests: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

/** One value of a dimension, against the network: index 100 is the network's own share, 200 twice it. */
export interface IndexedValue extends ValueCounts {
  dimension: InsightDimension;
  value: string;
  /** The subject's measure there (impressions or requests), and its share of the subject's whole, in percent. */
  count: number;
  share: number;
  networkCount: number;
  networkShare: number;
  /** Share over network share, times 100, rounded; null where the network counted nothing (there is no average to compare with). */
  index: number | null;
}

export interface DimensionInsight {
  dimension: InsightDimension;
  measure: InsightMeasure;
  /** The subject's measure over every value (over every request, for keywords). */
  total: number;
  networkTotal: number;
  /** Most counted first. */
  values: IndexedValue[];
}

type Grouped = { dimension: InsightDimension; value: string; requests: string | number; impressions: string | number; clicks: string | number; conversions: string | number };

/** Values one query of the network's asks for at most: far below either engine's limit of parameters. */
const VALUES_PER_QUERY = 500;
const SUMS = "SUM(requests) AS requests, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(conversions) AS conversions";
const counts = (row: Omit<Grouped, "dimension" | "value">): ValueCounts => ({
  requests: Number(row.requests),
  impressions: Number(row.impressions),
  clicks: Number(row.clicks),
  conversions: Number(row.conversions),
});
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/**
 * Reads the daily insight totals (see insight-facts.ts): a subject's values by dimension over a
 * range of days, each against the network's share of the same value. Only summed rows are read,
 * and of the network only its totals and the values the subject has.
 */
export class InsightReader {
  private readonly places: PlacesFromReports;

  constructor(private readonly dataSource: DataSource) {
    this.places = new PlacesFromReports(dataSource);
  }

  /** `measureOf`: what each dimension compares, the measure its declaration names unless told. */
  async insights(
    subject: InsightSubject,
    subjectId: number,
    range: { fromMs: number; toMs: number },
    measureOf: (dimension: InsightDimension) => InsightMeasure,
  ): Promise<DimensionInsight[]> {
    const period = [sqlDateTime(range.fromMs), sqlDateTime(range.toMs)];
    const fromReports = await this.places.own(subject, subjectId, period);
    const own: Grouped[] = [
      ...(await this.dataSource.query(
        `SELECT dimension, value, ${SUMS} FROM insight_facts WHERE subject = ? AND subject_id = ? AND grain = 'd' AND period >= ? AND period < ? GROUP BY dimension, value`,
        [subject, subjectId, ...period],
      )).filter((row: Grouped) => subject === INSIGHT_SUBJECTS.audience || !PLACES_FROM_REPORTS.includes(row.dimension)),
      ...fromReports,
    ];
    const networkTotal = await this.places.networkTotal(period);
    const networkTotals: Grouped[] = [
      ...(await this.dataSource.query(
        `SELECT dimension, '' AS value, ${SUMS} FROM insight_facts WHERE subject = ? AND subject_id = 0 AND grain = 'd' AND period >= ? AND period < ? GROUP BY dimension`,
        [INSIGHT_SUBJECTS.network, ...period],
      )).filter((row: Grouped) => !PLACES_FROM_REPORTS.includes(row.dimension)),
      ...PLACES_FROM_REPORTS.map((dimension) => ({ dimension, value: "", ...networkTotal })),
    ];
    const networkOf = await this.networkValues(own, period);
    const totalOf = (dimension: InsightDimension, measure: InsightMeasure) => own.filter((row) => row.dimension === dimension).reduce((sum, row) => sum + counts(row)[measure], 0);
    const networkTotalOf = (dimension: InsightDimension, measure: InsightMeasure) => {
      const row = networkTotals.find((total) => total.dimension === dimension);
      return row ? counts(row)[measure] : 0;
    };
    return INSIGHT_DIMENSION_KEYS.map((dimension) => {
      const measure = measureOf(dimension);
      const values = own.filter((row) => row.dimension === dimension);
      const total = totalOf(wholeOf(dimension), measure);
      const networkTotal = networkTotalOf(wholeOf(dimension), measure);
      const indexed = values
        .map((row): IndexedValue => {
          const mine = counts(row);
          const count = mine[measure];
          const networkCount = networkOf.get(`${dimension}|${row.value}`)?.[measure] ?? 0;
          const share = percent(count, total);
          const networkShare = percent(networkCount, networkTotal);
          const index = networkCount > 0 && total > 0 ? Math.round((count / total / (networkCount / networkTotal)) * 100) : null;
          return { dimension, value: row.value, ...mine, count, share, networkCount, networkShare, index };
        })
        .filter((row) => row.count > 0)
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
      return { dimension, measure, total, networkTotal, values: indexed };
    });
  }

  /** The network's totals of the values the subject has, by `dimension|value`, a bounded list of values a query. */
  private async networkValues(own: Grouped[], period: string[]): Promise<Map<string, ValueCounts>> {
    const result = new Map<string, ValueCounts>();
    for (const dimension of INSIGHT_DIMENSION_KEYS) {
      const values = [...new Set(own.filter((row) => row.dimension === dimension).map((row) => row.value))];
      if (PLACES_FROM_REPORTS.includes(dimension)) {
        for (const row of await this.places.networkAt(dimension, values, period)) result.set(`${dimension}|${row.value}`, counts(row));
        continue;
      }
      for (let start = 0; start < values.length; start += VALUES_PER_QUERY) {
        const chunk = values.slice(start, start + VALUES_PER_QUERY);
        const rows: Grouped[] = await this.dataSource.query(
          `SELECT dimension, value, ${SUMS} FROM insight_facts WHERE subject = ? AND subject_id = 0 AND dimension = ? AND grain = 'd' AND period >= ? AND period < ? AND value IN (${chunk.map(() => "?").join(", ")}) GROUP BY dimension, value`,
          [INSIGHT_SUBJECTS.network, dimension, ...period, ...chunk],
        );
        for (const row of rows) result.set(`${dimension}|${row.value}`, counts(row));
      }
    }
    return result;
  }
}
