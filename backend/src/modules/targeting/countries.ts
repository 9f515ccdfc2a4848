import { ValidationError } from "../../common/errors";

/** The twelve countries the campaign form offers, with the names it shows (and older clients send). */
export const SELECTABLE_COUNTRIES: readonly { code: string; name: string }[] = [
  { code: "US", name: "United States" },
  { code: "GB", name: "United Kingdom" },
  { code: "CA", name: "Canada" },
  { code: "AU", name: "Australia" },
  { code: "DE", name: "Germany" },
  { code: "FR", name: "France" },
  { code: "IT", name: "Italy" },
  { code: "ES", name: "Spain" },
  { code: "NL", name: "Netherlands" },
  { code: "TR", name: "Turkey" },
  { code: "BR", name: "Brazil" },
  { code: "JP", name: "Japan" },
];

const codeByName = new Map(SELECTABLE_COUNTRIES.map(({ code, name }) => [name.toLowerCase(), code]));

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

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
