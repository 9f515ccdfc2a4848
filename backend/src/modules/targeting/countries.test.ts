import { countryName, parseTargetCountries, SELECTABLE_COUNTRIES } from "./countries";

describe("country names, from one list", () => {
  it("the form offers each country by the name the browser's cards show (CLDR's English names)", () => {
    const cards = new Intl.DisplayNames(["en"], { type: "region" });
    for (const { code, name } of SELECTABLE_COUNTRIES) expect({ code, name }).toEqual({ code, name: cards.of(code) });
    expect(countryName("TR")).toBe("Türkiye");
  });

  it("takes codes, the names the form shows and the name it showed before a country was renamed", () => {
    expect(parseTargetCountries(["us", "Türkiye", "Turkey", "Netherlands"])).toEqual(["US", "TR", "NL"]);
  });

  it("refuses a name that is no country, naming the field", () => {
    expect(() => parseTargetCountries(["Atlantis"])).toThrow("Unknown country: Atlantis");
  });
});
