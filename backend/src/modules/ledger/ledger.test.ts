import { liveAd, showAd } from "../../../test/ad-fixtures";
import { creditEarnings, payoutMethodOnFile, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { LedgerKind } from "./ledger-entry.entity";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1" });
});
afterAll(() => t.close());

const summedPostings = async (userId: number, book: string) =>
  Number((await t.app.dataSource.query("SELECT COALESCE(SUM(amount_micros), 0) AS total FROM journal_postings WHERE user_id = ? AND book = ?", [userId, book]))[0].total);

it("keeps each account's balance equal to the sum of its postings in the books through delivery, payouts and concurrent appends", async () => {
  const ad = await liveAd(t, { cpm: 4 });
  for (let i = 0; i < 3; i++) await showAd(t, ad);
  await t.app.services.delivery.flush();
  await creditEarnings(t, ad.publisher.id, 100_000_000);
  await payoutMethodOnFile(t, ad.publisher);
  // This month's impressions are not payable yet (Net-30): the request takes the older $100.
  expect((await t.gql("mutation { requestPayout { amount } }", {}, ad.publisher.token)).data).toEqual({ requestPayout: { amount: 100 } });

  const busy = await signUp(t, "publisher");
  await Promise.all(Array.from({ length: 20 }, (_, i) => creditEarnings(t, busy.id, 1_000_000 + i)));

  for (const userId of [ad.publisher.id, busy.id]) {
    expect(await t.app.services.ledger.balance(userId, "publisher_payable")).toBe(await summedPostings(userId, "publisher_payable"));
  }
  expect(await t.app.services.ledger.balance(ad.advertiser.id, "advertiser_funds")).toBe(await summedPostings(ad.advertiser.id, "advertiser_funds"));
  expect(await t.app.services.ledger.balance(busy.id, "publisher_payable")).toBe(20_000_190);
  expect(await t.app.services.ledger.totalOf(ad.advertiser.id, LedgerKind.SPEND)).toBe(12_000);
  expect(await t.app.services.ledger.checkTotals()).toEqual([]);
});

it("reports an account whose running total no longer matches its entries", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 5_000_000);
  const tamper = (micros: number) =>
    t.app.dataSource.query("UPDATE ledger_totals SET total_micros = total_micros + ? WHERE account = 'user' AND account_id = ? AND grain = 'a'", [micros, publisher.id]);
  await tamper(1);
  expect(await t.app.services.ledger.checkTotals()).toEqual([{ account: "user", accountId: publisher.id, kind: "earning", entriesMicros: 5_000_000, totalMicros: 5_000_001 }]);
  await tamper(-1);
});
