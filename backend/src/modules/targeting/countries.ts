import { ValidationError } from "../../common/errors";

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/**
 * A country's name as every screen shows it: the Unicode CLDR's English name in this server's copy.
 * The campaign form and the campaign cards both take it from formOptions.countries, not from the
 * browser's own copy, which may be of another age (Turkey or Türkiye).
 */
export const countryName = (code: string): string => regionNames.of(code) ?? code;

/** The twelve countries the campaign form offers, with the names it shows. */
export const SELECTABLE_COUNTRIES: readonly { code: string; name: string }[] = ["US", "GB", "CA", "AU", "DE", "FR", "IT", "ES", "NL", "TR", "BR", "JP"].map((code) => ({
  code,
  name: countryName(code),
}));

/** Names the form showed before CLDR renamed the country: older clients still send them. */
const FORMER_NAMES: Record<string, string> = { turkey: "TR" };

const codeByName = new Map([...SELECTABLE_COUNTRIES.map(({ code, name }) => [name.toLowerCase(), code] as const), ...Object.entries(FORMER_NAMES)]);

function isIsoCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && code !== "ZZ" && regionNames.of(code) !== undefined;
}

/** Target countries as ISO 3166-1 alpha-2 codes; accepts codes or the form's country names. */
export function parseTargetCountries(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const items = typeof value === "string" ? value.split(",").filter((item) => item.trim() !== "") : value;
  if (!Array.isArray(items)) throw new ValidationError("targetCountries", "Target countries must be a list of countries");
  const codes = items.map((item) => {
    const text = typeof item === "string" ? item.trim() : "";
    const code = codeByName.get(text.toLowerCase()) ?? text.toUpperCase();
    if (!isIsoCountryCode(code)) {
      throw new ValidationError("targetCountries", `Unknown country: ${String(item)}. Pick from the list`);
    }
    return code;
  });
  return [...new Set(codes)];
}
