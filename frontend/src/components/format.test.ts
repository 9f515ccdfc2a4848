import { formatChange } from "./format";

test.each([
  [12.5, "percent", "+12.50% vs last month"],
  [-3.1, "percent", "\u22123.10% vs last month"],
  [1234.5, "percent", "+1,234.50% vs last month"],
  [0, "percent", "0.00% vs last month"],
  [0.25, "points", "+0.25 pts vs last month"],
  [-3.1, "points", "\u22123.10 pts vs last month"],
  [null, "percent", "No data last month"],
  [null, "points", "No data last month"],
] as const)("a change of %p in %s reads %p", (change, unit, text) => {
  expect(formatChange(change, unit)).toBe(text);
});
