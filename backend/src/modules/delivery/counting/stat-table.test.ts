import { statRow } from "./counted-events";
import { StatTable } from "./stat-table";

const place = { publisherId: 7, siteId: 70, zoneId: 700, advertiserId: 9, campaignId: 90, creativeId: 900 };

const rows = [
  statRow({ ...place, atMs: Date.UTC(2026, 10, 27, 8, 30), country: "DE" }, { requests: 3, impressions: 2, clicks: 1, spendMicros: 2 ** 52 + 1, revenueMicros: 1_234_567, viewable: 2, completes: 1 }),
  statRow({ ...place, zoneId: 701, atMs: Date.UTC(2026, 10, 27, 9, 0), country: "XX" }, { requests: 1 }),
  statRow({ ...place, creativeId: 901, atMs: Date.UTC(2026, 10, 27, 9, 0), country: "US" }, { bidRequests: 4, bids: 3, wins: 1, losses: 1, lossPriceMicros: 2_500_000 }),
];

describe("a table of hourly counts", () => {
  it("gives back every owner, counter and country, money to the micro, after crossing to another thread as numbers", () => {
    expect(StatTable.fromNumbers(structuredClone(StatTable.of(rows).shared())).toRows()).toEqual(rows);
  });

  it("adds to one counter of one row", () => {
    const table = StatTable.of(rows);
    table.add(1, "impressions", 5);
    table.add(1, "spendMicros", 1_500_000);
    expect(table.row(1)).toEqual({ ...rows[1], impressions: 5, spendMicros: 1_500_000 });
    expect(table.row(0)).toEqual(rows[0]);
  });

  it("adds every counter of another table's row to one row, and leaves its place", () => {
    const table = StatTable.of(rows.slice(1, 2));
    table.addCounters(0, StatTable.of(rows), 0);
    expect(table.row(0)).toEqual({ ...rows[0], hour: rows[1].hour, zoneId: 701, country: "XX", requests: 4 });
  });

  it("counts a country that is not two capital letters as unknown", () => {
    const table = StatTable.empty();
    table.addPlace(0, { ...place, country: "" });
    table.addPlace(0, { ...place, country: "us" });
    expect(table.toRows().map((row) => row.country)).toEqual(["XX", "XX"]);
  });

  it("grows past its first capacity and keeps every row in order", () => {
    const many = Array.from({ length: 10_000 }, (_, index) => statRow({ ...place, zoneId: index, atMs: 0, country: index % 2 ? "NL" : "BE" }, { requests: index }));
    const table = StatTable.empty(1);
    for (const row of many) table.add(table.addPlace(row.hour, row), "requests", row.requests);
    expect(table.toRows()).toEqual(many);
  });

  it("hands out its first rows and keeps the rest, then joins two tables", () => {
    const table = StatTable.of(rows);
    const first = table.takeFirst(2);
    expect(first.toRows()).toEqual(rows.slice(0, 2));
    expect(table.toRows()).toEqual(rows.slice(2));
    expect(table.takeFirst(5).toRows()).toEqual(rows.slice(2));
    expect(table.length).toBe(0);
    expect(first.concat(StatTable.of(rows.slice(2))).toRows()).toEqual(rows);
  });

  it("is read by another thread in the memory it is kept in, and stays whole for a write sent again", () => {
    const table = StatTable.of(rows);
    const received = StatTable.fromNumbers(structuredClone(table.takeFirst(2).shared()));
    table.add(0, "requests", 1);
    expect(received.toRows()).toEqual(rows.slice(0, 2));
    expect(table.toRows()).toEqual([{ ...rows[2], requests: rows[2].requests + 1 }]);
  });

  it("shares a table rather than copying it when joined with an empty one", () => {
    const table = StatTable.of(rows);
    expect(StatTable.empty(0).concat(table)).toBe(table);
    expect(table.concat(StatTable.empty())).toBe(table);
  });
});
