import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { InlineWriter } from "./batch-writer";
import { LocalEventLog } from "./event-log/local-event-log";
import { EventRecorder } from "./event-recorder";
import type { BatchRows, BatchWriter, StatRow } from "./counted-events";
import type { LoggedEvent, OldLoggedEvent } from "./event-log/event-log";
import { advertiserStats, liveAd, publisherStats } from "../../../../test/ad-fixtures";
import { dailySums } from "../../reports/fact-sums";

let t: TestApp;
let logDir: string;
beforeAll(async () => {
  t = await startTestApp();
  logDir = mkdtempSync(join(tmpdir(), "adnet-recorder-log-"));
});
afterAll(async () => {
  await t.close();
  rmSync(logDir, { recursive: true, force: true });
});

const openLog = (dir: string) => () => LocalEventLog.open({ dir, groupCommitMs: 1, segmentBytes: 1 << 20, retainMs: 0 });
const impressionsCounted = async () => (await dailySums(t.app.dataSource, "zone", ZONE + 1)).impressions;

const ZONE = 4242;
const at = Date.UTC(2026, 10, 3, 10);
const unfilled = (zoneId: number) => ({ atMs: at, publisherId: 0, siteId: 0, zoneId, advertiserId: 0, campaignId: 0, creativeId: 0, country: "US" });
const requestsCounted = async () => (await dailySums(t.app.dataSource, "zone", ZONE)).requests;

/** Applies each batch, but the first reply never arrives: the writer died between commit and answer. */
class LostFirstReply implements BatchWriter {
  readonly ids: string[] = [];
  private readonly inner = new InlineWriter(t.app.dataSource, { hourlyDays: 35, dailyMonths: 25 });

  async write(rows: BatchRows): Promise<void> {
    this.ids.push(rows.id);
    await this.inner.write(rows);
    if (this.ids.length === 1) throw new Error("the writer thread exited before it replied");
  }

  async close(): Promise<void> {}
}

it("counts a batch once when it was applied but its reply was lost, and counts what came meanwhile in the next", async () => {
  const writer = new LostFirstReply();
  const recorder = new EventRecorder(t.app.dataSource, writer, openLog(join(logDir, "requests")));
  await recorder.open();
  const key = unfilled(ZONE);
  for (let i = 0; i < 3; i++) recorder.request(key);
  await expect(recorder.flush()).rejects.toThrow("exited before it replied");
  expect(await requestsCounted()).toBe(3);

  for (let i = 0; i < 4; i++) recorder.request(key);
  // The lost batch again, under its own id (applied already, so it changes nothing), then the new one.
  await recorder.flush();
  expect(await requestsCounted()).toBe(7);
  expect(writer.ids).toHaveLength(3);
  expect(writer.ids[1]).toBe(writer.ids[0]);
  expect(writer.ids[2]).not.toBe(writer.ids[0]);
  await recorder.close();
});

it("applies logged impressions once across a lost reply and a restart that replays the log", async () => {
  const dir = join(logDir, "impressions");
  const writer = new LostFirstReply();
  const recorder = new EventRecorder(t.app.dataSource, writer, openLog(dir));
  await recorder.open();
  const key = unfilled(ZONE + 1);
  const charge = { spendMicros: 0, earningMicros: 0 };
  for (let i = 0; i < 5; i++) await recorder.impression(key, { offerId: `offer-${i}`, issuedAt: at }, charge);
  await expect(recorder.flush()).rejects.toThrow("exited before it replied");
  expect(await impressionsCounted()).toBe(5);
  await recorder.impression(key, { offerId: "offer-5", issuedAt: at }, charge);
  await recorder.close();

  // A new process on the same log: the lost batch is in the database, the sixth impression is not.
  const claimed: string[] = [];
  const restarted = new EventRecorder(t.app.dataSource, new InlineWriter(t.app.dataSource, { hourlyDays: 35, dailyMonths: 25 }), openLog(dir));
  await restarted.open(async (claim) => void claimed.push(claim.offerId));
  expect(claimed).toEqual(["offer-0", "offer-1", "offer-2", "offer-3", "offer-4", "offer-5"]);
  await restarted.flush();
  await restarted.flush();
  expect(await impressionsCounted()).toBe(6);
  await restarted.close();
});

