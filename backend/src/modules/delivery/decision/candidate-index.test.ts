import { targetingRequest } from "../../../../test/targeting-request";
import { campaign as fixtureCampaign, context as fixtureContext, creative } from "../../../../test/decision-fixtures";
import { DEVICES, type Device } from "../../targeting/request";
import { CandidateIndex } from "./candidate-index";
import { decide } from "./decision";
import type { SlotCandidate } from "../model";

/** Which campaigns' targeting the decision checked. */
const checked: number[] = [];

function candidate(id: number, countries: string[] | null, devices: readonly Device[] = DEVICES): SlotCandidate {
  const campaign = fixtureCampaign(id, {
    bidMicros: 1_000_000 * id,
    ecpmMicros: 1_000_000 * id,
    countries: countries && new Set(countries),
    devices: [...devices],
    matches: () => {
      checked.push(id);
      return false;
    },
  });
  return { campaign, creatives: [creative(id * 10)] };
}

const index = CandidateIndex.of(
  new Map([
    ["300x250:banner", [candidate(1, null), candidate(2, ["DE"]), candidate(3, ["DE", "FR"], ["mobile"]), candidate(4, null, ["desktop", "tablet"]), candidate(5, ["US"])]],
    ["728x90:banner", [candidate(6, null)]],
  ]),
);
const idsOf = (shape: string, country: string, device: Device) => index.slotFor(shape, country, device).candidates.map(({ campaign }) => campaign.id);

it("files each campaign under its shape, countries and devices, with every-country and every-device campaigns in each bucket", () => {
  expect(idsOf("300x250:banner", "DE", "mobile")).toEqual([3, 2, 1]);
  expect(idsOf("300x250:banner", "DE", "desktop")).toEqual([4, 2, 1]);
  expect(idsOf("300x250:banner", "FR", "mobile")).toEqual([3, 1]);
  expect(idsOf("300x250:banner", "US", "tablet")).toEqual([5, 4, 1]);
  expect(idsOf("300x250:banner", "JP", "desktop")).toEqual([4, 1]);
  expect(idsOf("300x250:banner", "XX", "other")).toEqual([1]);
  expect(idsOf("728x90:banner", "DE", "mobile")).toEqual([6]);
  expect(idsOf("160x600:banner", "DE", "mobile")).toEqual([]);
});

it("checks the targeting of only the campaigns in the request's bucket", () => {
  const context = fixtureContext({ country: "FR", request: targetingRequest({ country: "FR", device: "mobile" }), random: Math.random });
  checked.length = 0;
  expect(decide(index.slotFor("300x250:banner", "FR", "mobile"), context)).toBeNull();
  expect(checked.sort()).toEqual([1, 3]);
});
