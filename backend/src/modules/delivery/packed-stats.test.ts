import { statRow } from "./model";
import { packStats, unpackStats } from "./packed-stats";

const place = { publisherId: 7, siteId: 70, zoneId: 700, advertiserId: 9, campaignId: 90, creativeId: 900 };

describe("stat rows packed for the writer thread", () => {
  it("come back with every owner, counter and country, money to the micro", async () => {
    const rows = [
      statRow({ ...place, atMs: Date.UTC(2026, 10, 27, 8, 30), country: "DE" }, { requests: 3, impressions: 2, clicks: 1, spendMicros: 2 ** 52 + 1, revenueMicros: 1_234_567, viewable: 2, completes: 1 }),
      statRow({ ...place, zoneId: 701, atMs: Date.UTC(2026, 10, 27, 9, 0), country: "" }, { requests: 1 }),
      statRow({ ...place, creativeId: 901, atMs: Date.UTC(2026, 10, 27, 9, 0), country: "US" }, { bidRequests: 4, bids: 3, wins: 1 }),
    ];
    expect(unpackStats(await packStats(rows))).toEqual(rows);
  });

  it("carry no rows as none", async () => {
    expect(unpackStats(await packStats([]))).toEqual([]);
  });

  it("come back whole and in order from a flush larger than one turn of packing", async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => statRow({ ...place, zoneId: index, atMs: 0, country: index % 2 ? "NL" : "BE" }, { requests: index }));
    expect(unpackStats(await packStats(rows))).toEqual(rows);
  });
});