it("applies events an older version logged without their owners to the right publisher and advertiser", async () => {
  const ad = await liveAd(t);
  const dir = join(logDir, "old-shape");
  const now = Date.now();
  const key = { zoneId: ad.zoneId, campaignId: ad.campaignId, creativeId: ad.creativeId, country: "US" };
  const offer = { offerId: "old-offer", issuedAt: now };
  const oldEvents: OldLoggedEvent[] = [
    { type: "impression", at: now, key, ...offer, advertiserId: ad.advertiser.id, publisherId: ad.publisher.id, spendMicros: 2_000_000, earningMicros: 1_400_000 },
    { type: "click", at: now, key, ...offer, clickId: "old-click" },
    { type: "conversion", at: now, key, clickId: "old-click" },
  ];
  const previousVersion = await openLog(dir)();
  // The previous version's recorder appended events of this shape; today's would not.
  await previousVersion.append(oldEvents as unknown as LoggedEvent[]);
  await previousVersion.close();

  const upgraded = new EventRecorder(t.app.dataSource, new InlineWriter(t.app.dataSource, { hourlyDays: 35, dailyMonths: 25 }), openLog(dir));
  await upgraded.open();
  await upgraded.drain();
  await upgraded.close();

  expect(await publisherStats(t, ad.publisher)).toMatchObject({ impressions: 1, clicks: 1, revenue: 1.4, balance: 1.4 });
  const advertiser = await advertiserStats(t, ad.advertiser);
  expect(advertiser).toMatchObject({ impressions: 1, clicks: 1, conversions: 1, spend: 2 });
  expect(advertiser.campaigns).toEqual([expect.objectContaining({ id: ad.campaignId, impressions: 1, clicks: 1, conversions: 1 })]);
});

it("writes request counts with the regular flush only once their interval has passed, and at once when asked or a campaign completes", async () => {
  const zone = ZONE + 7;
  const countedInZone = async () => (await dailySums(t.app.dataSource, "zone", zone)).requests;
  const recorder = new EventRecorder(t.app.dataSource, new InlineWriter(t.app.dataSource, { hourlyDays: 35, dailyMonths: 25 }), openLog(join(logDir, "cadence")), {}, 60_000);
  await recorder.open();
  for (let i = 0; i < 5; i++) recorder.request(unfilled(zone));
  await recorder.flushDue();
  expect(await countedInZone()).toBe(0);

  recorder.campaignCompleted(4242);
  await recorder.flushDue();
  expect(await countedInZone()).toBe(5);

  recorder.request(unfilled(zone));
  await recorder.flushDue();
  expect(await countedInZone()).toBe(5);
  await recorder.flush();
  expect(await countedInZone()).toBe(6);
  await recorder.close();
});

it("writes a large interval's request counts a slice a regular flush, every request once, and the rest at once when asked", async () => {
  const firstZone = 900_000;
  const zones = 20_000;
  const counted = async () =>
    (
      await t.app.dataSource.query("SELECT COUNT(*) AS places, COALESCE(SUM(requests), 0) AS requests FROM stat_facts WHERE scope = 'zone' AND grain = 'd' AND scope_id >= ? AND scope_id < ?", [
        firstZone,
        firstZone + zones,
      ])
    ).map(
      (row: { places: number | string; requests: number | string }) => ({ places: Number(row.places), requests: Number(row.requests) }),
    )[0];
  const batches: number[] = [];
  const inner = new InlineWriter(t.app.dataSource, { hourlyDays: 35, dailyMonths: 25 });
  const writer: BatchWriter = { write: (rows) => (batches.push(rows.stats.length), inner.write(rows)), close: () => inner.close() };
  const recorder = new EventRecorder(t.app.dataSource, writer, openLog(join(logDir, "slices")), {}, 1);
  await recorder.open();
  for (let zone = firstZone; zone < firstZone + zones; zone++) recorder.request(unfilled(zone));
  recorder.request(unfilled(firstZone));
  await new Promise((resolve) => setTimeout(resolve, 5));

  await recorder.flushDue();
  expect(await counted()).toEqual({ places: 8_192, requests: 8_193 });
  await recorder.flushDue();
  expect(await counted()).toEqual({ places: 16_384, requests: 16_385 });
  await recorder.flush();
  expect(await counted()).toEqual({ places: zones, requests: zones + 1 });
  expect(batches).toEqual([8_192, 8_192, zones - 16_384]);
  await recorder.close();
});

it("keeps a row of counts for each creative and country of a zone, and adds each request to its own", async () => {
  const zone = 700_000;
  const written: StatRow[] = [];
  const inner = new InlineWriter(t.app.dataSource, { hourlyDays: 35, dailyMonths: 25 });
  const writer: BatchWriter = { write: (rows) => (written.push(...rows.stats.toRows()), inner.write(rows)), close: () => inner.close() };
  const recorder = new EventRecorder(t.app.dataSource, writer, openLog(join(logDir, "places")), {}, 60_000);
  await recorder.open();
  const filled = (creativeId: number, country: string) => ({ ...unfilled(zone), advertiserId: 9, campaignId: 9, creativeId, country });
  for (const [creativeId, country] of [[1, "US"], [1, "US"], [1, "DE"], [2, "US"], [4096, "US"], [1, "FR"]] as const) recorder.request(filled(creativeId, country));
  recorder.request(unfilled(zone));
  await recorder.flush();
  await recorder.close();
  expect(written.map(({ creativeId, country, requests }) => `${creativeId} ${country} ${requests}`).sort()).toEqual(["0 US 1", "1 DE 1", "1 FR 1", "1 US 2", "2 US 1", "4096 US 1"]);
});
