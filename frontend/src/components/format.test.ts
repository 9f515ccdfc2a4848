import { formatChange, formatDuration, formatMoney, formatPrice } from "./format";

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

test.each([
  [624.008, "$624.01"],
  [1234.5, "$1,234.50"],
  [0.0051, "$0.01"],
  [0.004, "<$0.01"],
  [0, "$0.00"],
  [-12.345, "-$12.35"],
])("an amount of %p dollars reads %p: cents, never more decimals", (dollars, text) => {
  expect(formatMoney(dollars)).toBe(text);
});

test.each([
  [100, "$100"],
  [12.5, "$12.50"],
])("a policy figure of %p dollars reads %p: no cents when it is round", (dollars, text) => {
  expect(formatMoney(dollars, { cents: false })).toBe(text);
});

test.each([
  [0.5094, "$0.51"],
  [2.8, "$2.80"],
  [0.1, "$0.10"],
  [0.0321, "$0.0321"],
  [0.05, "$0.05"],
  [0.00012, "$0.0001"],
  [0, "$0.00"],
])("a price (CPM, CPC, CPA) of %p dollars reads %p: cents, with up to four decimals only under $0.10", (dollars, text) => {
  expect(formatPrice(dollars)).toBe(text);
});

test.each([
  [30, "0:30"],
  [5, "0:05"],
  [60, "1:00"],
  [75, "1:15"],
])("a video of %p seconds plays %p", (seconds, text) => {
  expect(formatDuration(seconds)).toBe(text);
});
