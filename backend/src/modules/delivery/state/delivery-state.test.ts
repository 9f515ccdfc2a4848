import { MemoryDeliveryState, SpendSource } from "./delivery-state";

const TTL_SECONDS = 3600;

it("holds a bounded number of claims, and refuses offers issued before one it forgot", async () => {
  let now = 1_000_000;
  const state = new MemoryDeliveryState(() => now, { claims: 2, counters: 2 });
  try {
    expect(await state.claimImpression("first", now - 5, now, TTL_SECONDS)).not.toBeNull();
    now += 10;
    expect(await state.claimImpression("second", now - 5, now, TTL_SECONDS)).not.toBeNull();
    const secondClaimedAt = now;
    now += 10;
    expect(await state.claimImpression("third", now - 5, now, TTL_SECONDS)).not.toBeNull();
    // "first" was forgotten to make room: it, and anything issued before its claim, may not count again.
    expect(await state.impressionTime("first")).toBeNull();
    expect(await state.claimImpression("first", 1_000_000 - 5, now, TTL_SECONDS)).toBeNull();
    expect(await state.claimImpression("unseen-but-older", 999_999, now, TTL_SECONDS)).toBeNull();
    // Offers issued after the forgotten claim are judged exactly.
    expect(await state.impressionTime("second")).toBe(secondClaimedAt);
    expect(await state.claimImpression("second", secondClaimedAt - 5, now, TTL_SECONDS)).toBeNull();
    expect(await state.claimImpression("fresh", now, now, TTL_SECONDS)).not.toBeNull();
  } finally {
    await state.close();
  }
});

it("drops the oldest rate counter rather than grow past its bound", async () => {
  const state = new MemoryDeliveryState(() => 1_000_000, { claims: 2, counters: 2 });
  try {
    expect(await state.hit("a", 60)).toBe(1);
    expect(await state.hit("a", 60)).toBe(2);
    await state.hit("b", 60);
    await state.hit("c", 60);
    expect(await state.hit("c", 60)).toBe(2);
    expect(await state.hit("a", 60)).toBe(1);
  } finally {
    await state.close();
  }
});

it("claims each measured event of an offer once, apart from its other events and other offers'", async () => {
  const now = 1_000_000;
  const state = new MemoryDeliveryState(() => now);
  try {
    expect(await state.claimOfferEvent("offer", "viewable", now - 5, TTL_SECONDS)).not.toBeNull();
    expect(await state.claimOfferEvent("offer", "complete", now - 5, TTL_SECONDS)).not.toBeNull();
    expect(await state.claimOfferEvent("other", "viewable", now - 5, TTL_SECONDS)).not.toBeNull();
    expect(await state.claimOfferEvent("offer", "viewable", now - 5, TTL_SECONDS)).toBeNull();
    expect(await state.claimOfferEvent("offer", "complete", now - 5, TTL_SECONDS)).toBeNull();
  } finally {
    await state.close();
  }
});

it("gives back a charge whose event another process had counted: the budget and the advertiser's funds pay for it again", async () => {
  const [campaignId, advertiserId, day] = [7, 3, "2026-11-27"];
  const source: SpendSource = {
    campaignIds: () => [campaignId],
    advertiserIds: () => [advertiserId],
    load: async () => new Map([[campaignId, { total: 80, today: 80 }]]),
    pending: () => new Map(),
    loadFunds: async () => new Map([[advertiserId, { spentMicros: 80, allowanceMicros: 100 }]]),
    pendingFunds: () => new Map(),
  };
  const state = new MemoryDeliveryState();
  try {
    await state.start(source, day);
    const charge = () => state.charge(campaignId, 20, 1000, day, Date.now(), advertiserId);
    expect(await charge()).toMatchObject({ charged: true, totalMicros: 100 });
    expect(await charge()).toMatchObject({ charged: false, fundsOut: true });
    expect(state.hasFunds(advertiserId)).toBe(false);
    await state.refund(campaignId, 20, day, advertiserId);
    expect(state.spendOf(campaignId, day)).toEqual({ total: 80, today: 80 });
    expect(state.hasFunds(advertiserId)).toBe(true);
    expect(await charge()).toMatchObject({ charged: true, totalMicros: 100 });
  } finally {
    await state.close();
  }
});
