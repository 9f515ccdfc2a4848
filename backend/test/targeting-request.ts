import type { TargetingRequest } from "../src/modules/targeting/request";

/** A request from a desktop Chrome on Windows in the US, at a zone of a technology site; tests change what they are about. */
export const targetingRequest = (fields: Partial<TargetingRequest> = {}): TargetingRequest => ({
  device: "desktop",
  os: "windows",
  browser: "chrome",
  language: "en",
  keywords: [],
  zoneId: 1,
  siteId: 1,
  siteDomain: "news.example.com",
  siteCategory: "technology",
  country: "US",
  audienceIds: [],
  atMs: Date.parse("2026-11-23T10:00:00Z"),
  ...fields,
});
