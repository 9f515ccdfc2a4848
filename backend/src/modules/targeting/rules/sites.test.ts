import { targetingRequest } from "../../../../test/targeting-request";
import { siteRule } from "./sites";

it("takes domains as typed or pasted, and refuses what is no domain", () => {
  expect(siteRule.parse({ mode: "exclude", values: ["https://News.Example.com/page", "blog.example.org"] })).toEqual({ mode: "exclude", values: ["blog.example.org", "news.example.com"] });
  expect(() => siteRule.parse({ mode: "include", values: ["not a domain"] })).toThrow(expect.objectContaining({ field: "targeting.sites" }));
});

it("excludes the listed sites", () => {
  const notNews = siteRule.compile(siteRule.parse({ mode: "exclude", values: ["news.example.com"] })!);
  expect(notNews(targetingRequest({ siteDomain: "news.example.com" }))).toBe(false);
  expect(notNews(targetingRequest({ siteDomain: "blog.example.org" }))).toBe(true);
});
