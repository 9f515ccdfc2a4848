import { inUniqueKeyOrder } from "./db-upsert";

it("orders rows by their key columns only, numbers as numbers and nulls first, keeping the counters with their row", () => {
  const rows = [
    ["2026-11-27 10:00:00", 12, null, 5],
    ["2026-11-27 09:00:00", 100, "GB", 1],
    ["2026-11-27 10:00:00", 9, "US", 2],
    ["2026-11-27 10:00:00", 12, "DE", 3],
    ["2026-11-27 09:00:00", 100, "GB", 4],
  ];
  expect(inUniqueKeyOrder(rows, 3)).toEqual([
    ["2026-11-27 09:00:00", 100, "GB", 1],
    ["2026-11-27 09:00:00", 100, "GB", 4],
    ["2026-11-27 10:00:00", 9, "US", 2],
    ["2026-11-27 10:00:00", 12, null, 5],
    ["2026-11-27 10:00:00", 12, "DE", 3],
  ]);
});
