import { targetingRequest } from "../../../../test/targeting-request";
import { zoneRule } from "./zones";

it("takes zone numbers and refuses anything else", () => {
  expect(zoneRule.parse({ mode: "include", values: [" 12", "408"] })).toEqual({ mode: "include", values: ["12", "408"] });
  expect(() => zoneRule.parse({ mode: "include", values: ["0"] })).toThrow('Zones: unknown value "0"');
  expect(() => zoneRule.parse({ mode: "include", values: ["12a"] })).toThrow(expect.objectContaining({ field: "targeting.zones" }));
});

it("includes only the listed zones", () => {
  const zone12 = zoneRule.compile(zoneRule.parse({ mode: "include", values: ["12"] })!);
  expect(zone12(targetingRequest({ zoneId: 12 }))).toBe(true);
  expect(zone12(targetingRequest({ zoneId: 13 }))).toBe(false);
});
