import { targetingRequest } from "../../../test/targeting-request";
import { PricingModel } from "../campaigns/campaign.entity";
import { decide } from "../delivery/decision";
import type { CampaignEntry, SlotCandidate } from "../delivery/model";
import { CandidateIndex } from "./candidate-index";
import { DEVICES, type Device } from "./request";

/** Which campaigns' targeting the decision checked. */
const checked: number[] = [];

function candidate(id: number, countries: string[] | null, devices: readonly Device[] = DEVICES): SlotCandidate {
  const campaign: CampaignEntry = {
    id,
    advertiserId: 1,
    pricingModel: PricingModel.CPM,
    bidMicros: 1_000_000 * id,
    ecpmMicros: 1_000_000 * id,
    budgetMicros: 1_000_000_000,
    countries: countries && new Set(countries),
    devices: [...devices],
    matches: () => {
      checked.push(id);
      return false;
    },
    startDate: "2026-11-01",
    endDate: "2026-11-30",
    endDayNumber: Math.round(Date.parse("2026-11-30") / 86_400_000),
    servable: true,
  };
  return { campaign, creatives: [{ id: id * 10, type: "image", contentUrl: "https://cdn.example.com/a.png", clickUrl: null, width: 300, height: 250 }] };
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
  const context = { country: "FR", request: targetingRequest({ country: "FR", device: "mobile" }), day: "2026-11-21", spendOf: () => ({ total: 0, today: 0 }), hasFunds: () => true, random: Math.random };
  checked.length = 0;
  expect(decide(index.slotFor("300x250:banner", "FR", "mobile"), context)).toBeNull();
  expect(checked.sort()).toEqual([1, 3]);
});
