import { targetingRequest } from "../../../../test/targeting-request";
import { compileAudienceTargeting, MAX_TARGETED_AUDIENCES, parseAudienceTargeting } from "./audiences";

it("refuses an audience both included and excluded, a non-id and too many, naming the field", () => {
  expect(() => parseAudienceTargeting({ include: [3, 5], exclude: [5] })).toThrow("Audiences: audience 5 is both included and excluded, so the campaign could never show");
  expect(() => parseAudienceTargeting({ include: [0] })).toThrow(expect.objectContaining({ field: "audiences" }));
  expect(() => parseAudienceTargeting({ exclude: "3" })).toThrow("Audiences: exclude must be a list of audience ids");
  expect(() => parseAudienceTargeting({ include: Array.from({ length: MAX_TARGETED_AUDIENCES + 1 }, (_, n) => n + 1) })).toThrow(`Audiences: at most ${MAX_TARGETED_AUDIENCES} audiences to include`);
});

it("sorts ids, reads numeric text, and takes two empty lists as no rule", () => {
  expect(parseAudienceTargeting({ include: [9, "4", 9] })).toEqual({ include: [4, 9], exclude: [] });
  expect(parseAudienceTargeting({ include: [], exclude: [] })).toBeNull();
});

it("wants a member of any included audience and of no excluded one, from the request's audienceIds alone", () => {
  const retarget = compileAudienceTargeting({ include: [1, 2], exclude: [7] });
  expect(retarget(targetingRequest({ audienceIds: [2] }))).toBe(true);
  expect(retarget(targetingRequest({ audienceIds: [2, 7] }))).toBe(false);
  expect(retarget(targetingRequest({ audienceIds: [] }))).toBe(false);
  const notBuyers = compileAudienceTargeting({ include: [], exclude: [7] });
  expect(notBuyers(targetingRequest({ audienceIds: [] }))).toBe(true);
  expect(notBuyers(targetingRequest({ audienceIds: [7] }))).toBe(false);
});
