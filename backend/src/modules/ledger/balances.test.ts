import { liveAd, showAd } from "../../../test/ad-fixtures";
import { Account, signInAdmin } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { booksAgree } from "./books";

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1" });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

it("shows the admin the advertiser's balance their Billing tab shows, after a deposit, a credit and spend", async () => {
  const ad = await liveAd(t, { cpm: 4, funds: 100_000_000 });
  const credit = { advertiserEmail: ad.advertiser.email, amount: 50, memo: "Welcome" };
  expect((await t.gql(`mutation($input: AdvertiserMoneyInput!) { grantCredit(input: $input) { id } }`, { input: credit }, admin.token)).errors).toBeUndefined();
  for (let i = 0; i < 3; i++) await showAd(t, ad);
  await t.app.services.delivery.flush();

  const billing = (await t.gql("{ myFunds { balance deposits credits spent } }", {}, ad.advertiser.token)).data!.myFunds;
  // $100 paid in and $50 granted, less three impressions at a $4 CPM; spend counted as money in would read $150.012.
  expect(billing).toEqual({ deposits: 100, credits: 50, spent: 0.012, balance: 149.988 });
  const page = await t.gql("query($id: Int!) { managedUser(id: $id) { advertiserBalance } }", { id: ad.advertiser.id }, admin.token);
  expect(page.data!.managedUser.advertiserBalance).toBe(billing.balance);
  const rest = await t.rest("GET", `/admin/users/${ad.advertiser.id}`, { token: admin.token });
  expect(rest.body).toMatchObject({ id: ad.advertiser.id, role: "advertiser", advertiser_balance: billing.balance });
  expect((await t.rest("GET", `/admin/users/${ad.publisher.id}`, { token: admin.token })).body.advertiser_balance).toBeNull();
  expect(booksAgree(await t.app.services.ledger.checkBooks())).toBe(true);
});
