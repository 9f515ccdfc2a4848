import type { TargetingRequest } from "../targeting/request";
import { hourValue, type InsightDimension, INSIGHT_SUBJECTS, type InsightSubject } from "./insight-dimensions";

/**
 * Audiences a request is counted for at most: a visitor may belong to dozens, and each costs a
 * dozen additions. Beyond this many a random few are counted, which keeps each audience's shares
 * (what its insights and lookalikes read) unbiased while its volumes become a sample.
 */
export const AUDIENCES_COUNTED_PER_REQUEST = 8;

/** What the tally reads of a request. */
export type FacetRequest = Pick<TargetingRequest, "device" | "keywords" | "audienceIds" | "siteId" | "zoneId" | "siteCategory" | "country">;

/** Up to `count` of the ids, drawn at random when there are more. */
function someOf(ids: readonly number[], count: number): readonly number[] {
  if (ids.length <= count) return ids;
  const drawn = [...ids];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(Math.random() * (drawn.length - i));
    [drawn[i], drawn[j]] = [drawn[j], drawn[i]];
  }
  return drawn.slice(0, count);
}

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
 * for the campaign that filled the request; and for each audience the visitor belongs to (consent
 * checked where the memberships were read), every dimension of where its members are seen. Map
 * additions in memory, written with the next batch of counts.
 */
export class RequestFacets {
  private readonly rows = new Map<string, FacetRow>();

  get size(): number {
    return this.rows.size;
  }

  /** One ad request at `hour`, filled by `campaignId` (0 when unfilled). */
  seen(hour: number, request: FacetRequest, campaignId: number): void {
    this.add(hour, INSIGHT_SUBJECTS.network, 0, request);
    if (campaignId > 0) this.add(hour, INSIGHT_SUBJECTS.campaign, campaignId, request);
    if (request.audienceIds.length > 0) this.addAudiences(hour, request);
  }

  private addAudiences(hour: number, request: FacetRequest): void {
    const places: [InsightDimension, string][] = [
      ["site", String(request.siteId)],
      ["zone", String(request.zoneId)],
      ["category", request.siteCategory],
      ["country", request.country],
      ["hour", hourValue(hour)],
    ];
    for (const audienceId of someOf(request.audienceIds, AUDIENCES_COUNTED_PER_REQUEST)) {
      this.add(hour, INSIGHT_SUBJECTS.audience, audienceId, request);
      for (const [dimension, value] of places) this.count({ hour, subject: INSIGHT_SUBJECTS.audience, subjectId: audienceId, dimension, value, requests: 1 });
    }
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
