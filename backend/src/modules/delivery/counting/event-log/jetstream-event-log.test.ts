import { randomBytes } from "node:crypto";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import type { LoggedEvent } from "./event-log";
import { startPrivateNats } from "../../../../bench/private-servers";
import { JetStreamEventLog } from "./jetstream-event-log";

const NATS_URL = process.env.TEST_NATS_URL || "nats://127.0.0.1:4222";
const stream = `adnet-test-${process.pid}-${randomBytes(3).toString("hex")}`;
afterAll(() => JetStreamEventLog.deleteStream(NATS_URL, stream));

const click = (n: number, at = Date.now()): LoggedEvent => ({
  type: "click",
  counted: { atMs: at, publisherId: 5, siteId: 6, zoneId: 1, advertiserId: 4, campaignId: 2, creativeId: 3, country: "DE" },
  offerId: `offer-${n}`,
  issuedAt: at,
  clickId: `click-${n}`,
});

it("gives two processes' appends one order, reads it from any position, and purges only what is applied and old", async () => {
  const [first, second] = [await JetStreamEventLog.open({ natsUrl: NATS_URL, stream, retainMs: 3_600_000 }), await JetStreamEventLog.open({ natsUrl: NATS_URL, stream, retainMs: 3_600_000 })];
  try {
    expect(first.id).toBe(second.id);
    const old = Date.now() - 7_200_000;
    expect(await first.append([click(1, old), click(2, old)])).toEqual([1, 2]);
    expect(await second.append([click(3)])).toEqual([3]);
    const all = await second.read(0, 100);
    expect(all.map((record) => `${record.position}:${(record.event as { clickId: string }).clickId}`)).toEqual(["1:click-1", "2:click-2", "3:click-3"]);
    expect((await first.read(2, 100)).map((record) => record.position)).toEqual([3]);
    expect(await first.read(3, 100)).toEqual([]);

    // Read in two steps: the first ends on an old event, the second on a recent one.
    await first.read(0, 2);
    await first.read(2, 2);
    await first.markApplied(3);
    expect(await first.start()).toBe(2);
    expect((await second.read(0, 100)).map((record) => record.position)).toEqual([3]);
  } finally {
    await first.close();
    await second.close();
  }
});

it("keeps each claim once across processes for the offers' lifetime, on a stream made before it did, and tells every follower of each event", async () => {
  const older = `${stream}-old`;
  const connection = await connect({ servers: NATS_URL });
  await (await jetstreamManager(connection)).streams.add({ name: older, subjects: [JetStreamEventLog.subject(older)] });
  const [first, second] = [await JetStreamEventLog.open({ natsUrl: NATS_URL, stream: older, retainMs: 3_600_000 }), await JetStreamEventLog.open({ natsUrl: NATS_URL, stream: older, retainMs: 3_600_000 })];
  try {
    expect((await (await jetstreamManager(connection)).streams.info(older)).config.duplicate_window).toBe(3_600_000 * 1_000_000);
    const seen: string[] = [];
    expect(await first.append([click(1)])).toEqual([1]);
    await second.follow(0, ({ position, event }) => seen.push(`${position}:${(event as { clickId: string }).clickId}`), 5000);
    expect(seen).toEqual(["1:click-1"]);
    // The same offer's click again, from the other process: the stream holds it already.
    expect(await second.append([click(1), click(2)])).toEqual([null, 2]);
    expect(await first.append([click(2)])).toEqual([null]);
    expect((await first.read(0, 100)).map((record) => record.position)).toEqual([1, 2]);
  } finally {
    await first.close();
    await second.close();
    await JetStreamEventLog.deleteStream(NATS_URL, older);
    await connection.close();
  }
});

it("gives the very same event, logged by two processes at the same moment, to one of them: the other is told it was logged already", async () => {
  const shared = `${stream}-same`;
  const [first, second] = [await JetStreamEventLog.open({ natsUrl: NATS_URL, stream: shared, retainMs: 3_600_000 }), await JetStreamEventLog.open({ natsUrl: NATS_URL, stream: shared, retainMs: 3_600_000 })];
  try {
    const event = click(7, 1_795_000_000_000);
    const answers = (await Promise.all([first.append([event]), second.append([event])])).map(([position]) => position);
    expect(answers.filter((position) => position === null)).toHaveLength(1);
    expect(answers.filter((position) => position === 1)).toHaveLength(1);
  } finally {
    await first.close();
    await second.close();
    await JetStreamEventLog.deleteStream(NATS_URL, shared);
  }
});

it("stores an append made while the NATS server restarts once it is back, once, without failing it", async () => {
  const nats = await startPrivateNats();
  const log = await JetStreamEventLog.open({ natsUrl: nats.url, stream: "adnet-restart", retainMs: 3_600_000 });
  try {
    expect(await log.append([click(1)])).toEqual([1]);
    const restarting = nats.restart("stop");
    const appended = log.append([click(2)]);
    await restarting;
    expect(await appended).toEqual([2]);
    expect(await log.append([click(3)])).toEqual([3]);
    expect((await log.read(0, 100)).map((record) => (record.event as { clickId: string }).clickId)).toEqual(["click-1", "click-2", "click-3"]);
  } finally {
    await log.close();
    await nats.close();
  }
}, 60_000);

it("reads every event in turn after the NATS server restarted under a reader, none skipped", async () => {
  const nats = await startPrivateNats();
  const [writer, reader] = [await JetStreamEventLog.open({ natsUrl: nats.url, stream: "adnet-reader-restart", retainMs: 3_600_000 }), await JetStreamEventLog.open({ natsUrl: nats.url, stream: "adnet-reader-restart", retainMs: 3_600_000 })];
  try {
    for (let n = 1; n <= 10; n++) await writer.append([click(n)]);
    expect((await reader.read(0, 5)).map((record) => record.position)).toEqual([1, 2, 3, 4, 5]);
    await nats.restart("stop");
    for (let n = 11; n <= 20; n++) await writer.append([click(n)]);
    // As the applier reads: from the last position it applied, a few at a time, again at its next flush when a read fails.
    const positions: number[] = [];
    for (let after = 5, round = 0; after < 20 && round < 20; round++) {
      const records = await reader.read(after, 4).catch(() => []);
      positions.push(...records.map((record) => record.position));
      after = records.at(-1)?.position ?? after;
    }
    expect(positions).toEqual(Array.from({ length: 15 }, (_, index) => index + 6));
  } finally {
    await Promise.all([writer.close(), reader.close()]);
    await nats.close();
  }
}, 60_000);

it("tells a follower asking to catch up of everything another process appended before it asked", async () => {
  const shared = `${stream}-catch-up`;
  const [first, second] = [await JetStreamEventLog.open({ natsUrl: NATS_URL, stream: shared, retainMs: 3_600_000 }), await JetStreamEventLog.open({ natsUrl: NATS_URL, stream: shared, retainMs: 3_600_000 })];
  try {
    const seen: number[] = [];
    await second.follow(0, ({ position }) => seen.push(position), 5000);
    for (let round = 1; round <= 20; round++) {
      await first.append([click(round)]);
      await second.caughtUp(5000);
      expect(seen).toEqual(Array.from({ length: round }, (_, index) => index + 1));
    }
  } finally {
    await first.close();
    await second.close();
    await JetStreamEventLog.deleteStream(NATS_URL, shared);
  }
});
