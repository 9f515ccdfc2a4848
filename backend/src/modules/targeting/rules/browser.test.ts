import { targetingRequest } from "../../../../test/targeting-request";
import { browserRule } from "./browser";

it("refuses values that are not a list of text", () => {
  expect(() => browserRule.parse({ mode: "include", values: "chrome" })).toThrow("Browsers: must be a list of text values");
  expect(() => browserRule.parse({ mode: "include", values: [1] })).toThrow(expect.objectContaining({ field: "targeting.browsers" }));
});

it("includes only the listed browsers", () => {
  const firefoxOnly = browserRule.compile(browserRule.parse({ mode: "include", values: ["firefox"] })!);
  expect(firefoxOnly(targetingRequest({ browser: "firefox" }))).toBe(true);
  expect(firefoxOnly(targetingRequest({ browser: "chrome" }))).toBe(false);
});
