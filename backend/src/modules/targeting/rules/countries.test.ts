import { targetingRequest } from "../../../../test/targeting-request";
import { countryRule } from "./countries";

it("keeps the targetCountries field's checks and names", () => {
  expect(countryRule.parse(["Germany", "fr"])).toEqual(["DE", "FR"]);
  expect(countryRule.parse([])).toBeNull();
  expect(() => countryRule.parse(["Atlantis"])).toThrow(expect.objectContaining({ field: "targetCountries" }));
});

it("includes only the listed countries", () => {
  const german = countryRule.compile(["DE"]);
  expect(german(targetingRequest({ country: "DE" }))).toBe(true);
  expect(german(targetingRequest({ country: "XX" }))).toBe(false);
});
