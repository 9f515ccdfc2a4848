import { liveAd } from "../../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { until } from "../../../../test/until";
import { Campaign } from "../../campaigns/campaign.entity";
import { AdZone } from "../../zones/ad-zone.entity";

let t: TestApp;
beforeAll(async () => {
  // Periodic checks five minutes apart: only the write itself can explain a reload within seconds.
  t = await startTestApp({ DELIVERY_REFRESH_MS: "300000" });
});
afterAll(() => t.close());

it("reads a campaign changed in a transaction once the transaction commits, however long it took", async () => {
  const ad = await liveAd(t);
  const bidInCatalogue = () => t.app.services.delivery.inventory.campaign(ad.campaignId)?.bidMicros;
  // On MySQL the load runs on a connection of its own, which sees the change only once committed.
  await t.app.dataSource.transaction(async (manager) => {
    await manager.getRepository(Campaign).update(ad.campaignId, { bidMicros: 7_000_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  await until(() => bidInCatalogue() === 7_000_000, "the committed bid in the catalogue", 3000, 20);
});

it("reloads only the part of the catalogue a change alters: a campaign's edit leaves a network's zones as loaded", async () => {
  const ad = await liveAd(t);
  const inventory = t.app.services.delivery.inventory;
  // The reloads the fixture's own writes asked for are done.
  await new Promise((resolve) => setTimeout(resolve, 100));
  await inventory.reload();
  const zoneAsLoaded = inventory.zone(ad.zoneId);
  expect(zoneAsLoaded).toBeDefined();

  await t.app.dataSource.getRepository(Campaign).update(ad.campaignId, { bidMicros: 8_000_000 });
  await until(() => inventory.campaign(ad.campaignId)?.bidMicros === 8_000_000, "the new bid in the catalogue", 3000, 20);
  expect(inventory.zone(ad.zoneId)).toBe(zoneAsLoaded);

  const campaignAsLoaded = inventory.campaign(ad.campaignId);
  await t.app.dataSource.getRepository(AdZone).update(ad.zoneId, { floorMicros: 1_500_000 });
  await until(() => inventory.zone(ad.zoneId)?.floorMicros === 1_500_000, "the new floor in the catalogue", 3000, 20);
  expect(inventory.campaign(ad.campaignId)).toBe(campaignAsLoaded);
});
