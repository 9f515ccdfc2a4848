import type { AdvertiserCategory } from "../../campaigns/advertiser-categories";
import { campaign as fixtureCampaign, context as fixtureContext } from "../../../../test/decision-fixtures";
import { decide, type DecisionContext, slotOf } from "./decision";
import type { CampaignEntry, SlotCandidate } from "../model";
import { landingHostsOf, type PublisherControls, type PublisherRefusal, siteBlocksOf } from "./publisher-controls";

function campaign(id: number, ecpmMicros: number, category: AdvertiserCategory = "general"): CampaignEntry {
  return fixtureCampaign(id, { advertiserId: id, category, bidMicros: ecpmMicros, ecpmMicros });
}

const candidate = (entry: CampaignEntry, ...clickUrls: string[]): SlotCandidate => ({
  campaign: entry,
  creatives: clickUrls.map((clickUrl, index) => ({
    id: entry.id * 10 + index,
    type: "image",
    contentUrl: "https://cdn.example.com/a.png",
    clickUrl,
    landingHosts: landingHostsOf(clickUrl),
    width: 300,
    height: 250,
  })),
});

/** A zone sharing 70% with its publisher, with a floor in micros and its site's blocks. */
const controls = (floorMicros: number, categories: string[] = [], domains: string[] = []): PublisherControls => ({
  floorMicros,
  revenueShareBps: 7000,
  blocks: siteBlocksOf(categories, domains),
});

/** Decides once, returning the winner's campaign and creative ids, or the refusal told. */
function decideFor(candidates: SlotCandidate[], publisher: PublisherControls, eligible: (id: number) => boolean = () => true) {
  const told: PublisherRefusal[] = [];
  const context: DecisionContext = fixtureContext({
    hasFunds: (advertiserId) => eligible(advertiserId),
    random: () => 0.5,
    publisher,
    refused: (reason) => told.push(reason),
  });
  const decision = decide(slotOf(candidates), context);
  return { campaignId: decision?.campaign.id ?? null, creativeId: decision?.creative.id ?? null, refused: told };
}

describe("the zone's floor", () => {
  it("fills with a campaign whose share of the eCPM reaches the floor exactly", () => {
    // $2 × 70% = $1.40 per thousand to the publisher.
    expect(decideFor([candidate(campaign(1, 2_000_000), "https://a.example/")], controls(1_400_000))).toEqual({ campaignId: 1, creativeId: 10, refused: [] });
  });

  it("leaves the zone unfilled, as below_floor, when the best share is a cent short", () => {
    expect(decideFor([candidate(campaign(1, 2_000_000), "https://a.example/")], controls(1_410_000))).toEqual({ campaignId: null, creativeId: null, refused: ["below_floor"] });
  });

  it("never picks a near tie below the floor in the lottery", () => {
    const candidates = [candidate(campaign(1, 5_000_000), "https://a.example/"), candidate(campaign(2, 4_900_000), "https://b.example/")];
    const floor = controls(3_470_000); // 5.00 × 0.7 = 3.50 passes, 4.90 × 0.7 = 3.43 does not
    for (let draw = 0; draw < 20; draw++) expect(decideFor(candidates, floor).campaignId).toBe(1);
  });

  it("takes the next eligible campaign above the floor when a better one cannot serve", () => {
    const candidates = [candidate(campaign(1, 9_000_000), "https://a.example/"), candidate(campaign(2, 3_000_000), "https://b.example/")];
    expect(decideFor(candidates, controls(2_000_000), (id) => id !== 1).campaignId).toBe(2);
    expect(decideFor(candidates, controls(2_200_000), (id) => id !== 1)).toMatchObject({ campaignId: null, refused: ["below_floor"] });
  });

  it("tells no refusal when nothing was eligible anyway", () => {
    expect(decideFor([candidate(campaign(1, 1_000_000), "https://a.example/")], controls(5_000_000), () => false).refused).toEqual([]);
  });
});

describe("the site's blocks", () => {
  it("passes over a blocked category for the next campaign, and says so when none is left", () => {
    const candidates = [candidate(campaign(1, 9_000_000, "gambling"), "https://casino.example/"), candidate(campaign(2, 2_000_000), "https://shop.example/")];
    expect(decideFor(candidates, controls(0, ["gambling"])).campaignId).toBe(2);
    expect(decideFor(candidates.slice(0, 1), controls(0, ["gambling", "dating"]))).toMatchObject({ campaignId: null, refused: ["blocked_category"] });
    expect(decideFor(candidates, controls(0, ["dating"])).campaignId).toBe(1);
  });

  it("blocks a landing domain and its subdomains, not a look-alike", () => {
    const blocked = controls(0, [], ["rival.example"]);
    for (const url of ["https://rival.example/buy", "https://www.rival.example/", "http://shop.eu.RIVAL.example:8080/x"]) {
      expect(decideFor([candidate(campaign(1, 3_000_000), url)], blocked)).toMatchObject({ campaignId: null, refused: ["blocked_domain"] });
    }
    expect(decideFor([candidate(campaign(1, 3_000_000), "https://notrival.example/")], blocked).campaignId).toBe(1);
  });

  it("shows a campaign's other creatives when only some land on a blocked domain", () => {
    const mixed = candidate(campaign(1, 3_000_000), "https://rival.example/", "https://fine.example/");
    for (let draw = 0; draw < 5; draw++) expect(decideFor([mixed], controls(0, [], ["rival.example"])).creativeId).toBe(11);
  });

  it("reports the best refused campaign's reason when several controls refuse", () => {
    const candidates = [candidate(campaign(1, 9_000_000, "politics"), "https://vote.example/"), candidate(campaign(2, 1_000_000), "https://cheap.example/")];
    expect(decideFor(candidates, controls(2_000_000, ["politics"])).refused).toEqual(["blocked_category"]);
  });
});

it("compiles a site with no blocks to null, so its zones check nothing", () => {
  expect(siteBlocksOf([], null)).toBeNull();
  expect(landingHostsOf("https://a.b.shop.example/x")).toEqual(["a.b.shop.example", "b.shop.example", "shop.example"]);
  expect(landingHostsOf(null)).toEqual([]);
});
