import { approvedCampaign, followClick, liveAd, requestAd, sendBeacon, uniqueSize } from "../../../../test/ad-fixtures";
import { signUp } from "../../../../test/factories";
import { startTestApp, TestApp } from "../../../../test/test-app";

const today = () => new Date().toISOString().slice(0, 10);

let t: TestApp;
beforeAll(async () => {
  // A network of its own: what it has counted is what these campaigns are predicted from.
  t = await startTestApp({
    MIN_CLICK_DELAY_MS: "0",
    IP_CLICKS_PER_HOUR: "10000",
    IP_IMPRESSIONS_PER_MINUTE: "10000",
    IP_REQUESTS_PER_MINUTE: "10000",
    DELIVERY_FLUSH_MS: "60000",
  });
});
afterAll(() => t.close());

async function predictions(token: string): Promise<Record<string, any>[]> {
  const result = await t.gql(`{ myCampaigns { id predictedCtr predictedConversionRate ecpm } }`, {}, token);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.myCampaigns;
}

it("gives a new CPC campaign the network's rate, then most of the traffic once its good click rate is learned", async () => {
  // A $4 CPM and a $4 CPC campaign (the same nominal bid) in the travel category, on one zone.
  const zoneSize = uniqueSize();
  const cpm = await liveAd(t, { zoneSize, cpm: 4, endDate: today(), category: "travel", pacing: "asap", pricing: { model: "cpm", bid: 4 } });
  const cpcAdvertiser = await signUp(t, "advertiser");
  const cpc = await approvedCampaign(t, cpcAdvertiser, cpm.admin, { zoneSize, endDate: today(), category: "travel", pacing: "asap", pricing: { model: "cpc", bid: 4 } });
  await t.app.services.delivery.refreshPredictions();

  // Nothing counted yet: the CPC campaign is expected to click at the network's starting 0.1%, an
  // eCPM of $4 like the CPM campaign's, and the two share the traffic.
  expect(await predictions(cpcAdvertiser.token)).toEqual([{ id: cpc.campaignId, predictedCtr: 0.1, predictedConversionRate: 0.01, ecpm: 4 }]);
  expect((await predictions(cpm.advertiser.token))[0]).toMatchObject({ ecpm: 4 });
  const winsBefore = await cpcWins(cpm, cpc.creativeId, 100);
  expect(winsBefore).toBeGreaterThan(20);
  expect(winsBefore).toBeLessThan(80);

  // Visitors click half of the CPC ads they see, through the tag and the writer like any others.
  let shown = 0;
  while (shown < 60) {
    const served = (await requestAd(t, cpm.zoneId, { page: cpm.page })).body;
    await sendBeacon(served.impressionUrl, { origin: `https://${cpm.site.domain}` });
    if (served.creative.id !== cpc.creativeId) continue;
    if (shown++ % 2 === 0) await followClick(served.clickUrl);
  }
  await t.app.services.delivery.flush();
  await t.app.services.delivery.refreshPredictions();

  const [learned] = await predictions(cpcAdvertiser.token);
  // 30 clicks in 60 impressions, weighed against 2,000 impressions' worth of the network's rate
  // (which the 30 clicks raised too): far above 0.1%, far below 50%.
  expect(learned.predictedCtr).toBeGreaterThan(1);
  expect(learned.predictedCtr).toBeLessThan(5);
  expect(learned.ecpm).toBeGreaterThan(40);
  expect(await cpcWins(cpm, cpc.creativeId, 100)).toBeGreaterThan(90);
});

/** How many of `requests` ad requests the CPC campaign's creative fills. */
async function cpcWins(ad: Awaited<ReturnType<typeof liveAd>>, cpcCreativeId: number, requests: number): Promise<number> {
  let wins = 0;
  for (let i = 0; i < requests; i++) {
    const served = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
    if (served.creative?.id === cpcCreativeId) wins++;
  }
  return wins;
}
