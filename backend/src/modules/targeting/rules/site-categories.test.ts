import { targetingRequest } from "../../../../test/targeting-request";
import { siteCategoryRule } from "./site-categories";

it("offers the spec's site categories and refuses others", () => {
  expect(siteCategoryRule.options.map((option) => option.value)).toEqual(["technology", "lifestyle", "business", "entertainment", "sports", "news"]);
  expect(() => siteCategoryRule.parse({ mode: "include", values: ["gardening"] })).toThrow('Site categories: unknown value "gardening"');
});

it("matches the zone's site category", () => {
  const sports = siteCategoryRule.compile(siteCategoryRule.parse({ mode: "include", values: ["sports"] })!);
  expect(sports(targetingRequest({ siteCategory: "sports" }))).toBe(true);
  expect(sports(targetingRequest({ siteCategory: "news" }))).toBe(false);
});
