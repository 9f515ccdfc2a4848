import type Redis from "ioredis";
import { PrivateRedis, startPrivateRedis } from "../../../../test/fault-harness";
import { openRedis } from "../../../redis";
import { reportDay } from "../decision/decision";
import { AdvertiserFunds, SpendSource, StateUnavailableError } from "./delivery-state";
import type { CampaignSpend } from "../model";
import { RedisDeliveryState } from "./redis-delivery-state";

/**
 * The algorithm of RedisDeliveryState on a redis-server of the test's own, with the ledger and
 * each process's unwritten spend as plain figures: the fault tests run the same through real apps.
 */
const CAMPAIGN = 7;
const ADVERTISER = 3;
const PRICE = 10;
const quiet = { warn: () => undefined, error: () => undefined };
const day = () => reportDay(Date.now());

/** One database's ledger, shared by the processes. */
class Ledger {
  spend = 0;
  /** The advertiser's deposits, credits and credit limit: far more than the tests spend unless one says otherwise. */
  allowance = 1_000_000_000;
}

/** What one process counted: charged and not written, and written (with when). */
class Books implements SpendSource {
  unwritten = 0;
  written: { at: number; amount: number }[] = [];
  private static logs = 0;
  private readonly log = `local:${++Books.logs}`;

  constructor(private readonly ledger: Ledger) {}

  async books(campaignIds: number[], advertiserIds: number[]) {
    return {
      spend: new Map(campaignIds.map((id) => [id, { total: id === CAMPAIGN ? this.ledger.spend : 0, today: 0 }])),
      funds: new Map(advertiserIds.map((id) => [id, id === ADVERTISER ? { spentMicros: this.ledger.spend, allowanceMicros: this.ledger.allowance } : { spentMicros: 0, allowanceMicros: 0 }])),
    };
  }

  eventLog() {
    return { id: this.log, shared: false };
  }

  campaignIds(): number[] {
    return [CAMPAIGN];
  }

  async load(campaignIds: number[], onDay: string): Promise<Map<number, CampaignSpend>> {
    const own = this.pending(onDay).get(CAMPAIGN)?.total ?? 0;
    return new Map(campaignIds.map((id) => [id, { total: id === CAMPAIGN ? this.ledger.spend + own : 0, today: 0 }]));
  }

  pending(_day: string, writtenSinceMs = Infinity): Map<number, CampaignSpend> {
    const total = this.unwritten + this.written.filter((batch) => batch.at >= writtenSinceMs).reduce((sum, batch) => sum + batch.amount, 0);
    return total > 0 ? new Map([[CAMPAIGN, { total, today: 0 }]]) : new Map();
  }

  advertiserIds(): number[] {
    return [ADVERTISER];
  }

  /** The campaign is the advertiser's only one: their spent counter is its spend. */
  async loadFunds(advertiserIds: number[]): Promise<Map<number, AdvertiserFunds>> {
    const own = this.pendingFunds().get(ADVERTISER) ?? 0;
    return new Map(advertiserIds.map((id) => [id, id === ADVERTISER ? { spentMicros: this.ledger.spend + own, allowanceMicros: this.ledger.allowance } : { spentMicros: 0, allowanceMicros: 0 }]));
  }

  pendingFunds(writtenSinceMs = Infinity): Map<number, number> {
    const total = this.pending("", writtenSinceMs).get(CAMPAIGN)?.total ?? 0;
    return total > 0 ? new Map([[ADVERTISER, total]]) : new Map();
  }

  write(): void {
    this.ledger.spend += this.unwritten;
    this.written.push({ at: Date.now(), amount: this.unwritten });
    this.unwritten = 0;
  }
}

interface Process {
  state: RedisDeliveryState;
  books: Books;
  /** Charges one impression of an offer made now, as the ad server does: recorded only when charged. */
  charge(budget: number, issuedAt?: number): Promise<{ charged: boolean; totalMicros: number; refusal?: string; fundsOut?: boolean }>;
}

let server: PrivateRedis;
const connections: Redis[] = [];
beforeEach(async () => {
  server = await startPrivateRedis();
});
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.disconnect();
  await server.close();
});

async function startProcess(ledger: Ledger): Promise<Process> {
  const redis = openRedis(server.url, { redisConnectMs: 2000, redisCommandMs: 1000 }, quiet);
  connections.push(redis);
  const state = new RedisDeliveryState(redis, "test:", { connectTimeoutMs: 2000, log: quiet });
  const books = new Books(ledger);
  await state.start(books);
  return {
    state,
    books,
    async charge(budget, issuedAt = Date.now() + 60_000) {
      const result = await state.charge(CAMPAIGN, PRICE, budget, day(), issuedAt, ADVERTISER);
      if (result.charged) books.unwritten += PRICE;
      return result;
    },
  };
}

