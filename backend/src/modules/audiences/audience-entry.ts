import type { AudienceRule } from "./audience-rules";

/** What the ad server holds in memory of a live audience: what its pixel's visits are judged by. */
export interface AudienceEntry {
  id: number;
  advertiserId: number;
  rule: AudienceRule;
  pagePattern: string | null;
  windowDays: number;
  siteDomains: readonly string[];
}

