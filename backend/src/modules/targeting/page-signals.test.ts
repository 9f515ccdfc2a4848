import { pageKeywords, visitorLanguage } from "./page-signals";

it("normalises and caps a page's keywords, and never fails on garbage", () => {
  expect(pageKeywords(" Running Shoes,MARATHON,, marathon ")).toEqual(["running shoes", "marathon"]);
  expect(pageKeywords(Array.from({ length: 30 }, (_, i) => `k${i}`).join(","))).toHaveLength(10);
  expect(pageKeywords(`${"x".repeat(100)}`)[0]).toHaveLength(40);
  expect(pageKeywords(["a", "b"])).toEqual([]);
  expect(pageKeywords(undefined)).toEqual([]);
});

it("takes the language the tag sent, else the first of Accept-Language", () => {
  expect(visitorLanguage("de-AT", "en-US,en;q=0.9")).toBe("de");
  expect(visitorLanguage(undefined, "fr-CH, fr;q=0.9, en;q=0.8")).toBe("fr");
  expect(visitorLanguage(undefined, "*")).toBe("");
  expect(visitorLanguage(["x"], undefined)).toBe("");
});
