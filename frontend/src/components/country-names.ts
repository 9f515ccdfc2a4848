const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/** "US" -> "United States"; anything that is not an ISO code is shown as it came. */
export function countryName(code: string) {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A campaign's targeting in words; no countries means the whole world. */
export const describeCountries = (codes: readonly string[]) =>
  codes.length === 0 ? "All countries" : codes.map(countryName).join(", ");
