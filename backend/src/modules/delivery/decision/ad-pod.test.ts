import { campaign, context, creative, seeded } from "../../../../test/decision-fixtures";
import type { AdvertiserCategory } from "../../campaigns/advertiser-categories";
import type { SlotCandidate } from "../model";
import { playingMs } from "./ad-pod";
import { decidePod, slotOf } from "./decision";

/** A campaign with video creatives of these lengths, in seconds. */
function videoCampaign(id: number, advertiserId: number, category: AdvertiserCategory, ecpmDollars: number, seconds: number[]): SlotCandidate {
  return {
    campaign: campaign(id, { advertiserId, category, ecpmMicros: ecpmDollars * 1_000_000 }),
    creatives: seconds.map((length, index) => ({ ...creative(id * 10 + index), type: "video", durationMs: length * 1000 })),
  };
}

// Near ties everywhere, so the lottery, not only the best candidate, meets the pod's rules.
const candidates = [
  videoCampaign(1, 1, "general", 9, [15]),
  videoCampaign(2, 1, "automotive", 8.9, [10]),
  videoCampaign(3, 2, "general", 8.8, [10]),
  videoCampaign(4, 3, "travel", 8.7, [20, 10]),
  videoCampaign(5, 4, "finance", 8.6, [25]),
  videoCampaign(6, 5, "travel", 8.5, [5]),
];

it("never puts two ads of one advertiser or one category in a pod, nor more than the break's length or its pod size", () => {
  const shared = context({ random: seeded(7) });
  const seen = new Set<string>();
  for (let i = 0; i < 500; i++) {
    const pod = decidePod(slotOf(candidates), shared, { maxAds: 3, breakMs: 30_000 });
    expect(pod.length).toBeGreaterThanOrEqual(1);
    expect(pod.length).toBeLessThanOrEqual(3);
    expect(new Set(pod.map((ad) => ad.campaign.advertiserId)).size).toBe(pod.length);
    expect(new Set(pod.map((ad) => ad.campaign.category)).size).toBe(pod.length);
    expect(pod.reduce((sum, ad) => sum + playingMs(ad.creative), 0)).toBeLessThanOrEqual(30_000);
    seen.add(pod.map((ad) => ad.campaign.id).join(","));
  }
  // The lottery still shares the first place among the near ties.
  expect(new Set([...seen].map((pod) => pod.split(",")[0])).size).toBeGreaterThan(1);
});

it("takes a campaign's shorter video when only it fits what is left of the break", () => {
  const pod = decidePod(slotOf([videoCampaign(1, 1, "general", 9, [20]), videoCampaign(4, 3, "travel", 5, [20, 10])]), context(), { maxAds: 2, breakMs: 30_000 });
  expect(pod.map((ad) => [ad.campaign.id, playingMs(ad.creative)])).toEqual([
    [1, 20_000],
    [4, 10_000],
  ]);
});

it("answers an empty pod when no video fits the break", () => {
  expect(decidePod(slotOf(candidates), context(), { maxAds: 2, breakMs: 4_000 })).toEqual([]);
});
