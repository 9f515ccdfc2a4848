import { MemoryDeliveryState } from "../delivery/state/delivery-state";
import type { DeliveryState } from "../delivery/state/delivery-state";
import { ADVERTISER, Database, sharedRedisStates } from "../../../test/spend-fixtures";

const DAY = "2026-03-02";
const PRICE = 7_000;
const BUDGET = 1_000_000_000;

/** Charges `count` impressions at once, spread over the states and over two campaigns of one advertiser. */
async function chargeConcurrently(states: DeliveryState[], count: number) {
  const issuedAt = Date.now() + 60_000;
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) => states[i % states.length].charge(100 + (i % 2), PRICE, BUDGET, DAY, issuedAt, ADVERTISER)),
  );
  return { charged: results.filter((r) => r.charged).length, fundsOut: results.filter((r) => r.fundsOut).length };
}

describe("in one process's memory", () => {
  it("caps every campaign of an advertiser together by their allowance, and resumes when it grows", async () => {
    const state = new MemoryDeliveryState();
    const database = new Database();
    try {
      // Not started: nothing is known of the advertiser, and nothing is spent on a guess.
      expect((await state.charge(100, PRICE, BUDGET, DAY, Date.now(), ADVERTISER)).fundsOut).toBe(true);
      // $0.10 paid in, $0.03 spent before this process started: 10 impressions of $0.007 fit exactly.
      database.campaigns.set(100, { total: 30_000, today: 0 });
      database.funds = { spentMicros: 30_000, allowanceMicros: 100_000 };
      await state.start(database, DAY);
      expect(state.hasFunds(ADVERTISER)).toBe(true);
      expect(await chargeConcurrently([state], 40)).toEqual({ charged: 10, fundsOut: 30 });
      expect(state.hasFunds(ADVERTISER)).toBe(false);
      // A later load (the catalogue reload) keeps the spend counted here and takes the allowance from the database.
      await state.loadFunds([ADVERTISER]);
      expect(state.hasFunds(ADVERTISER)).toBe(false);
      database.funds = { spentMicros: 30_000, allowanceMicros: 200_000 };
      await state.loadFunds([ADVERTISER]);
      expect(state.hasFunds(ADVERTISER)).toBe(true);
      expect((await state.charge(101, PRICE, BUDGET, DAY, Date.now(), ADVERTISER)).charged).toBe(true);
    } finally {
      await state.close();
    }
  });

  it("refuses by the budget first, without touching the advertiser's funds", async () => {
    const state = new MemoryDeliveryState();
    const database = new Database();
    try {
      database.campaigns.set(100, { total: 50_000, today: 0 });
      database.funds = { spentMicros: 0, allowanceMicros: 1_000_000 };
      await state.start(database, DAY);
      expect(await state.charge(100, PRICE, 50_000, DAY, Date.now(), ADVERTISER)).toEqual({ charged: false, totalMicros: 50_000, fundsOut: false });
      expect(state.hasFunds(ADVERTISER)).toBe(true);
    } finally {
      await state.close();
    }
  });

  it("loads an advertiser it was not started with on their first charge, never reading them as having spent nothing", async () => {
    const state = new MemoryDeliveryState();
    const database = new Database();
    try {
      await state.start({ ...database, campaignIds: () => [100, 101], advertiserIds: () => [], load: (ids) => database.load(ids), loadFunds: (ids) => database.loadFunds(ids), pending: () => new Map(), pendingFunds: () => new Map() }, DAY);
      database.funds = { spentMicros: 93_000, allowanceMicros: 100_000 };
      expect(state.hasFunds(ADVERTISER)).toBe(false);
      expect((await state.charge(100, PRICE, BUDGET, DAY, Date.now(), ADVERTISER)).charged).toBe(true);
      expect((await state.charge(100, PRICE, BUDGET, DAY, Date.now(), ADVERTISER)).fundsOut).toBe(true);
    } finally {
      await state.close();
    }
  });
});

describe("two processes sharing Redis", () => {
  const redis = sharedRedisStates("funds");

  it("never spends beyond the allowance under concurrent charges, and tells both processes at once of new funds", async () => {
    const database = new Database();
    database.funds = { spentMicros: 0, allowanceMicros: 250_000 };
    const [first, second] = redis.states();
    // Each process starts from the database: the first makes the generation, the second joins it.
    await first.start(database);
    await second.start(database);

    const { charged, fundsOut } = await chargeConcurrently([first, second], 200);
    // 250,000 / 7,000 = 35.7: 35 impressions; the 36th would cross the line.
    expect(charged).toBe(35);
    expect(fundsOut).toBe(165);
    const [spentKey] = await redis.keys(`g:*:adv-spent:${ADVERTISER}`);
    const spent = Number(await redis.get(spentKey));
    expect(spent).toBe(35 * PRICE);
    expect(first.hasFunds(ADVERTISER)).toBe(false);

    // A deposit recorded on the first process: the second one's next charge passes, and its next refresh shows it.
    database.funds = { spentMicros: 35 * PRICE, allowanceMicros: 500_000 };
    await first.loadFunds([ADVERTISER]);
    expect((await second.charge(101, PRICE, BUDGET, DAY, Date.now() + 60_000, ADVERTISER)).charged).toBe(true);
    await second.refreshFunds([ADVERTISER]);
    expect(second.hasFunds(ADVERTISER)).toBe(true);
  });
});
