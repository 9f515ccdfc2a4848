import type { TargetingRequest } from "../targeting/request";
import { type InsightDimension, INSIGHT_SUBJECTS, type InsightSubject } from "./insight-dimensions";

/** Requests of one hour seen with one value of a dimension by one subject: what the ad server hands the writer. */
export interface FacetRow {
  hour: number;
  subject: InsightSubject;
  subjectId: number;
  dimension: InsightDimension;
  value: string;
  requests: number;
}

/**
 * What the ad server counts of its requests for insights beyond what its hourly rows say: the
 * visitor's device and the page's keywords (at most MAX_PAGE_KEYWORDS a page), for the network and
 * for the campaign that filled the request. A few map additions a request, in memory, written with
 * the next batch of counts.
 */
export class RequestFacets {
  private readonly rows = new Map<string, FacetRow>();

  get size(): number {
    return this.rows.size;
  }

  /** One ad request at `hour`, filled by `campaignId` (0 when unfilled). */
  seen(hour: number, request: Pick<TargetingRequest, "device" | "keywords">, campaignId: number): void {
    this.add(hour, INSIGHT_SUBJECTS.network, 0, request);
    if (campaignId > 0) this.add(hour, INSIGHT_SUBJECTS.campaign, campaignId, request);
  }

  private add(hour: number, subject: InsightSubject, subjectId: number, { device, keywords }: Pick<TargetingRequest, "device" | "keywords">): void {
    this.count({ hour, subject, subjectId, dimension: "device", value: device, requests: 1 });
    for (const keyword of keywords) this.count({ hour, subject, subjectId, dimension: "keyword", value: keyword, requests: 1 });
  }

  /** Adds a row's requests to its place's. */
  count(row: FacetRow): void {
    const key = `${row.hour}|${row.subject}|${row.subjectId}|${row.dimension}|${row.value}`;
    const existing = this.rows.get(key);
    if (existing) existing.requests += row.requests;
    else this.rows.set(key, { ...row });
  }

  toRows(): FacetRow[] {
    return [...this.rows.values()];
  }
}
