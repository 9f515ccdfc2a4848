import { advertiserStats, liveAd, publisherStats, showAd, UNTHROTTLED_APP } from "../../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { LedgerEntry } from "../../ledger/ledger-entry.entity";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(UNTHROTTLED_APP);
});
afterAll(() => t.close());

const book = async (token: string, id: number, input: Record<string, unknown>) => {
  const result = await t.gql(`mutation($id: Int!, $input: UpdateCampaignInput!) { updateCampaign(id: $id, input: $input) { id } }`, { id, input }, token);
  expect(result.errors).toBeUndefined();
  await t.app.services.delivery.inventory.reload();
};

it("shows a house campaign with no funds, counts its impressions, and bills nobody for them", async () => {
  const ad = await liveAd(t, { funds: 0, cpm: 5 });
  await book(ad.admin.token, ad.campaignId, { deliveryTier: "HOUSE" });

  for (let i = 0; i < 3; i++) await showAd(t, ad);
  await t.app.services.delivery.flush();

  expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 3, spend: 0 });
  expect(await publisherStats(t, ad.publisher)).toMatchObject({ impressions: 3, revenue: 0, balance: 0 });
  expect(await t.app.dataSource.getRepository(LedgerEntry).countBy({ campaignId: ad.campaignId })).toBe(0);
});
