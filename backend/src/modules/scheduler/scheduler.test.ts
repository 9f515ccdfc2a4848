import type { DataSource } from "typeorm";
import { signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { loadConfig } from "../../config";
import { createDataSource } from "../../db/data-source";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import { StatementsService } from "../statements/statements.service";
import { Leases } from "./leases";
import { ScheduledJob, Scheduler } from "./scheduler";

/**
 * Two schedulers as two processes would run them: each with its own data source (its own
 * connections) on the one database the test app made.
 */
let t: TestApp;
const sources: DataSource[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const source of sources) await source.destroy();
  await t.close();
});

async function ownDataSource(): Promise<DataSource> {
  const source = await createDataSource(loadConfig({ JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing", ...t.databaseEnv }));
  await source.initialize();
  sources.push(source);
  return source;
}

let jobNames = 0;
/** A job that counts its runs and takes a while, so two processes' ticks overlap. */
function countingJob(runs: string[], who: string): ScheduledJob {
  const name = `counting-${++jobNames}`;
  return { name, run: async () => void (runs.push(who), await new Promise((resolve) => setTimeout(resolve, 150))) };
}

describe("leases", () => {
  it("hands a job to one holder at a time, and to another once the lease runs out or is let go", async () => {
    const [a, b] = [new Leases(await ownDataSource()), new Leases(await ownDataSource())];
    const now = Date.parse("2026-05-01T00:00:00Z");
    const results = await Promise.all([a.acquire("job-a", "first", 10_000, now), b.acquire("job-a", "second", 10_000, now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const [winner, loser] = results[0] ? [a, b] : [b, a];
    const [winnerName, loserName] = results[0] ? ["first", "second"] : ["second", "first"];

    expect(await loser.acquire("job-a", loserName, 10_000, now + 9_999)).toBe(false);
    expect(await winner.renew("job-a", winnerName, 10_000, now + 9_000)).toBe(true);
    expect(await loser.acquire("job-a", loserName, 10_000, now + 18_999)).toBe(false);
    // The renewed lease ran out at now + 19 s: the other takes it, and the first can no longer renew.
    expect(await loser.acquire("job-a", loserName, 10_000, now + 19_001)).toBe(true);
    expect(await winner.renew("job-a", winnerName, 10_000, now + 19_002)).toBe(false);
    await loser.release("job-a", loserName);
    expect(await winner.acquire("job-a", winnerName, 10_000, now + 19_003)).toBe(true);
    expect((await winner.holderOf("job-a"))?.holder).toBe(winnerName);
  });
});

describe("two schedulers on one database", () => {
  it("run a job on exactly one of them, however their ticks meet", async () => {
    const runs: string[] = [];
    const job = countingJob(runs, "a");
    const a = new Scheduler(await ownDataSource(), [job], { tickMs: 60_000, leaseMs: 30_000 });
    const b = new Scheduler(await ownDataSource(), [{ ...countingJob(runs, "b"), name: job.name }], { tickMs: 60_000, leaseMs: 30_000 });
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    // Whoever took the lease keeps the job; the other never ran it.
    expect(new Set(runs).size).toBe(1);
    expect(runs.length).toBeGreaterThanOrEqual(2);

    // The holder stops (a deploy): the other takes over at its next tick.
    const [holder, other] = runs[0] === "a" ? [a, b] : [b, a];
    await holder.stop();
    await other.tick();
    expect(runs.at(-1)).toBe(runs[0] === "a" ? "b" : "a");
    await other.stop();
  });

  it("issue each month's statements once, and catch up on the months missed while none ran", async () => {
    const advertiser = await signUp(t, "advertiser");
    const publisher = await signUp(t, "publisher");
    const during = (iso: string) => new Date(iso);
    await t.app.services.ledger.append([
      { userId: advertiser.id, kind: LedgerKind.DEPOSIT, amountMicros: 500_000_000, createdAt: during("2024-01-10T00:00:00Z") },
      { userId: publisher.id, kind: LedgerKind.EARNING, amountMicros: 2_000_000, createdAt: during("2024-01-20T00:00:00Z") },
      { userId: advertiser.id, kind: LedgerKind.CREDIT, amountMicros: 25_000_000, createdAt: during("2024-02-10T00:00:00Z") },
      { userId: publisher.id, kind: LedgerKind.EARNING, amountMicros: 3_000_000, createdAt: during("2024-04-05T00:00:00Z") },
    ]);
    let clock = Date.parse("2024-02-01T00:10:00Z");
    const delayMs = 30 * 60_000;
    const scheduler = async () => {
      const source = await ownDataSource();
      return new Scheduler(source, [new StatementsService(source, delayMs, { legalName: "AdNet Test Ltd", address: "1 Test Street", vatNumber: "GB000000000" }).job()], { tickMs: 60_000, leaseMs: 30_000, now: () => clock });
    };
    const [a, b] = [await scheduler(), await scheduler()];
    const documents = async () =>
      (await t.app.dataSource.query("SELECT kind, number, user_id AS userId, period FROM statements ORDER BY kind, number")).map((row: { kind: string; number: string; userId: number; period: Date | string }) => ({
        kind: row.kind,
        number: row.number,
        userId: Number(row.userId),
        month: new Date(typeof row.period === "string" ? `${row.period.replace(" ", "T")}Z` : row.period).toISOString().slice(0, 7),
      }));

    // Ten minutes into February: January is not due until half past midnight.
    await Promise.all([a.tick(), b.tick()]);
    expect(await documents()).toEqual([]);

    clock = Date.parse("2024-02-01T00:31:00Z");
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(await documents()).toEqual([
      { kind: "invoice", number: "INV-2024-000001", userId: advertiser.id, month: "2024-01" },
      { kind: "statement", number: "STM-2024-000001", userId: publisher.id, month: "2024-01" },
    ]);

    // The network is down from February to May: when it comes back, February, March and April are issued.
    clock = Date.parse("2024-05-03T08:00:00Z");
    await Promise.all([a.tick(), b.tick()]);
    expect(await documents()).toEqual([
      { kind: "invoice", number: "INV-2024-000001", userId: advertiser.id, month: "2024-01" },
      { kind: "invoice", number: "INV-2024-000002", userId: advertiser.id, month: "2024-02" },
      { kind: "statement", number: "STM-2024-000001", userId: publisher.id, month: "2024-01" },
      { kind: "statement", number: "STM-2024-000002", userId: publisher.id, month: "2024-04" },
    ]);
    const months = await t.app.dataSource.query("SELECT documents FROM statement_runs ORDER BY period");
    expect(months.map((row: { documents: number | string }) => Number(row.documents))).toEqual([2, 1, 0, 1]);
    await a.stop();
    await b.stop();
  });
});

it("runs in the app when SCHEDULER is on, and stops with it", async () => {
  const advertiser = await signUp(t, "advertiser");
  await t.app.services.ledger.append([{ userId: advertiser.id, kind: LedgerKind.DEPOSIT, amountMicros: 700_000_000, createdAt: new Date("2023-06-15T00:00:00Z") }]);
  const running = await startTestApp({ ...t.databaseEnv, SCHEDULER: "1", SCHEDULER_TICK_SECONDS: "1" });
  try {
    let issued: { number: string }[] = [];
    for (let attempt = 0; attempt < 100 && issued.length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      issued = await t.app.dataSource.query("SELECT number FROM statements WHERE user_id = ?", [advertiser.id]);
    }
    expect(issued).toEqual([{ number: "INV-2023-000001" }]);
  } finally {
    await running.close();
  }
});
