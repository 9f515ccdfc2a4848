import { Account, creditEarnings, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let admin: Account;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const balanceOf = async (publisher: Account) =>
  (await t.gql<{ myBalance: Record<string, number | boolean> }>("{ myBalance { earned available requested paid minimumPayout canRequestPayout } }", {}, publisher.token)).data!.myBalance;
const requestPayout = (publisher: Account) => t.gql<{ requestPayout: { id: number; amount: number; status: string } }>("mutation { requestPayout { id amount status } }", {}, publisher.token);

it("refuses a payout below $100 and records nothing", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 99_990_000);
  const result = await requestPayout(publisher);
  expect(result.errors?.[0]).toMatchObject({ message: "A payout needs at least $100 available; you have $99.99", extensions: { code: "BAD_USER_INPUT" } });
  expect(await balanceOf(publisher)).toEqual({ earned: 99.99, available: 99.99, requested: 0, paid: 0, minimumPayout: 100, canRequestPayout: false });
  expect((await t.gql("{ myPayouts { id } }", {}, publisher.token)).data).toEqual({ myPayouts: [] });
});

it("requests the whole available balance once, so the same money cannot be requested twice", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 150_250_000);
  const first = await requestPayout(publisher);
  expect(first.data!.requestPayout).toMatchObject({ amount: 150.25, status: "REQUESTED" });
  expect(await balanceOf(publisher)).toEqual({ earned: 150.25, available: 0, requested: 150.25, paid: 0, minimumPayout: 100, canRequestPayout: false });
  expect((await requestPayout(publisher)).errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
});

it("lets only one of many simultaneous requests through", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 120_000_000);
  const results = await Promise.all(Array.from({ length: 8 }, () => requestPayout(publisher)));
  expect(results.filter((result) => result.data?.requestPayout).length).toBe(1);
  expect((await balanceOf(publisher)).available).toBe(0);
  expect(await t.app.services.ledger.balance(publisher.id)).toBe(0);
});

it("keeps the balance equal to the sum of the ledger entries, with new earnings after a payout", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 100_000_000);
  await requestPayout(publisher);
  await creditEarnings(t, publisher.id, 12_345_678);
  const entries = await t.app.dataSource.query("SELECT amount_micros FROM ledger_entries WHERE user_id = ?", [publisher.id]);
  const sum = entries.reduce((total: number, row: { amount_micros: string | number }) => total + Number(row.amount_micros), 0);
  expect(sum).toBe(12_345_678);
  expect(await balanceOf(publisher)).toMatchObject({ earned: 112.345678, available: 12.345678, requested: 100 });
});

it("lets an admin see requests and mark them paid, once", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 200_000_000);
  const payout = (await requestPayout(publisher)).data!.requestPayout;
  const requested = await t.gql<{ payouts: { items: { id: number }[] } }>("{ payouts(input: { status: REQUESTED, limit: 100 }) { items { id } } }", {}, admin.token);
  expect(requested.data!.payouts.items.map((p) => p.id)).toContain(payout.id);

  const paid = await t.gql(`mutation { markPayoutPaid(id: ${payout.id}) { status paidAt } }`, {}, admin.token);
  expect(paid.data).toEqual({ markPayoutPaid: { status: "PAID", paidAt: expect.any(String) } });
  expect(await balanceOf(publisher)).toMatchObject({ available: 0, requested: 0, paid: 200 });
  const again = await t.gql(`mutation { markPayoutPaid(id: ${payout.id}) { status } }`, {}, admin.token);
  expect(again.errors?.[0]).toMatchObject({ message: "This payout is already paid", extensions: { code: "CONFLICT" } });
});

it("shows each publisher only their own payouts", async () => {
  const owner = await signUp(t, "publisher");
  const stranger = await signUp(t, "publisher");
  await creditEarnings(t, owner.id, 100_000_000);
  await requestPayout(owner);
  expect((await t.gql("{ myPayouts { id } }", {}, stranger.token)).data).toEqual({ myPayouts: [] });
});

it("lists paid payouts under their status with when they were paid, and a second Mark Paid changes nothing", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 123_450_000);
  const payout = (await requestPayout(publisher)).data!.requestPayout;
  const listed = async (status: string) =>
    (await t.gql<{ payouts: { items: { id: number; status: string; paidAt: string | null }[] } }>(`{ payouts(input: { status: ${status}, limit: 100 }) { items { id status paidAt } } }`, {}, admin.token))
      .data!.payouts.items.filter((p) => p.id === payout.id);

  const paid = (await t.gql<{ markPayoutPaid: { paidAt: string } }>(`mutation { markPayoutPaid(id: ${payout.id}) { paidAt } }`, {}, admin.token)).data!
    .markPayoutPaid;
  const again = await t.gql(`mutation { markPayoutPaid(id: ${payout.id}) { id } }`, {}, admin.token);

  expect(again.errors?.[0]?.extensions?.code).toBe("CONFLICT");
  expect(await listed("REQUESTED")).toEqual([]);
  expect(await listed("PAID")).toEqual([{ id: payout.id, status: "PAID", paidAt: paid.paidAt }]);
});

it("pays a payout once when two admins mark it paid at the same moment", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 100_000_000);
  const payout = (await requestPayout(publisher)).data!.requestPayout;

  const results = await Promise.all([1, 2].map(() => t.gql(`mutation { markPayoutPaid(id: ${payout.id}) { id } }`, {}, admin.token)));

  expect(results.map((result) => result.errors?.[0]?.extensions?.code ?? "paid").sort()).toEqual(["CONFLICT", "paid"]);
});
