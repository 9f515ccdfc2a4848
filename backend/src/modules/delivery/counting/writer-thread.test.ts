import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { engine, startTestApp, TestApp } from "../../../../test/test-app";
import { TYPESCRIPT_WRITER_THREAD } from "../../../../test/writer-thread-entry";
import { newBatchId } from "./batch-writer";
import { statRow } from "./counted-events";
import type { BatchRows } from "./counted-events";
import { StatTable } from "./stat-table";
import { ThreadWriter } from "./writer-thread";
import { dailySums } from "../../reports/fact-sums";

const HOUR = Date.UTC(2026, 10, 2, 9);

function batchOf(requests: number): BatchRows {
  const unfilled = { atMs: HOUR, publisherId: 0, siteId: 0, zoneId: 7, advertiserId: 0, campaignId: 0, creativeId: 0, country: "FR" };
  return {
    id: newBatchId(),
    stats: StatTable.of([statRow(unfilled, { requests })]),
    invalid: [{ hour: HOUR, zoneId: 7, campaignId: 0, event: "request", reason: "bot", count: 2 }],
    money: [],
    clicks: [],
    completed: [],
  };
}

async function requestsCounted(t: TestApp): Promise<number> {
  return (await dailySums(t.app.dataSource, "zone", 7)).requests;
}

const retention = { hourlyDays: 35, dailyMonths: 25 };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("writes batches on its own connection, adding to the rows already there", async () => {
  const writer = new ThreadWriter({ databaseUrl: t.databaseEnv.DATABASE_URL ?? null, dataDir: t.databaseEnv.DATA_DIR ?? "", retention }, TYPESCRIPT_WRITER_THREAD);
  try {
    await writer.write(batchOf(3));
    await writer.write(batchOf(4));
  } finally {
    await writer.close();
  }
  expect(await requestsCounted(t)).toBe(7);
  const [invalid] = await t.app.dataSource.query("SELECT SUM(count) AS events FROM invalid_traffic WHERE zone_id = 7 AND reason = 'bot'");
  expect(Number(invalid.events)).toBe(4);
});

it("fails a write it cannot make, without taking the app down", async () => {
  // A database the thread cannot open: a file where the data folder should be, or a missing schema.
  const file = join(tmpdir(), `adnet-not-a-folder-${process.pid}`);
  writeFileSync(file, "");
  const unreachable =
    engine === "mysql"
      ? { databaseUrl: `${t.databaseEnv.DATABASE_URL!.replace(/\/[^/]+$/, "")}/adnet_no_such_database`, dataDir: "", retention }
      : { databaseUrl: null, dataDir: file, retention };
  const writer = new ThreadWriter(unreachable, TYPESCRIPT_WRITER_THREAD);
  try {
    await expect(writer.write(batchOf(1))).rejects.toThrow();
    await expect(writer.write(batchOf(1))).rejects.toThrow();
  } finally {
    await writer.close();
  }
  expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
});
