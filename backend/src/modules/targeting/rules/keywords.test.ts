import { targetingRequest } from "../../../../test/targeting-request";
import { keywordRule } from "./keywords";

it("refuses a keyword both wanted and excluded, an overlong keyword and a non-list, naming the field", () => {
  expect(() => keywordRule.parse({ include: ["Shoes"], exclude: ["shoes "] })).toThrow('Page keywords: "shoes" is both wanted and excluded');
  expect(() => keywordRule.parse({ include: ["x".repeat(41)] })).toThrow(expect.objectContaining({ field: "targeting.keywords" }));
  expect(() => keywordRule.parse({ include: "shoes" })).toThrow("Page keywords: must be a list of text values");
});

it("normalises keywords and takes two empty lists as no rule", () => {
  expect(keywordRule.parse({ include: ["  Running   Shoes ", "running shoes"], exclude: [] })).toEqual({ include: ["running shoes"], exclude: [] });
  expect(keywordRule.parse({ include: [" "], exclude: [] })).toBeNull();
});

it("wants any included keyword on the page and none of the excluded", () => {
  const shoes = keywordRule.compile({ include: ["shoes", "boots"], exclude: ["sale"] });
  expect(shoes(targetingRequest({ keywords: ["news", "boots"] }))).toBe(true);
  expect(shoes(targetingRequest({ keywords: ["boots", "sale"] }))).toBe(false);
  expect(shoes(targetingRequest({ keywords: [] }))).toBe(false);
  const noSale = keywordRule.compile({ include: [], exclude: ["sale"] });
  expect(noSale(targetingRequest({ keywords: [] }))).toBe(true);
  expect(noSale(targetingRequest({ keywords: ["sale"] }))).toBe(false);
});
