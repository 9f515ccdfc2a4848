import { advertiserStats, approvedCampaign, liveAd, publisherStats, requestAd, showAd, uniqueSize, UNTHROTTLED_APP } from "../../../../test/ad-fixtures";
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

it("serves a guaranteed campaign ahead of a higher auction bid while it is behind its goal", async () => {
  const zoneSize = uniqueSize();
  const ad = await liveAd(t, { zoneSize, cpm: 2 });
  const rival = await approvedCampaign(t, ad.advertiser, ad.admin, { zoneSize, cpm: 50 });
  // A goal far beyond the zone's traffic: the pacing takes every request it matches.
  await book(ad.admin.token, ad.campaignId, { deliveryTier: "GUARANTEED", goalAmount: 1_000_000 });

  const served = await Promise.all(Array.from({ length: 5 }, () => requestAd(t, ad.zoneId, { page: ad.page })));
  expect(served.map((response) => response.body.campaign_id ?? response.body.campaignId)).toEqual(Array(5).fill(ad.campaignId));
  expect(rival.campaignId).not.toBe(ad.campaignId);
});
