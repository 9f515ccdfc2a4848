import { listRule } from "../rule";
import { OPERATING_SYSTEMS } from "../user-agent";

export const operatingSystemRule = listRule({
  key: "operatingSystems",
  label: "Operating systems",
  options: Object.entries(OPERATING_SYSTEMS).map(([value, label]) => ({ value, label })),
  valueOf: (request) => request.os,
});
