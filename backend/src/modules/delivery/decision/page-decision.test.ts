import { campaign, candidate, context, creative } from "../../../../test/decision-fixtures";
import { targetingRequest } from "../../../../test/targeting-request";
import type { CampaignEntry, SlotCandidate } from "../model";
import { type DecisionContext, decide, slotOf } from "./decision";
import { decidePage, type PageZone } from "./page-decision";
import { emptyPage } from "./page-so-far";

/** A page of zones 1, 2, 3, …: each of them offered the same candidates unless `slots` says otherwise. */
function page(candidates: SlotCandidate[][], fields: Partial<DecisionContext> = {}, video: boolean[] = []): PageZone[] {
  return candidates.map((each, index) => ({
    slot: slotOf(each),
    context: context({ request: targetingRequest({ zoneId: index + 1 }), ...fields }),
    video: video[index] ?? false,
  }));
}

const shown = (zones: PageZone[], start = emptyPage()) => decidePage(zones, start).decisions.map((decision) => decision?.campaign.id ?? null);
const of = (id: number, fields: Partial<CampaignEntry>) => candidate(campaign(id, fields));

it("fills three zones with three advertisers, the best prices first, never one advertiser twice", () => {
  const all = [of(1, { advertiserId: 1, ecpmMicros: 9_000_000 }), of(2, { advertiserId: 1, ecpmMicros: 8_000_000 }), of(3, { advertiserId: 2, ecpmMicros: 5_000_000 }), of(4, { advertiserId: 3, ecpmMicros: 2_000_000 })];
  expect(shown(page([all, all, all]))).toEqual([1, 3, 4]);
});

it("keeps an advertiser's named competitor categories off its page, both ways", () => {
  const airline = of(1, { advertiserId: 1, category: "travel", competitors: new Set(["travel"]), ecpmMicros: 9_000_000 });
  const otherAirline = of(2, { advertiserId: 2, category: "travel", ecpmMicros: 8_000_000 });
  const bank = of(3, { advertiserId: 3, category: "finance", ecpmMicros: 2_000_000 });
  expect(shown(page([[airline, otherAirline, bank], [airline, otherAirline, bank]]))).toEqual([1, 3]);
  // The competitor shows first where the airline has no creative: the airline then stays off the page.
  expect(shown(page([[otherAirline, bank], [airline, otherAirline, bank]]))).toEqual([2, 3]);
});

describe("a roadblock", () => {
  // One entry in every zone's slot, as the catalogue holds it.
  const roadblock = (fields: Partial<CampaignEntry> = {}) => of(1, { advertiserId: 1, ecpmMicros: 3_000_000, roadblockZones: 2, ...fields });
  const rb = roadblock();
  const rivals = [of(2, { advertiserId: 2, ecpmMicros: 9_000_000 }), of(3, { advertiserId: 3, ecpmMicros: 8_000_000 }), of(4, { advertiserId: 4, ecpmMicros: 7_000_000 })];

  it("fills every zone it has creatives for, ahead of higher single bids", () => {
    expect(shown(page([[rb, ...rivals], [rb, ...rivals], [rb, ...rivals]]))).toEqual([1, 1, 1]);
    // Zone 3 has no creative of its size: the others still make its least of two.
    expect(shown(page([[rb, ...rivals], [rb, ...rivals], rivals]))).toEqual([1, 1, 2]);
  });

  it("shows in none when one zone refuses it, or the page has fewer of its zones than it asks", () => {
    const floored = page([[rb, ...rivals], [rb, ...rivals], [rb, ...rivals]]);
    floored[1].context = { ...floored[1].context, publisher: { floorMicros: 4_000_000, revenueShareBps: 10_000, blocks: null } };
    expect(shown(floored)).toEqual([2, 3, 4]);
    const ofThree = roadblock({ roadblockZones: 3 });
    expect(shown(page([[ofThree, ...rivals], [ofThree, ...rivals], rivals]))).toEqual([2, 3, 4]);
  });

  it("capped at one a day, shows in no zone rather than one", () => {
    const capped = roadblock({ frequencyCaps: [{ count: 1, per: "day" }] });
    const caps = { withinCaps: (_id: number, caps: readonly { count: number }[], alsoShown = 0) => alsoShown < caps[0].count };
    expect(shown(page([[capped, ...rivals], [capped, ...rivals]], caps))).toEqual([2, 3]);
  });

  it("overlapping another on the page: the higher eCPM wins whole, the other shows nowhere", () => {
    const lower = of(5, { advertiserId: 5, ecpmMicros: 1_000_000, roadblockZones: 2 });
    const zone = [rb, lower, rivals[0]];
    expect(shown(page([zone, zone, [lower, rivals[1]]]))).toEqual([1, 1, 3]);
  });

  it("never fills a zone asked for alone", () => {
    expect(decide(slotOf([rb, rivals[2]]), context())!.campaign.id).toBe(4);
  });
});

it("counts a capped campaign's ads in the page's other zones: at one a day it shows in one zone only", () => {
  const capped = of(1, { advertiserId: 1, ecpmMicros: 9_000_000, frequencyCaps: [{ count: 1, per: "day" }] });
  const asked: number[] = [];
  const caps = {
    withinCaps: (_id: number, caps: readonly { count: number }[], alsoShown = 0) => {
      asked.push(alsoShown);
      return alsoShown < caps[0].count;
    },
  };
  const video = [{ campaign: capped.campaign, creatives: [{ ...creative(10), type: "video" as const }] }];
  // As a video's companion in the banner zone it would be a second ad: its cap keeps it to one.
  expect(shown(page([video, [capped, of(2, { advertiserId: 2 })]], caps, [true, false]))).toEqual([1, 2]);
  expect(asked).toContain(1);
});

it("fills a banner zone with the video zone's campaign as its companion", () => {
  const withVideo = of(1, { advertiserId: 1, ecpmMicros: 5_000_000 });
  const banner = [withVideo, of(2, { advertiserId: 2, ecpmMicros: 9_000_000 })];
  expect(shown(page([banner, [withVideo]], {}, [false, true]))).toEqual([1, 1]);
});

it("honours what the page already showed (a zone asked for later)", () => {
  const start = { ...emptyPage(), advertisers: new Set([1]), competitors: new Set(["finance"]) };
  const zone = [of(1, { advertiserId: 1, ecpmMicros: 9_000_000 }), of(2, { advertiserId: 2, category: "finance", ecpmMicros: 8_000_000 }), of(3, { advertiserId: 3 })];
  expect(shown(page([zone]), start)).toEqual([3]);
});
