import { approvedCampaign, approvedCreative } from "../../test/ad-fixtures";
import { signInAdmin, signUp } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";
import { VideoSkipOnCreatives1765071000000 } from "./migrations/1765071000000-video-skip-on-creatives";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("leaves the entities and the migrated schema in agreement (no pending migration)", async () => {
  const pending = await t.app.dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((query) => query.query)).toEqual([]);
});

it("runs again at the next start without changing anything", async () => {
  expect(await t.app.dataSource.showMigrations()).toBe(false);
});

it("answers the health check while the database answers", async () => {
  const response = await fetch(`${t.url}/healthz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: { status: "ok" } });
});

it("answers 503 on the health check when the database is away", async () => {
  await t.app.dataSource.destroy();
  try {
    const response = await fetch(`${t.url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable", database: { status: "unavailable" } });
  } finally {
    await t.app.dataSource.initialize();
  }
});

/** Undoes the migrations back to and including `name`, the later ones too: the database then stands as before it ran. */
async function undoThrough(name: string): Promise<void> {
  for (;;) {
    const [last] = await t.app.dataSource.query("SELECT name FROM migrations ORDER BY id DESC LIMIT 1");
    // Without a transaction of its own: SQLite turns foreign keys off (to rebuild a table without cascading deletes) only outside one.
    await t.app.dataSource.undoLastMigration({ transaction: "none" });
    if (last.name === name) return;
  }
}

it("moves each campaign's video skip offset onto its video creatives, and off the campaign", async () => {
  const admin = await signInAdmin(t);
  const advertiser = await signUp(t, "advertiser");
  const skippable = await approvedCampaign(t, advertiser, admin, { creativeType: "video" });
  const image = await approvedCreative(t, advertiser, admin, skippable.campaignId, [300, 250], "image");
  const unskippable = await approvedCampaign(t, advertiser, admin, { creativeType: "video" });

  await undoThrough(new VideoSkipOnCreatives1765071000000().name);
  await t.app.dataSource.query("UPDATE campaigns SET skip_after_seconds = 5 WHERE id = ?", [skippable.campaignId]);
  await t.app.dataSource.runMigrations({ transaction: "each" });

  const rows: { id: number; skip_after_seconds: number | null }[] = await t.app.dataSource.query("SELECT id, skip_after_seconds FROM creatives ORDER BY id");
  expect(rows.map((row) => ({ id: Number(row.id), skip: row.skip_after_seconds === null ? null : Number(row.skip_after_seconds) }))).toEqual([
    { id: skippable.creativeId, skip: 5 },
    { id: image, skip: null },
    { id: unskippable.creativeId, skip: null },
  ]);
  const [campaign] = await t.app.dataSource.query("SELECT * FROM campaigns WHERE id = ?", [skippable.campaignId]);
  expect(campaign).not.toHaveProperty("skip_after_seconds");
});
