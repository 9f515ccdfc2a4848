import { Account, creditEarnings, payoutMethodOnFile, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { PayoutsService, payableFromMs } from "./payouts.service";

let t: TestApp;
let admin: Account;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

/** Payable earnings (dated months back, past Net-30) and a payout method on file: what a request needs. */
async function payable(publisher: Account, micros: number) {
  await creditEarnings(t, publisher.id, micros);
  await payoutMethodOnFile(t, publisher);
}

const balanceOf = async (publisher: Account) =>
  (await t.gql<{ myBalance: Record<string, number | boolean> }>("{ myBalance { earned available requested paid minimumPayout canRequestPayout } }", {}, publisher.token)).data!.myBalance;
const markPaid = (id: number, token: string, fields = "status paidAt") =>
  t.gql(`mutation { markPayoutPaid(id: ${id}, input: { reference: "BANK-REF-${id}" }) { ${fields} } }`, {}, token);
const requestPayout = (publisher: Account) => t.gql<{ requestPayout: { id: number; amount: number; status: string } }>("mutation { requestPayout { id amount status } }", {}, publisher.token);

it("refuses a payout below $100 and records nothing", async () => {
  const publisher = await signUp(t, "publisher");
  await payable(publisher, 99_990_000);
  const result = await requestPayout(publisher);
  expect(result.errors?.[0]).toMatchObject({ message: "A payout needs at least $100 available; you have $99.99", extensions: { code: "BAD_USER_INPUT" } });
  expect(await balanceOf(publisher)).toEqual({ earned: 99.99, available: 99.99, requested: 0, paid: 0, minimumPayout: 100, canRequestPayout: false });
  expect((await t.gql("{ myPayouts { id } }", {}, publisher.token)).data).toEqual({ myPayouts: [] });
});

it("requests the whole available balance once, so the same money cannot be requested twice", async () => {
  const publisher = await signUp(t, "publisher");
  await payable(publisher, 150_250_000);
  const first = await requestPayout(publisher);
  expect(first.data!.requestPayout).toMatchObject({ amount: 150.25, status: "REQUESTED" });
  expect(await balanceOf(publisher)).toEqual({ earned: 150.25, available: 0, requested: 150.25, paid: 0, minimumPayout: 100, canRequestPayout: false });
  // One request waits at a time: a second before the first is paid is a conflict.
  expect((await requestPayout(publisher)).errors?.[0]).toMatchObject({ extensions: { code: "CONFLICT" } });
});

it("lets only one of many simultaneous requests through", async () => {
  const publisher = await signUp(t, "publisher");
  await payable(publisher, 120_000_000);
  const results = await Promise.all(Array.from({ length: 8 }, () => requestPayout(publisher)));
  expect(results.filter((result) => result.data?.requestPayout).length).toBe(1);
  expect((await balanceOf(publisher)).available).toBe(0);
  expect(await t.app.services.ledger.balance(publisher.id, "publisher_payable")).toBe(0);
});

it("keeps the balance equal to the sum of the ledger entries, with new earnings after a payout", async () => {
  const publisher = await signUp(t, "publisher");
  await payable(publisher, 100_000_000);
  await requestPayout(publisher);
  await payable(publisher, 12_345_678);
  const entries = await t.app.dataSource.query("SELECT amount_micros FROM ledger_entries WHERE user_id = ?", [publisher.id]);
  const sum = entries.reduce((total: number, row: { amount_micros: string | number }) => total + Number(row.amount_micros), 0);
  expect(sum).toBe(12_345_678);
  expect(await balanceOf(publisher)).toMatchObject({ earned: 112.345678, available: 12.345678, requested: 100 });
});

it("lets an admin see requests and mark them paid, once", async () => {
  const publisher = await signUp(t, "publisher");
  await payable(publisher, 200_000_000);
  const payout = (await requestPayout(publisher)).data!.requestPayout;
  const requested = await t.gql<{ payouts: { items: { id: number }[] } }>("{ payouts(input: { status: REQUESTED, limit: 100 }) { items { id } } }", {}, admin.token);
  expect(requested.data!.payouts.items.map((p) => p.id)).toContain(payout.id);

  const paid = await markPaid(payout.id, admin.token);
  expect(paid.data).toEqual({ markPayoutPaid: { status: "PAID", paidAt: expect.any(String) } });
  expect(await balanceOf(publisher)).toMatchObject({ available: 0, requested: 0, paid: 200 });
  const again = await markPaid(payout.id, admin.token, "status");
  expect(again.errors?.[0]).toMatchObject({ message: "This payout is already paid", extensions: { code: "CONFLICT" } });
});

it("shows each publisher only their own payouts", async () => {
  const owner = await signUp(t, "publisher");
  const stranger = await signUp(t, "publisher");
  await payable(owner, 100_000_000);
  await requestPayout(owner);
  expect((await t.gql("{ myPayouts { id } }", {}, stranger.token)).data).toEqual({ myPayouts: [] });
});

it("lists paid payouts under their status with when they were paid, and a second Mark Paid changes nothing", async () => {
  const publisher = await signUp(t, "publisher");
  await payable(publisher, 123_450_000);
  const payout = (await requestPayout(publisher)).data!.requestPayout;
  const listed = async (status: string) =>
    (await t.gql<{ payouts: { items: { id: number; status: string; paidAt: string | null }[] } }>(`{ payouts(input: { status: ${status}, limit: 100 }) { items { id status paidAt } } }`, {}, admin.token))
      .data!.payouts.items.filter((p) => p.id === payout.id);

  const paid = ((await markPaid(payout.id, admin.token, "paidAt")).data as { markPayoutPaid: { paidAt: string } }).markPayoutPaid;
  const again = await markPaid(payout.id, admin.token, "id");

  expect(again.errors?.[0]?.extensions?.code).toBe("CONFLICT");
  expect(await listed("REQUESTED")).toEqual([]);
  expect(await listed("PAID")).toEqual([{ id: payout.id, status: "PAID", paidAt: paid.paidAt }]);
});

it("pays a payout once when two admins mark it paid at the same moment", async () => {
  const publisher = await signUp(t, "publisher");
  await payable(publisher, 100_000_000);
  const payout = (await requestPayout(publisher)).data!.requestPayout;

  const results = await Promise.all([1, 2].map(() => markPaid(payout.id, admin.token, "id")));

  expect(results.map((result) => result.errors?.[0]?.extensions?.code ?? "paid").sort()).toEqual(["CONFLICT", "paid"]);
});

describe("Net-30", () => {
  const at = (iso: string) => Date.parse(iso);

  it("makes a month's earnings payable 30 days after the month's last moment", () => {
    expect(new Date(payableFromMs(at("2026-01-01T00:00:00Z"))).toISOString()).toBe("2026-03-03T00:00:00.000Z");
    // February has 28 days in 2026: it ends on 1 March, and 30 days later is 31 March.
    expect(new Date(payableFromMs(at("2026-02-01T00:00:00Z"))).toISOString()).toBe("2026-03-31T00:00:00.000Z");
    expect(new Date(payableFromMs(at("2026-12-01T00:00:00Z"))).toISOString()).toBe("2027-01-31T00:00:00.000Z");
  });

  it("keeps earnings either side of a month's edge pending until their own month's 30 days have passed", async () => {
    const publisher = await signUp(t, "publisher");
    await payoutMethodOnFile(t, publisher);
    await creditEarnings(t, publisher.id, 60_000_000, new Date("2026-01-31T23:59:59.999Z"));
    await creditEarnings(t, publisher.id, 70_000_000, new Date("2026-02-01T00:00:00.000Z"));
    const user = (await t.app.services.users.byIds([publisher.id])).get(publisher.id)!;
    const balanceAt = async (iso: string) => {
      const { earnedMicros, pendingMicros, payableMicros, nextPayableAt } = await new PayoutsService(t.app.dataSource, t.app.services.ledger, t.app.services.audit, false, undefined, () => at(iso)).balance(user);
      return { earnedMicros, pendingMicros, payableMicros, nextPayableAt: nextPayableAt?.toISOString() ?? null };
    };

    expect(await balanceAt("2026-03-02T23:59:59.999Z")).toEqual({ earnedMicros: 130_000_000, pendingMicros: 130_000_000, payableMicros: 0, nextPayableAt: "2026-03-03T00:00:00.000Z" });
    expect(await balanceAt("2026-03-03T00:00:00.000Z")).toEqual({ earnedMicros: 130_000_000, pendingMicros: 70_000_000, payableMicros: 60_000_000, nextPayableAt: "2026-03-31T00:00:00.000Z" });
    expect(await balanceAt("2026-03-30T23:59:59.999Z")).toMatchObject({ pendingMicros: 70_000_000, payableMicros: 60_000_000 });
    expect(await balanceAt("2026-03-31T00:00:00.000Z")).toEqual({ earnedMicros: 130_000_000, pendingMicros: 0, payableMicros: 130_000_000, nextPayableAt: null });

    const early = new PayoutsService(t.app.dataSource, t.app.services.ledger, t.app.services.audit, false, undefined, () => at("2026-03-30T12:00:00Z"));
    await expect(early.request(user)).rejects.toMatchObject({ code: "BAD_USER_INPUT", field: "amount", message: "A payout needs at least $100 available; you have $60.00; $70.00 more becomes payable on 2026-03-31" });
    const onTime = new PayoutsService(t.app.dataSource, t.app.services.ledger, t.app.services.audit, false, undefined, () => at("2026-03-31T00:00:00Z"));
    expect((await onTime.request(user)).amountMicros).toBe(130_000_000);
  });

  it("shows this month's earnings as pending, not payable, through the API", async () => {
    const publisher = await signUp(t, "publisher");
    await payoutMethodOnFile(t, publisher);
    await creditEarnings(t, publisher.id, 150_000_000, new Date());
    const balance = (await t.gql("{ myBalance { earned pending payable requested paid hasPayoutMethod canRequestPayout nextPayableAt } }", {}, publisher.token)).data!.myBalance;
    expect(balance).toMatchObject({ earned: 150, pending: 150, payable: 0, hasPayoutMethod: true, canRequestPayout: false, nextPayableAt: expect.any(String) });
    expect((await requestPayout(publisher)).errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "amount" } });
  });
});

