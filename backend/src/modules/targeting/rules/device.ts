import { listRule, type ListValue } from "../rule";
import { type Device, DEVICES } from "../request";

export const deviceRule = listRule({
  key: "devices",
  label: "Devices",
  options: [
    { value: "desktop", label: "Desktop" },
    { value: "mobile", label: "Mobile" },
    { value: "tablet", label: "Tablet" },
  ],
  valueOf: (request) => request.device,
});

/** The devices a campaign may show on: what the decision's index files it under, so its predicate never checks the device again. */
export function reachableDevices(value: ListValue | null): Device[] {
  if (!value) return [...DEVICES];
  return DEVICES.filter((device) => value.values.includes(device) === (value.mode === "include"));
}
