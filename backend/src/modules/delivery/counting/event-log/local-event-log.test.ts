import { appendFileSync, closeSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, utimesSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoggedEvent } from "./event-log";
import { LocalEventLog, LocalEventLogOptions } from "./local-event-log";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "adnet-local-log-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const options = (overrides: Partial<LocalEventLogOptions> = {}): LocalEventLogOptions => ({ dir, groupCommitMs: 2, segmentBytes: 1 << 20, retainMs: 0, ...overrides });
const impression = (n: number): LoggedEvent => ({
  type: "impression",
  counted: { atMs: 1_700_000_000_000 + n, publisherId: 5, siteId: 6, zoneId: 1, advertiserId: 4, campaignId: 2, creativeId: 3, country: "FR" },
  offerId: `offer-${n}`,
  issuedAt: 1_700_000_000_000,
  spendMicros: 2000,
  earningMicros: 1400,
});
const segments = () => readdirSync(dir).filter((name) => name.endsWith(".log")).sort();
const offers = async (log: LocalEventLog, after = 0) => (await log.read(after, 10_000)).map((record) => `${record.position}:${(record.event as { offerId: string }).offerId}`);

it("numbers appends in order, and one fsync covers the appends that arrived together", async () => {
  const log = await LocalEventLog.open(options());
  const positions = await Promise.all(Array.from({ length: 50 }, (_, n) => log.append([impression(n)])));
  expect(positions.flat()).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
  expect(await offers(log, 48)).toEqual(["49:offer-48", "50:offer-49"]);
  expect(log.syncs).toBeLessThan(5);
  await log.close();
});

it("keeps the whole records after a crash tore the tail, and cuts the torn one off", async () => {
  const log = await LocalEventLog.open(options());
  await log.append([impression(0), impression(1), impression(2)]);
  await log.close();
  const [file] = segments();
  // A crash in the middle of the fourth record's write: its header and half its payload made it.
  const size = statSync(join(dir, file)).size;
  appendFileSync(join(dir, file), Buffer.from([40, 0, 0, 0, 1, 2, 3, 4, 123, 34]));
  const reopened = await LocalEventLog.open(options());
  expect(await offers(reopened)).toEqual(["1:offer-0", "2:offer-1", "3:offer-2"]);
  expect(statSync(join(dir, file)).size).toBe(size);
  expect(await reopened.append([impression(3)])).toEqual([4]);
  await reopened.close();

  // A record whose bytes are all there but wrong (a sector that never made it) fails its checksum.
  const handle = openSync(join(dir, file), "r+");
  writeSync(handle, Buffer.from("XXXX"), 0, 4, size + 12);
  closeSync(handle);
  const again = await LocalEventLog.open(options());
  expect(await offers(again)).toEqual(["1:offer-0", "2:offer-1", "3:offer-2"]);
  await again.close();
});

it("rotates segments, reads across them, and deletes them once applied and older than the retention", async () => {
  const log = await LocalEventLog.open(options({ segmentBytes: 64 * 1024 }));
  for (let n = 0; n < 1500; n += 100) await log.append(Array.from({ length: 100 }, (_, i) => impression(n + i)));
  expect(segments().length).toBeGreaterThan(2);
  const all = await log.read(0, 10_000);
  expect(all.map((record) => record.position)).toEqual(Array.from({ length: 1500 }, (_, n) => n + 1));

  // Not yet applied: nothing goes. Applied, but within the retention: nothing goes either.
  const before = segments();
  await log.markApplied(0);
  expect(segments()).toEqual(before);
  await log.close();

  const retained = await LocalEventLog.open(options({ segmentBytes: 64 * 1024, retainMs: 3_600_000 }));
  await retained.markApplied(1500);
  expect(segments()).toEqual(before);
  await retained.close();

  const old = new Date(Date.now() - 7_200_000);
  for (const name of before) utimesSync(join(dir, name), old, old);
  const pruned = await LocalEventLog.open(options({ segmentBytes: 64 * 1024, retainMs: 3_600_000 }));
  await pruned.markApplied(1500);
  // Only the segment being written stays, and positions go on from where they were.
  expect(segments()).toEqual([before[before.length - 1]]);
  expect(await pruned.append([impression(1500)])).toEqual([1501]);
  expect((await pruned.read(await pruned.start(), 10_000)).at(-1)?.position).toBe(1501);
  await pruned.close();
});

it("refuses a folder another open log holds", async () => {
  const log = await LocalEventLog.open(options());
  await expect(LocalEventLog.open(options())).rejects.toThrow(/in use by process/);
  await log.close();
  const reopened = await LocalEventLog.open(options());
  await reopened.close();
});
