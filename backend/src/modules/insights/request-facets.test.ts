import { AUDIENCES_COUNTED_PER_REQUEST, type FacetRequest, RequestFacets } from "./request-facets";

const HOUR = Date.UTC(2026, 11, 3, 14);
const request = (audienceIds: number[]): FacetRequest => ({ device: "mobile", keywords: ["trail", "shoes"], audienceIds, siteId: 7, zoneId: 70, siteCategory: "sports", country: "DE" });

it("counts a request's device and keywords for the network and the campaign that filled it", () => {
  const facets = new RequestFacets();
  facets.seen(HOUR, request([]), 42);
  facets.seen(HOUR, request([]), 0);
  const rows = facets.toRows().map(({ subject, subjectId, dimension, value, requests }) => [subject, subjectId, dimension, value, requests]);
  expect(rows).toEqual([
    ["n", 0, "device", "mobile", 2],
    ["n", 0, "keyword", "trail", 2],
    ["n", 0, "keyword", "shoes", 2],
    ["c", 42, "device", "mobile", 1],
    ["c", 42, "keyword", "trail", 1],
    ["c", 42, "keyword", "shoes", 1],
  ]);
});

it("counts every dimension for each of the visitor's audiences, and a random few of them beyond the bound", () => {
  const facets = new RequestFacets();
  facets.seen(HOUR, request([3]), 0);
  const ofAudience = facets.toRows().filter((row) => row.subject === "a").map(({ subjectId, dimension, value }) => [subjectId, dimension, value]);
  expect(ofAudience).toEqual([
    [3, "device", "mobile"],
    [3, "keyword", "trail"],
    [3, "keyword", "shoes"],
    [3, "site", "7"],
    [3, "zone", "70"],
    [3, "category", "sports"],
    [3, "country", "DE"],
    [3, "hour", "14"],
  ]);

  const many = new RequestFacets();
  const ids = Array.from({ length: 30 }, (_, i) => i + 1);
  for (let n = 0; n < 300; n++) many.seen(HOUR, request(ids), 0);
  const sites = many.toRows().filter((row) => row.subject === "a" && row.dimension === "site");
  // Each request counts AUDIENCES_COUNTED_PER_REQUEST of its 30 audiences, and every audience has its turn.
  expect(sites.reduce((sum, row) => sum + row.requests, 0)).toBe(300 * AUDIENCES_COUNTED_PER_REQUEST);
  expect(new Set(sites.map((row) => row.subjectId)).size).toBe(30);
});