it("never reads a missing spend total as 0: it loads the campaign from the ledger and the unwritten spend first", async () => {
  const ledger = new Ledger();
  ledger.spend = 80;
  const process = await startProcess(ledger);
  expect(await process.charge(100)).toMatchObject({ charged: true, totalMicros: 90 });
  const client = server.client();
  const keys = await client.keys("test:g:*");
  expect(keys.length).toBeGreaterThan(0);
  await client.del(...keys);

  // 80 written + 10 not yet written: one more impression, not ten.
  expect(await process.charge(100)).toMatchObject({ charged: true, totalMicros: 100 });
  expect(await process.charge(100)).toMatchObject({ charged: false, totalMicros: 100 });
});

it("never reads a missing advertiser's spent counter as 0: it is rebuilt from the ledger and the unwritten spend, and caps the charge", async () => {
  const ledger = new Ledger();
  ledger.spend = 80;
  ledger.allowance = 100;
  const process = await startProcess(ledger);
  expect(await process.charge(1000)).toMatchObject({ charged: true, totalMicros: 90 });
  const client = server.client();
  const keys = await client.keys("test:g:*adv-*");
  expect(keys.length).toBe(2);
  await client.del(...keys);

  // 80 written + 10 not yet written of 100 available: one more impression, then no funds.
  expect(await process.charge(1000)).toMatchObject({ charged: true, totalMicros: 100 });
  expect(await process.charge(1000)).toMatchObject({ charged: false, fundsOut: true });
  expect(process.state.hasFunds(ADVERTISER)).toBe(false);

  // A deposit recorded: the allowance is loaded again from the database, the spent counter kept.
  ledger.allowance = 120;
  await process.state.loadFunds([ADVERTISER]);
  expect(process.state.hasFunds(ADVERTISER)).toBe(true);
  expect(await process.charge(1000)).toMatchObject({ charged: true, totalMicros: 110 });
  expect(await process.charge(1000)).toMatchObject({ charged: true, totalMicros: 120 });
  expect(await process.charge(1000)).toMatchObject({ charged: false, fundsOut: true });
});

it("after FLUSHALL rebuilds before the next charge, and refuses offers made before the loss", async () => {
  const ledger = new Ledger();
  const process = await startProcess(ledger);
  const offerBeforeLoss = Date.now() - 1;
  for (let i = 0; i < 3; i++) expect((await process.charge(1000)).charged).toBe(true);
  await server.client().flushall();

  expect(await process.charge(1000, offerBeforeLoss)).toEqual({ charged: false, totalMicros: 0, refusal: "state_lost" });
  // The 30 counted and not yet written are in the rebuilt total.
  expect(await process.charge(1000)).toMatchObject({ charged: true, totalMicros: 40 });
  expect(process.state.health()).toMatchObject({ status: "ok" });
});

it("two processes losing Redis together: the rebuilt total holds what each had not written, and what one wrote after the other read the ledger", async () => {
  const ledger = new Ledger();
  const first = await startProcess(ledger);
  const second = await startProcess(ledger);
  for (let i = 0; i < 2; i++) await first.charge(1000);
  for (let i = 0; i < 3; i++) await second.charge(1000);
  await server.client().flushall();

  // The first to notice rebuilds from the ledger (0) and its own 20 unwritten...
  await first.state.check();
  // ...and the second writes its 30 just after that read, before it notices.
  second.books.write();
  await second.state.check();

  // 20 + 30 = 50 spent: a budget of 60 holds exactly one more impression, from either process.
  expect(await first.charge(60)).toMatchObject({ charged: true, totalMicros: 60 });
  expect(await second.charge(60)).toMatchObject({ charged: false, totalMicros: 60 });
});

it("a process that charged before the loss may not charge in the rebuilt counters before it adds its own spend", async () => {
  const ledger = new Ledger();
  const first = await startProcess(ledger);
  const second = await startProcess(ledger);
  for (let i = 0; i < 4; i++) await second.charge(1000);
  await server.client().flushall();
  await first.state.check();

  // The second has not checked yet: its charge finds another generation, joins it with its 40, then charges.
  expect(await second.charge(1000)).toMatchObject({ charged: true, totalMicros: 50 });
});