describe("requests", () => {
  it("needs a payout method on file, and names the field", async () => {
    const publisher = await signUp(t, "publisher");
    await creditEarnings(t, publisher.id, 150_000_000);
    expect((await requestPayout(publisher)).errors?.[0]).toMatchObject({ message: "Add a payout method before requesting a payout", extensions: { code: "BAD_USER_INPUT", field: "method" } });
    expect((await t.gql("{ myBalance { canRequestPayout hasPayoutMethod payable } }", {}, publisher.token)).data!.myBalance).toEqual({ canRequestPayout: false, hasPayoutMethod: false, payable: 150 });
    expect((await t.gql("{ myPayouts { id } }", {}, publisher.token)).data).toEqual({ myPayouts: [] });
  });

  it("takes part of what is payable when asked, never more than is payable", async () => {
    const publisher = await signUp(t, "publisher");
    await payable(publisher, 250_000_000);
    const tooMuch = await t.gql("mutation { requestPayout(amount: 250.01) { id } }", {}, publisher.token);
    expect(tooMuch.errors?.[0]).toMatchObject({ message: "You can request at most $250.00, what is payable now", extensions: { code: "BAD_USER_INPUT", field: "amount" } });
    const tooLittle = await t.gql("mutation { requestPayout(amount: 99.99) { id } }", {}, publisher.token);
    expect(tooLittle.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "amount" } });
    const part = await t.gql("mutation { requestPayout(amount: 120) { amount method { type masked } } }", {}, publisher.token);
    expect(part.data).toEqual({ requestPayout: { amount: 120, method: { type: "BANK_TRANSFER", masked: "DE89 **** **** 3000" } } });
    expect((await t.gql("{ myBalance { payable requested } }", {}, publisher.token)).data!.myBalance).toEqual({ payable: 130, requested: 120 });
  });

  it("answers the loser of two racing requests CONFLICT and records one payout", async () => {
    const publisher = await signUp(t, "publisher");
    await payable(publisher, 300_000_000);
    const results = await Promise.all([requestPayout(publisher), t.gql("mutation { requestPayout(amount: 100) { id } }", {}, publisher.token)]);
    expect(results.map((result) => result.errors?.[0]?.extensions?.code ?? "requested").sort()).toEqual(["CONFLICT", "requested"]);
    expect((await t.gql<{ myPayouts: unknown[] }>("{ myPayouts { id } }", {}, publisher.token)).data!.myPayouts).toHaveLength(1);
  });

  it("lets the next request through once the waiting one is paid", async () => {
    const publisher = await signUp(t, "publisher");
    await payable(publisher, 150_000_000);
    const first = (await requestPayout(publisher)).data!.requestPayout;
    await markPaid(first.id, admin.token);
    await creditEarnings(t, publisher.id, 100_000_000);
    expect((await requestPayout(publisher)).data!.requestPayout).toMatchObject({ amount: 100, status: "REQUESTED" });
  });
});

