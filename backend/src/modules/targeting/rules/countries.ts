import { parseTargetCountries, SELECTABLE_COUNTRIES } from "../countries";
import type { TargetingRule } from "../rule";

/**
 * Countries, include only. Stored apart from the targeting document (`target_countries`, the
 * `targetCountries` field), as before targeting had other rules; the decision's index files each
 * campaign under its countries, so the predicate is for callers outside the decision.
 */
export const countryRule: TargetingRule<string[]> = {
  key: "countries",
  label: "Countries",
  kind: "list",
  options: SELECTABLE_COUNTRIES.map(({ code, name }) => ({ value: code, label: name })),
  parse(raw) {
    const codes = parseTargetCountries(raw);
    return codes.length > 0 ? codes : null;
  },
  compile(codes) {
    const listed = new Set(codes);
    return (request) => listed.has(request.country);
  },
};
