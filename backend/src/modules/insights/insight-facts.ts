import type { EntityManager } from "typeorm";
import { In } from "typeorm";
import { upsertAdding } from "../../common/db-upsert";
import { addInto, inKeyOrder, type OwnedCounts } from "../reports/facts";
import { periodTexts } from "../reports/grains";
import { Site } from "../sites/site.entity";
import { hourValue, type InsightDimension, INSIGHT_SUBJECTS, type InsightSubject } from "./insight-dimensions";
import type { FacetRow } from "./request-facets";

const INSIGHT_FACTS = {
  table: "insight_facts",
  keys: ["subject", "subject_id", "dimension", "grain", "period", "value"],
  counters: ["requests", "impressions", "clicks", "conversions"],
};

type Counters = [requests: number, impressions: number, clicks: number, conversions: number];

/** The categories of the sites a batch's rows name, in one query. */
async function siteCategories(manager: EntityManager, siteIds: number[]): Promise<Map<number, string>> {
  if (siteIds.length === 0) return new Map();
  const sites = await manager.getRepository(Site).find({ select: { id: true, category: true }, where: { id: In(siteIds) } });
  return new Map(sites.map((site) => [site.id, site.category]));
}

/**
 * Moves the daily insight totals by a batch, inside the writer's transaction: where the network's
 * and each campaign's requests, impressions, clicks and conversions were by country, hour and site
 * category (from the batch's hourly rows), and the requests' devices and keywords (from the ad
 * server's facets).
 */
export async function addToInsightFacts(manager: EntityManager, stats: OwnedCounts[], facets: FacetRow[]): Promise<void> {
  const day = periodTexts();
  const totals = new Map<string, unknown[]>();
  const add = (hour: number, subject: InsightSubject, subjectId: number, dimension: InsightDimension, value: string, counters: Counters) => {
    const period = day("d", hour);
    addInto(totals, `${subject}|${subjectId}|${dimension}|${period}|${value}`, [subject, subjectId, dimension, "d", period, value], counters);
  };
  const categories = await siteCategories(manager, [...new Set(stats.map((row) => row.siteId))]);
  for (const row of stats) {
    const counters: Counters = [row.requests, row.impressions, row.clicks, row.conversions];
    if (counters.every((count) => count === 0)) continue;
    // By site and by zone, the network's and each campaign's traffic is in the reports' own daily
    // totals already (stat_facts' site, zone and cmp_zone scopes): the insights read it there, and
    // the writer does not count it twice. Only the audiences' come from the request facets.
    const places: [InsightDimension, string][] = [
      ["country", row.country],
      ["hour", hourValue(row.hour)],
    ];
    const category = categories.get(row.siteId);
    if (category) places.push(["category", category]);
    for (const [dimension, value] of places) {
      add(row.hour, INSIGHT_SUBJECTS.network, 0, dimension, value, counters);
      if (row.campaignId > 0) add(row.hour, INSIGHT_SUBJECTS.campaign, row.campaignId, dimension, value, counters);
    }
  }
  for (const facet of facets) add(facet.hour, facet.subject, facet.subjectId, facet.dimension, facet.value, [facet.requests, 0, 0, 0]);
  await upsertAdding(manager, INSIGHT_FACTS, inKeyOrder(totals));
}
