import { AUDIENCES_COUNTED_PER_REQUEST, FACET_SAMPLE_EVERY, FACETS_COUNTED_EXACTLY, type FacetRequest, RequestFacets } from "./request-facets";

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

it("counts every request of a quiet interval exactly, and samples a busy one's without bias", () => {
  // A fixed generator: the same draws each run, so the estimate's error is the same each run too.
  let seed = 7;
  const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
  const facets = new RequestFacets(random);
  const busy = FACETS_COUNTED_EXACTLY + 200 * FACET_SAMPLE_EVERY * 10;
  const requestsOf = (subject: string, value: string) => facets.toRows().find((row) => row.subject === subject && row.value === value)?.requests ?? 0;

  for (let n = 0; n < FACETS_COUNTED_EXACTLY; n++) facets.seen(HOUR, request([]), n % 2 === 0 ? 42 : 0);
  expect(requestsOf("n", "mobile")).toBe(FACETS_COUNTED_EXACTLY);
  expect(requestsOf("c", "mobile")).toBe(FACETS_COUNTED_EXACTLY / 2);

  for (let n = FACETS_COUNTED_EXACTLY; n < busy; n++) facets.seen(HOUR, request([]), n % 2 === 0 ? 42 : 0);
  const rowsCounted = facets.toRows().filter((row) => row.subject === "n" && row.value === "mobile");
  expect(rowsCounted).toHaveLength(1);
  // Some 2,000 sampled requests: within 10% of the true totals, and every count a sample's weight past the exact part.
  expect(Math.abs(requestsOf("n", "mobile") - busy) / busy).toBeLessThan(0.1);
  expect(Math.abs(requestsOf("c", "trail") - busy / 2) / (busy / 2)).toBeLessThan(0.1);
  expect((requestsOf("n", "mobile") - FACETS_COUNTED_EXACTLY) % FACET_SAMPLE_EVERY).toBe(0);
  expect(requestsOf("n", "mobile")).not.toBe(busy);
});
