import { listRule } from "../rule";
import { BROWSERS } from "../user-agent";

export const browserRule = listRule({
  key: "browsers",
  label: "Browsers",
  options: Object.entries(BROWSERS).map(([value, label]) => ({ value, label })),
  valueOf: (request) => request.browser,
});
