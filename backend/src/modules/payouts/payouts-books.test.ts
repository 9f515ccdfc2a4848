import { Account, creditEarnings, payoutMethodOnFile, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { PayoutsPaidInBooks1764500000000 } from "../../db/migrations/1764500000000-payouts-paid-in-books";
import { booksAgree } from "../ledger/books";

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const FINANCE = "{ financeSummary(months: 1) { payouts owedToPublishers awaitingPayout } }";
const thisMonth = async () => (await t.gql(FINANCE, {}, admin.token)).data!.financeSummary[0];
const bookTotal = async (book: string) =>
  Number((await t.app.dataSource.query("SELECT COALESCE(SUM(total_micros), 0) AS total FROM book_totals WHERE book = ? AND grain = 'a'", [book]))[0].total);

it("counts a payout as cash out when it is paid, and as awaiting payment while only requested", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 150_000_000);
  await payoutMethodOnFile(t, publisher);
  const payout = (await t.gql("mutation { requestPayout { id } }", {}, publisher.token)).data!.requestPayout;

  expect(await thisMonth()).toEqual({ payouts: 0, owedToPublishers: 0, awaitingPayout: 150 });
  expect(booksAgree(await t.app.services.ledger.checkBooks())).toBe(true);

  const paid = await t.gql(`mutation { markPayoutPaid(id: ${payout.id}, input: { reference: "BANK-1" }) { status } }`, {}, admin.token);
  expect(paid.errors).toBeUndefined();
  expect(await thisMonth()).toEqual({ payouts: 150, owedToPublishers: 0, awaitingPayout: 0 });
  expect(booksAgree(await t.app.services.ledger.checkBooks())).toBe(true);
  // A publisher's own balance does not move again when the money goes out.
  expect(await t.app.services.ledger.balance(publisher.id, "publisher_payable")).toBe(0);

  // The migration takes books kept the old way (cash out at the request) to the new, and back.
  const migration = new PayoutsPaidInBooks1764500000000();
  const runner = t.app.dataSource.createQueryRunner();
  try {
    await migration.down(runner);
    expect({ cashOut: await bookTotal("cash_out"), pending: await bookTotal("payouts_pending") }).toEqual({ cashOut: 150_000_000, pending: 0 });
    await migration.up(runner);
  } finally {
    await runner.release();
  }
  expect({ cashOut: await bookTotal("cash_out"), pending: await bookTotal("payouts_pending") }).toEqual({ cashOut: 150_000_000, pending: 0 });
  expect(await thisMonth()).toEqual({ payouts: 150, owedToPublishers: 0, awaitingPayout: 0 });
  expect(booksAgree(await t.app.services.ledger.checkBooks())).toBe(true);
  expect(await t.app.services.ledger.checkTotals()).toEqual([]);
});
