import { liveAd, showAd } from "../../../test/ad-fixtures";
import { createCampaign, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { LedgerKind } from "../ledger/ledger-entry.entity";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1" });
});
afterAll(() => t.close());

const RUNWAY = "{ myFunds { available spendLast30Days daysLeft daysLeftNote lowBalance waitingOnFunds } }";
const myFunds = async (token: string) => (await t.gql(RUNWAY, {}, token)).data!.myFunds;

it("says the spend is too small to count days from after one impression on $50, and counts them past a dollar", async () => {
  const ad = await liveAd(t, { cpm: 2, funds: 50_000_000 });
  await showAd(t, ad);
  await t.app.services.delivery.flush();

  expect(await myFunds(ad.advertiser.token)).toEqual({
    available: 49.998,
    spendLast30Days: 0.002,
    daysLeft: null,
    daysLeftNote: "Less than $1.00 spent in the last 30 days: too little to tell how long your funds last.",
    lowBalance: false,
    waitingOnFunds: 0,
  });
  expect((await t.rest("GET", "/advertiser/funds", { token: ad.advertiser.token })).body).toMatchObject({ days_left: null, days_left_note: expect.stringMatching(/too little/) });

  await t.app.services.ledger.append([{ userId: ad.advertiser.id, kind: LedgerKind.SPEND, amountMicros: 2_998_000, campaignId: ad.campaignId }]);
  // $3 in 30 days is 10 cents a day: $47 lasts 470 days.
  expect(await myFunds(ad.advertiser.token)).toMatchObject({ available: 47, daysLeft: 470, daysLeftNote: null });
});

it("tells a new advertiser without campaigns that nothing is available, not that campaigns stopped", async () => {
  const newcomer = await signUp(t, "advertiser", {}, { funds: 0 });
  expect(await myFunds(newcomer.token)).toMatchObject({ available: 0, lowBalance: true, waitingOnFunds: 0, daysLeft: null, daysLeftNote: expect.stringMatching(/No spend/) });
  // A campaign still waiting for approval would not deliver with money either.
  await createCampaign(t, newcomer);
  expect((await myFunds(newcomer.token)).waitingOnFunds).toBe(0);
});

it("counts the approved campaigns that only money keeps from delivering", async () => {
  const broke = await liveAd(t, { funds: 0 });
  expect(await myFunds(broke.advertiser.token)).toMatchObject({ available: 0, lowBalance: true, waitingOnFunds: 1 });
  expect((await t.rest("GET", "/advertiser/funds", { token: broke.advertiser.token })).body.waiting_on_funds).toBe(1);
});