describe("paying", () => {
  it("records the method and the reference, and refuses a blank reference naming the field", async () => {
    const publisher = await signUp(t, "publisher");
    await payable(publisher, 100_000_000);
    const payout = (await requestPayout(publisher)).data!.requestPayout;
    const blank = await t.gql(`mutation { markPayoutPaid(id: ${payout.id}, input: { reference: "  " }) { id } }`, {}, admin.token);
    expect(blank.errors?.[0]).toMatchObject({ message: "Reference is required", extensions: { code: "BAD_USER_INPUT", field: "reference" } });
    const paid = await t.gql(`mutation { markPayoutPaid(id: ${payout.id}, input: { method: WIRE, reference: "SEPA-2026-0042" }) { status paidMethod paidReference } }`, {}, admin.token);
    expect(paid.data).toEqual({ markPayoutPaid: { status: "PAID", paidMethod: "WIRE", paidReference: "SEPA-2026-0042" } });
    const byPublisher = await t.gql(`mutation { markPayoutPaid(id: ${payout.id}, input: { reference: "x" }) { id } }`, {}, publisher.token);
    expect(byPublisher.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("exports the requested payouts as one CSV for the bank, to admins only", async () => {
    const publisher = await signUp(t, "publisher", { full_name: "Batch Publisher" });
    await payable(publisher, 111_110_000);
    const payout = (await requestPayout(publisher)).data!.requestPayout;
    const download = (token?: string) => fetch(`${t.url}/api/admin/payouts/requested.csv`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

    const response = await download(admin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="payout-batch-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).trim().split("\n");
    expect(lines[0]).toBe("payout_id,reference,publisher,email,amount_usd,method,account_holder,iban,bic,paypal_email,account_number,routing_number,bank_name,bank_address,requested_at");
    expect(lines.find((line) => line.startsWith(`${payout.id},`))).toMatch(
      new RegExp(`^${payout.id},ADNET-PAYOUT-${payout.id},Batch Publisher,${publisher.email},111.11,bank_transfer,Test Publisher,DE89370400440532013000,COBADEFFXXX,,,,,,`),
    );

    expect((await download(publisher.token)).status).toBe(403);
    expect((await download()).status).toBe(401);
  });
});
