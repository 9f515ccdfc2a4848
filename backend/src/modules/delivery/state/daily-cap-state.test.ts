import { ADVERTISER, Database, sharedRedisStates } from "../../../../test/spend-fixtures";
import { reportDay } from "../decision/decision";
import { DeliveryState, MemoryDeliveryState } from "./delivery-state";

/** Today, as a state shared through Redis starts from it. */
const DAY = reportDay(Date.now());
const NEXT_DAY = new Date(Date.parse(DAY) + 86_400_000).toISOString().slice(0, 10);
const PRICE = 7_000;
const BUDGET = 1_000_000_000;
const CAP = 100_000;

/** Charges campaign 100 `count` impressions at once, spread over the states, under a daily cap of CAP. */
async function chargeConcurrently(states: DeliveryState[], count: number, day = DAY) {
  const issuedAt = Date.now() + 60_000;
  const results = await Promise.all(Array.from({ length: count }, (_, i) => states[i % states.length].charge(100, PRICE, BUDGET, day, issuedAt, ADVERTISER, CAP)));
  return { charged: results.filter((r) => r.charged).length, capped: results.filter((r) => r.dailyCapSpent).length };
}

/** $1 for the advertiser, and $0.09 of today's cap spent before the state started: one more impression fits ($0.097), a second would cross it. */
function database(): Database {
  const books = new Database();
  books.funds = { spentMicros: 0, allowanceMicros: 1_000_000 };
  books.campaigns.set(100, { total: 90_000, today: 90_000 });
  return books;
}

it("in one process's memory, charges up to the daily cap from today's spend in the books, and again the next day", async () => {
  const state = new MemoryDeliveryState();
  try {
    await state.start(database(), DAY);
    expect(await chargeConcurrently([state], 10)).toEqual({ charged: 1, capped: 9 });
    expect(state.spendOf(100, DAY)).toEqual({ total: 97_000, today: 97_000 });
    // 100,000 / 7,000 = 14.3: 14 impressions a day, none crossing the cap.
    expect(await chargeConcurrently([state], 40, NEXT_DAY)).toEqual({ charged: 14, capped: 26 });
  } finally {
    await state.close();
  }
});

describe("two processes sharing Redis", () => {
  const redis = sharedRedisStates("cap");

  it("never spends today beyond the daily cap under concurrent charges", async () => {
    const books = database();
    const [first, second] = redis.states();
    try {
      await first.start(books);
      await second.start(books);
      expect(await chargeConcurrently([first, second], 20)).toEqual({ charged: 1, capped: 19 });
      expect(await chargeConcurrently([first, second], 40, NEXT_DAY)).toEqual({ charged: 14, capped: 26 });
      await first.refreshSpend([100], NEXT_DAY);
      expect(first.spendOf(100, NEXT_DAY).today).toBe(14 * PRICE);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