it("Redis restarted empty: the next charge waits for the rebuild and counts the unwritten spend", async () => {
  const ledger = new Ledger();
  ledger.spend = 500;
  const process = await startProcess(ledger);
  for (let i = 0; i < 5; i++) await process.charge(10_000);
  await server.kill();
  // Refused either way: at once when the connection is known closed, or when the command fails.
  const outcome = await process.charge(10_000).catch((error: unknown) => error);
  if (outcome instanceof StateUnavailableError) expect(process.books.unwritten).toBe(50);
  else expect(outcome).toEqual({ charged: false, totalMicros: 0, refusal: "state_unavailable" });
  expect(process.state.health().status).toBe("unavailable");
  await server.start();
  for (const deadline = Date.now() + 5000; !process.state.available && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(process.state.available).toBe(true);
  expect(await process.charge(10_000)).toMatchObject({ charged: true, totalMicros: 560 });
});

it("stops offering an advertiser whose funds left pay for no event of its price, until their allowance changes", async () => {
  const ledger = new Ledger();
  ledger.spend = 95;
  ledger.allowance = 100;
  const process = await startProcess(ledger);
  // 5 left, and an event costs 10 (a click may cost far more than an impression).
  expect(process.state.hasFunds(ADVERTISER)).toBe(true);
  expect(await process.charge(1000)).toMatchObject({ charged: false, fundsOut: true });
  await process.state.refreshFunds([ADVERTISER]);
  expect(process.state.hasFunds(ADVERTISER)).toBe(false);

  ledger.allowance = 120;
  await process.state.loadFunds([ADVERTISER]);
  expect(process.state.hasFunds(ADVERTISER)).toBe(true);
  expect(await process.charge(1000)).toMatchObject({ charged: true, totalMicros: 105 });
});

it("gives back a charge whose event another process had counted: the budget and the advertiser's funds pay for it again", async () => {
  const ledger = new Ledger();
  ledger.spend = 80;
  ledger.allowance = 100;
  const [first, second] = [await startProcess(ledger), await startProcess(ledger)];
  expect(await first.charge(1000)).toMatchObject({ charged: true, totalMicros: 90 });
  expect(await second.charge(1000)).toMatchObject({ charged: true, totalMicros: 100 });
  expect(await first.charge(1000)).toMatchObject({ charged: false, fundsOut: true });
  await second.state.refund(CAMPAIGN, PRICE, day(), ADVERTISER);
  expect(second.state.spendOf(CAMPAIGN, day()).total).toBe(90);
  expect(await first.charge(1000)).toMatchObject({ charged: true, totalMicros: 100 });
});

/** A reconciliation round made by one process, the others telling every 20 ms meanwhile as their every-second tick does. */
async function reconciled(by: Process, others: Process[]): Promise<boolean> {
  let done = false;
  const round = by.state.reconcileNow(day()).finally(() => (done = true));
  while (!done) {
    for (const other of others) await other.state.reconcile(day());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return round;
}

it("a rebuild that counted a write twice is brought back to the books, never below what a process charged and has not written", async () => {
  const ledger = new Ledger();
  ledger.allowance = 60;
  const first = await startProcess(ledger);
  const second = await startProcess(ledger);
  for (let i = 0; i < 2; i++) await first.charge(1000);
  for (let i = 0; i < 3; i++) await second.charge(1000);
  await server.client().flushall();
  // The second writes its 30 just before the first reads the ledger: the rebuild holds them, and
  // the second, joining, adds them again (written within the clock margin): 80 where 50 were spent.
  second.books.write();
  await first.state.check();
  await second.state.check();
  expect(await first.charge(1000)).toMatchObject({ charged: false, fundsOut: true });
  await first.state.refreshFunds([ADVERTISER]);
  expect(first.state.hasFunds(ADVERTISER)).toBe(false);

  // The books: 30 written, and the first's 20 still unwritten, which it tells: 50, not 30.
  expect(await reconciled(first, [second])).toBe(true);
  await first.state.refreshFunds([ADVERTISER]);
  expect(first.state.hasFunds(ADVERTISER)).toBe(true);
  expect(await first.charge(1000)).toMatchObject({ charged: true, totalMicros: 60 });
  expect(await second.charge(1000)).toMatchObject({ charged: false, fundsOut: true });
});

it("a round waits for every process of the generation to tell what it has not written, and corrects nothing without one", async () => {
  const ledger = new Ledger();
  const first = await startProcess(ledger);
  const second = await startProcess(ledger);
  for (let i = 0; i < 3; i++) await second.charge(1000);
  // The second never tells (stuck, or dead with its log unapplied): its 30 may not be taken out.
  expect(await first.state.reconcileNow(day())).toBe(false);
  expect(await first.charge(40)).toMatchObject({ charged: true, totalMicros: 40 });
  expect(await first.charge(40)).toMatchObject({ charged: false, totalMicros: 40 });
});
