import { ValidationError } from "../../common/errors";

/** The twelve countries the campaign form offers, by the names it sends. */
export const SELECTABLE_COUNTRIES: Readonly<Record<string, string>> = {
  "united states": "US",
  "united kingdom": "GB",
  canada: "CA",
  australia: "AU",
  germany: "DE",
  france: "FR",
  italy: "IT",
  spain: "ES",
  netherlands: "NL",
  turkey: "TR",
  brazil: "BR",
  japan: "JP",
};

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

function isIsoCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && code !== "ZZ" && regionNames.of(code) !== undefined;
}

/** Target countries as ISO 3166-1 alpha-2 codes; accepts codes or the form's country names. */
export function parseTargetCountries(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const items = typeof value === "string" ? value.split(",").filter((item) => item.trim() !== "") : value;
  if (!Array.isArray(items)) throw new ValidationError("targetCountries", "target_countries must be a list of countries");
  const codes = items.map((item) => {
    const text = typeof item === "string" ? item.trim() : "";
    const code = SELECTABLE_COUNTRIES[text.toLowerCase()] ?? text.toUpperCase();
    if (!isIsoCountryCode(code)) {
      throw new ValidationError("targetCountries", `target_countries has an unknown country: ${String(item)}`);
    }
    return code;
  });
  return [...new Set(codes)];
}
