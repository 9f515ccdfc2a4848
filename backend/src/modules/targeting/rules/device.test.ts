import { targetingRequest } from "../../../../test/targeting-request";
import { deviceRule, reachableDevices } from "./device";

it("refuses an empty include list, an unknown device and excluding every device, naming the field", () => {
  expect(() => deviceRule.parse({ mode: "include", values: [] })).toThrow(expect.objectContaining({ field: "targeting.devices", message: "Devices: pick at least one" }));
  expect(() => deviceRule.parse({ mode: "include", values: ["fridge"] })).toThrow('Devices: unknown value "fridge"');
  expect(() => deviceRule.parse({ mode: "exclude", values: ["desktop", "mobile", "tablet"] })).toThrow("excluding every choice");
  expect(() => deviceRule.parse({ mode: "only", values: ["mobile"] })).toThrow("mode must be include or exclude");
  expect(() => deviceRule.parse(["mobile"])).toThrow("Devices: must be an object");
});

it("accepts any case, drops duplicates, and takes an empty exclude list as no rule", () => {
  expect(deviceRule.parse({ mode: "INCLUDE", values: ["Mobile", "mobile", "tablet"] })).toEqual({ mode: "include", values: ["mobile", "tablet"] });
  expect(deviceRule.parse({ mode: "exclude", values: [] })).toBeNull();
  expect(deviceRule.parse(undefined)).toBeNull();
});

it("matches the request's device, and files the campaign under the devices it reaches", () => {
  const mobileOnly = deviceRule.parse({ mode: "include", values: ["mobile"] })!;
  expect(deviceRule.compile(mobileOnly)(targetingRequest({ device: "mobile" }))).toBe(true);
  expect(deviceRule.compile(mobileOnly)(targetingRequest({ device: "desktop" }))).toBe(false);
  expect(reachableDevices(mobileOnly)).toEqual(["mobile"]);
  expect(reachableDevices({ mode: "exclude", values: ["desktop"] })).toEqual(["mobile", "tablet", "other"]);
  expect(reachableDevices(null)).toEqual(["desktop", "mobile", "tablet", "other"]);
});
