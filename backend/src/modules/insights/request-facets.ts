import type { TargetingRequest } from "../targeting/request";
import { hourValue, type InsightDimension, INSIGHT_SUBJECTS, type InsightSubject } from "./insight-dimensions";

/**
 * Audiences a request is counted for at most: a visitor may belong to dozens, and each costs a
 * dozen additions. Beyond this many a random few are counted, which keeps each audience's shares
 * (what its insights and lookalikes read) unbiased while its volumes become a sample.
 */
export const AUDIENCES_COUNTED_PER_REQUEST = 8;

/**
 * Requests a tally counts one by one before it samples. Counting a request is a dozen additions or
 * more, several times the decision's own cost: past this many in a counts interval, one request in
 * FACET_SAMPLE_EVERY is counted, FACET_SAMPLE_EVERY times. A quiet network's insights stay exact; a busy
 * one's are unbiased estimates whose error is far below what an index of shares shows (at 7,000
 * requests a second a counts interval samples some 4,000 of them).
 */
export const FACETS_COUNTED_EXACTLY = 2_000;
export const FACET_SAMPLE_EVERY = 16;

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

/** One value of a dimension as the tally keys it, made once per request and shared by every subject counting it (V8 keeps a string's hash with it). */
interface Place {
  key: string;
  dimension: InsightDimension;
  value: string;
}
const place = (dimension: InsightDimension, value: string): Place => ({ key: `${dimension}|${value}`, dimension, value });
const DEVICE_PLACES = new Map<string, Place>();
const devicePlace = (device: string) => DEVICE_PLACES.get(device) ?? DEVICE_PLACES.set(device, place("device", device)).get(device)!;
const SUBJECT_CODES: Record<InsightSubject, number> = { n: 0, c: 1, a: 2 };

/**
 * What the ad server counts of its requests for insights beyond what its hourly rows say: the
 * visitor's device and the page's keywords (at most MAX_PAGE_KEYWORDS a page), for the network and
 * for the campaign that filled the request; and for each audience the visitor belongs to (consent
 * checked where the memberships were read), every dimension of where its members are seen. Map
 * additions in memory, written with the next batch of counts.
 */
export class RequestFacets {
  constructor(private readonly random: () => number = Math.random) {}

  /** By hour, then subject (its id times 4 plus its code), then place: numbers and reused strings, and an object only for a new row. */
  private readonly hours = new Map<number, Map<number, Map<string, FacetRow>>>();
  private rows = 0;
  /** Requests offered to the tally since it was made, counted or not. */
  private requestsSeen = 0;
  /** The hour of the day of the last hour seen: the calendar is asked once an hour, not once a request. */
  private lastHour: { hour: number; place: Place } | null = null;

  get size(): number {
    return this.rows;
  }

  /** One ad request at `hour`, filled by `campaignId` (0 when unfilled). */
  seen(hour: number, request: FacetRequest, campaignId: number): void {
    let weight = 1;
    if (++this.requestsSeen > FACETS_COUNTED_EXACTLY) {
      if (this.random() * FACET_SAMPLE_EVERY >= 1) return;
      weight = FACET_SAMPLE_EVERY;
    }
    const subjects = this.subjectsOf(hour);
    const places = [devicePlace(request.device), ...request.keywords.map((keyword) => place("keyword", keyword))];
    this.addAll(subjects, hour, INSIGHT_SUBJECTS.network, 0, places, weight);
    if (campaignId > 0) this.addAll(subjects, hour, INSIGHT_SUBJECTS.campaign, campaignId, places, weight);
    if (request.audienceIds.length === 0) return;
    places.push(
      place("site", String(request.siteId)),
      place("zone", String(request.zoneId)),
      place("category", request.siteCategory),
      place("country", request.country),
      this.hourPlace(hour),
    );
    for (const audienceId of someOf(request.audienceIds, AUDIENCES_COUNTED_PER_REQUEST)) this.addAll(subjects, hour, INSIGHT_SUBJECTS.audience, audienceId, places, weight);
  }

  /** Adds a row's requests to its place's. */
  count(row: FacetRow): void {
    this.tally(this.subjectsOf(row.hour), row.hour, row.subject, row.subjectId, place(row.dimension, row.value), row.requests);
  }

  toRows(): FacetRow[] {
    return [...this.hours.values()].flatMap((subjects) => [...subjects.values()].flatMap((places) => [...places.values()]));
  }

  private hourPlace(hour: number): Place {
    if (this.lastHour?.hour !== hour) this.lastHour = { hour, place: place("hour", hourValue(hour)) };
    return this.lastHour.place;
  }

  private subjectsOf(hour: number): Map<number, Map<string, FacetRow>> {
    let subjects = this.hours.get(hour);
    if (!subjects) this.hours.set(hour, (subjects = new Map()));
    return subjects;
  }

  private addAll(subjects: Map<number, Map<string, FacetRow>>, hour: number, subject: InsightSubject, subjectId: number, places: Place[], weight: number): void {
    for (const each of places) this.tally(subjects, hour, subject, subjectId, each, weight);
  }

  private tally(subjects: Map<number, Map<string, FacetRow>>, hour: number, subject: InsightSubject, subjectId: number, { key, dimension, value }: Place, requests: number): void {
    const subjectKey = subjectId * 4 + SUBJECT_CODES[subject];
    let places = subjects.get(subjectKey);
    if (!places) subjects.set(subjectKey, (places = new Map()));
    const existing = places.get(key);
    if (existing) existing.requests += requests;
    else {
      places.set(key, { hour, subject, subjectId, dimension, value, requests });
      this.rows++;
    }
  }
}
