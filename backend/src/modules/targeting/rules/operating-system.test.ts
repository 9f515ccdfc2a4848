import { targetingRequest } from "../../../../test/targeting-request";
import { operatingSystemRule } from "./operating-system";

it("refuses an operating system it does not know, naming the field", () => {
  expect(() => operatingSystemRule.parse({ mode: "include", values: ["beos"] })).toThrow(expect.objectContaining({ field: "targeting.operatingSystems" }));
});

it("excludes the listed systems and keeps the rest, unknown ones included", () => {
  const notWindows = operatingSystemRule.compile(operatingSystemRule.parse({ mode: "exclude", values: ["windows"] })!);
  expect(notWindows(targetingRequest({ os: "windows" }))).toBe(false);
  expect(notWindows(targetingRequest({ os: "ios" }))).toBe(true);
  expect(notWindows(targetingRequest({ os: "other" }))).toBe(true);
});
