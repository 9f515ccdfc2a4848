import { targetingRequest } from "../../../../test/targeting-request";
import { languageRule } from "./language";

it("offers languages by name and refuses a code it does not offer", () => {
  expect(languageRule.options).toContainEqual({ value: "de", label: "German" });
  expect(() => languageRule.parse({ mode: "include", values: ["klingon"] })).toThrow(expect.objectContaining({ field: "targeting.languages" }));
});

it("matches the visitor's preferred language; an unknown language is not included", () => {
  const german = languageRule.compile(languageRule.parse({ mode: "include", values: ["DE"] })!);
  expect(german(targetingRequest({ language: "de" }))).toBe(true);
  expect(german(targetingRequest({ language: "en" }))).toBe(false);
  expect(german(targetingRequest({ language: "" }))).toBe(false);
});
