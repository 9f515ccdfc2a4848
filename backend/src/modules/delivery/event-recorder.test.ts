import { startTestApp, TestApp } from "../../../test/test-app";
import { InlineWriter } from "./batch-writer";
import { EventRecorder } from "./event-recorder";
import type { BatchRows, BatchWriter } from "./model";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ZONE = 4242;
const at = Date.UTC(2026, 10, 3, 10);
const requestsCounted = async () =>
  Number((await t.app.dataSource.query("SELECT COALESCE(SUM(requests), 0) AS n FROM delivery_stats WHERE zone_id = ?", [ZONE]))[0].n);

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
  const recorder = new EventRecorder(t.app.dataSource, writer);
  const key = { hour: at, zoneId: ZONE, campaignId: 0, creativeId: 0, country: "US" };
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
});
