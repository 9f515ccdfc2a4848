import { liveAd } from "../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../test/test-app";
import { until } from "../../../test/until";
import { Campaign } from "../campaigns/campaign.entity";

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
