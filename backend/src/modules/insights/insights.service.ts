import type { DataSource } from "typeorm";
import { sqlDateTime } from "../../common/db-upsert";
import type { Campaign } from "../campaigns/campaign.entity";
import type { Retention } from "../reports/grains";
import { frequencyOf, reachByDay } from "../reports/reach";
import { REACH_STANDARD_ERROR } from "../reports/reach-sketch";
import { reportRange, type ReportRange } from "../reports/report-range";
import { type InsightDimension, INSIGHT_DIMENSIONS, INSIGHT_SUBJECTS } from "./insight-dimensions";
import { type DimensionInsight, InsightReader, type IndexedValue } from "./insight-reader";

/** The values of each dimension an insight shows, most counted first. */
export const TOP_INSIGHT_VALUES = 10;

/** What names the ids of one kind (sites, zones), handed in where the services are built. */
interface Namer {
  namesOf(ids: number[]): Promise<Map<number, string>>;
}
export interface InsightNames {
  sites: Namer;
  zones: Namer;
  countryName(code: string): string;
}

export interface LabelledValue extends IndexedValue {
  label: string;
}
export interface LabelledInsight extends Omit<DimensionInsight, "values"> {
  label: string;
  values: LabelledValue[];
}

/** A campaign's reach over a range, whole and by day: identified visitors, their impressions, and the impressions of visitors without an identifier. */
export interface CampaignReach {
  visitors: number;
  identifiedImpressions: number;
  unidentifiedImpressions: number;
  frequency: number | null;
  standardErrorPercent: number;
  days: { day: number; visitors: number; identifiedImpressions: number; frequency: number | null }[];
}

export interface CampaignInsights {
  campaign: Campaign;
  range: ReportRange;
  reach: CampaignReach;
  dimensions: LabelledInsight[];
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Reach, frequency and where a campaign's ads were seen against the network, from the read model. */
export class InsightsService {
  readonly reader: InsightReader;

  constructor(
    private readonly dataSource: DataSource,
    private readonly retention: Retention,
    private readonly names: InsightNames,
  ) {
    this.reader = new InsightReader(dataSource);
  }

  /** Checks a range of whole days as reports do. */
  range(input: { from?: unknown; to?: unknown }): ReportRange {
    return reportRange({ ...input, granularity: "day" }, this.retention);
  }

  async campaignInsights(campaign: Campaign, range: ReportRange): Promise<CampaignInsights> {
    const [reach, dimensions] = await Promise.all([
      this.campaignReach(campaign, range),
      this.reader.insights(INSIGHT_SUBJECTS.campaign, campaign.id, range, (dimension) => INSIGHT_DIMENSIONS[dimension].measure),
    ]);
    return { campaign, range, reach, dimensions: await this.labelled(dimensions.map((insight) => ({ ...insight, values: insight.values.slice(0, TOP_INSIGHT_VALUES) }))) };
  }

  /** Where an audience's members were seen over the range (their requests, every dimension), against the network's requests. */
  async audienceInsights(audienceId: number, range: ReportRange): Promise<LabelledInsight[]> {
    const insights = await this.reader.insights(INSIGHT_SUBJECTS.audience, audienceId, range, () => "requests");
    return this.labelled(insights.map((insight) => ({ ...insight, values: insight.values.slice(0, TOP_INSIGHT_VALUES) })));
  }

  /** The campaign's sketches merged over the range; its impressions beside them, from the read model's daily totals. */
  async campaignReach(campaign: Campaign, range: Pick<ReportRange, "fromMs" | "toMs">): Promise<CampaignReach> {
    const [{ days, total }, impressions] = await Promise.all([reachByDay(this.dataSource, campaign.id, range.fromMs, range.toMs), this.impressionsOf(campaign, range)]);
    return {
      visitors: total.visitors,
      identifiedImpressions: total.identifiedImpressions,
      unidentifiedImpressions: Math.max(0, impressions - total.identifiedImpressions),
      frequency: frequencyOf(total),
      standardErrorPercent: Math.round(REACH_STANDARD_ERROR * 1000) / 10,
      days: days.map((day) => ({ ...day, frequency: frequencyOf(day) })),
    };
  }

  private async impressionsOf(campaign: Campaign, range: Pick<ReportRange, "fromMs" | "toMs">): Promise<number> {
    const [row] = await this.dataSource.query(
      "SELECT SUM(impressions) AS impressions FROM stat_facts WHERE scope = 'campaign' AND owner_id = ? AND scope_id = ? AND grain = 'd' AND period >= ? AND period < ?",
      [campaign.advertiserId, campaign.id, sqlDateTime(range.fromMs), sqlDateTime(range.toMs)],
    );
    return Number(row?.impressions ?? 0);
  }

  /** Each value as people read it: a site's or zone's name, a country's, an hour as 14:00. */
  async labelled(insights: DimensionInsight[]): Promise<LabelledInsight[]> {
    const labelOf = await this.labeller(insights.flatMap((insight) => insight.values));
    return insights.map((insight) => ({
      ...insight,
      label: INSIGHT_DIMENSIONS[insight.dimension].label,
      values: insight.values.map((value) => ({ ...value, label: labelOf(insight.dimension, value.value) })),
    }));
  }

  /** What names these values, their sites' and zones' names read in one query each. */
  async labeller(values: { dimension: InsightDimension; value: string }[]): Promise<(dimension: InsightDimension, value: string) => string> {
    const idsOf = (dimension: InsightDimension) => values.filter((value) => value.dimension === dimension).map((value) => Number(value.value));
    const [sites, zones] = await Promise.all([this.names.sites.namesOf(idsOf("site")), this.names.zones.namesOf(idsOf("zone"))]);
    return (dimension, value) => {
      switch (dimension) {
        case "site":
          return sites.get(Number(value)) ?? `Site ${value}`;
        case "zone":
          return zones.get(Number(value)) ?? `Zone ${value}`;
        case "country":
          return this.names.countryName(value);
        case "hour":
          return `${value}:00`;
        case "category":
        case "device":
          return capitalised(value);
        case "keyword":
          return value;
      }
    };
  }
}
