import { randomUUID } from "node:crypto";
import { atOnce, burstRoutes } from "../../../test/at-once";
import { Account, signInAdmin, signUp } from "../../../test/factories";
import { AppPair, type GraphQLResult, type RestResult, startAppPair, TestApp } from "../../../test/test-app";
import { AuditAction } from "../audit/audit-actions";
import { AuditEntry } from "../audit/audit-entry.entity";
import { DepositRequest } from "../funds/deposit-request.entity";
import { booksAgree } from "../ledger/books";
import { LedgerEntry, LedgerKind } from "../ledger/ledger-entry.entity";
import { IdempotencyKey } from "./idempotency-key.entity";
import { IDEMPOTENCY_WINDOW_MS } from "./idempotency-keys";

/** Identical calls at once, spread over both processes and both doors, each on a connection of its own. */
const BURST = 8;

let pair: AppPair;
let t: TestApp;
let admin: Account;
beforeAll(async () => {
  pair = await startAppPair({ MIN_DEPOSIT: "200" });
  t = pair.first;
  admin = await signInAdmin(t);
});
afterAll(() => pair.close());

const { app, byGraphql } = burstRoutes(() => pair);

/** A call's answer whichever door it came through: the GraphQL field's data, or the REST body; an error as its code and message. */
function answerOf(result: GraphQLResult | RestResult, field: string): unknown {
  if ("status" in result) return result.status === 201 ? result.body : { status: result.status, detail: result.body?.detail };
  return result.errors ? { code: result.errors[0].extensions?.code, field: result.errors[0].extensions?.field, message: result.errors[0].message } : result.data![field];
}

const grantCredit = (index: number, input: { advertiserEmail: string; amount: number; memo: string }, key?: string) =>
  byGraphql(index)
    ? app(index).gql(`mutation($input: AdvertiserMoneyInput!, $key: String) { grantCredit(input: $input, idempotencyKey: $key) { id email } }`, { input, key }, admin.token)
    : app(index).rest("POST", "/admin/credits", {
        token: admin.token,
        body: { advertiser_email: input.advertiserEmail, amount: input.amount, memo: input.memo },
        headers: key === undefined ? {} : { "idempotency-key": key },
      });

const requestDeposit = (index: number, advertiser: Account, amount: number, key?: string) =>
  byGraphql(index)
    ? app(index).gql(`mutation($amount: Float!, $key: String) { requestDeposit(amount: $amount, idempotencyKey: $key) { id reference amount } }`, { amount, key }, advertiser.token)
    : app(index).rest("POST", "/advertiser/deposits", { token: advertiser.token, body: { amount }, headers: key === undefined ? {} : { "idempotency-key": key } });

const credits = async (advertiser: Account) =>
  (await t.app.dataSource.getRepository(LedgerEntry).findBy({ userId: advertiser.id, kind: LedgerKind.CREDIT })).map((entry) => Number(entry.amountMicros));

async function booksHold() {
  expect(await t.app.services.ledger.checkTotals()).toEqual([]);
  expect(booksAgree(await t.app.services.ledger.checkBooks())).toBe(true);
}

describe("grantCredit under an idempotency key", () => {
  it("grants once when eight identical grants with one key arrive at once, answers each with the first grant, and grants again only under a new key", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const input = { advertiserEmail: advertiser.email, amount: 50, memo: "Welcome offer" };
    const key = randomUUID();

    const results = await atOnce<GraphQLResult | RestResult>(BURST, (index) => grantCredit(index, input, key));

    expect(results.map((result) => answerOf(result, "grantCredit"))).toEqual(Array(BURST).fill(expect.objectContaining({ id: advertiser.id, email: advertiser.email })));
    expect(await credits(advertiser)).toEqual([50_000_000]);
    expect(await t.app.dataSource.getRepository(AuditEntry).countBy({ action: AuditAction.CREDIT_GRANTED, targetId: advertiser.id })).toBe(1);

    // Later, the same key still answers the first grant; a new key is a new grant.
    expect(answerOf(await grantCredit(2, input, key), "grantCredit")).toMatchObject({ id: advertiser.id, email: advertiser.email });
    expect(await credits(advertiser)).toEqual([50_000_000]);
    expect(answerOf(await grantCredit(0, input, randomUUID()), "grantCredit")).toMatchObject({ id: advertiser.id, email: advertiser.email });
    expect(await credits(advertiser)).toEqual([50_000_000, 50_000_000]);
    await booksHold();
  });

  it("refuses the same key with other parameters through both doors, naming it, and grants nothing", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const key = randomUUID();
    await grantCredit(0, { advertiserEmail: advertiser.email, amount: 50, memo: "Welcome offer" }, key);
    const message = "This idempotency key was used in the last 24 hours for a different request: send a new key with a new request";
    expect(answerOf(await grantCredit(1, { advertiserEmail: advertiser.email, amount: 500, memo: "Welcome offer" }, key), "grantCredit")).toEqual({ code: "BAD_USER_INPUT", field: "idempotencyKey", message });
    expect(answerOf(await grantCredit(2, { advertiserEmail: advertiser.email, amount: 50, memo: "Another reason" }, key), "grantCredit")).toEqual({ status: 422, detail: message });
    expect(await credits(advertiser)).toEqual([50_000_000]);
  });

  it("grants every time without a key, as before keys", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const input = { advertiserEmail: advertiser.email, amount: 20, memo: "Goodwill" };
    await grantCredit(2, input);
    await grantCredit(0, input);
    expect(await credits(advertiser)).toEqual([20_000_000, 20_000_000]);
  });
});

describe("requestDeposit under an idempotency key", () => {
  it("announces one transfer when eight identical requests with one key arrive at once, each answered with its reference", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const key = randomUUID();

    const results = await atOnce<GraphQLResult | RestResult>(BURST, (index) => requestDeposit(index, advertiser, 300, key));

    const requests = await t.app.dataSource.getRepository(DepositRequest).findBy({ advertiserId: advertiser.id });
    expect(requests).toHaveLength(1);
    expect(results.map((result) => answerOf(result, "requestDeposit"))).toEqual(Array(BURST).fill(expect.objectContaining({ id: requests[0].id, reference: requests[0].reference, amount: 300 })));

    // Another advertiser's call with the same key is theirs; the same key for another amount is refused.
    const other = await signUp(t, "advertiser", {}, { funds: 0 });
    expect(answerOf(await requestDeposit(3, other, 300, key), "requestDeposit")).toMatchObject({ amount: 300, reference: expect.not.stringMatching(requests[0].reference) });
    expect(answerOf(await requestDeposit(1, advertiser, 400, key), "requestDeposit")).toMatchObject({ code: "BAD_USER_INPUT", field: "idempotencyKey" });
    expect(await t.app.dataSource.getRepository(DepositRequest).countBy({ advertiserId: advertiser.id })).toBe(1);
  });

  it("refuses a key too short, too long or with other characters, naming it, and announces nothing", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    for (const key of ["short", "x".repeat(256), "has spaces in it", "émoji-ключ-1234"]) {
      expect(answerOf(await requestDeposit(0, advertiser, 300, key), "requestDeposit")).toMatchObject({ code: "BAD_USER_INPUT", field: "idempotencyKey" });
      // HTTP headers carry bytes, not Unicode: fetch sends no such header, so that key goes through GraphQL only.
      if (/^[ -~]*$/.test(key)) {
        expect(answerOf(await requestDeposit(2, advertiser, 300, key), "requestDeposit")).toMatchObject({ status: 422, detail: expect.stringMatching(/^An idempotency key is 8 to 255/) });
      }
    }
    expect(await t.app.dataSource.getRepository(DepositRequest).countBy({ advertiserId: advertiser.id })).toBe(0);
  });

  it("forgets a key after 24 hours: it makes a new request then, and the scheduler purges it", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const key = randomUUID();
    const first = answerOf(await requestDeposit(0, advertiser, 300, key), "requestDeposit") as { id: number };
    const keys = t.app.dataSource.getRepository(IdempotencyKey);
    await keys.update({ userId: advertiser.id, key }, { createdAt: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS - 1000) });

    const second = answerOf(await requestDeposit(2, advertiser, 300, key), "requestDeposit") as { id: number };
    expect(second.id).not.toBe(first.id);
    expect(await t.app.dataSource.getRepository(DepositRequest).countBy({ advertiserId: advertiser.id })).toBe(2);

    await t.app.services.idempotencyKeys.purgeJob().run({ nowMs: Date.now() + IDEMPOTENCY_WINDOW_MS + 1000, stillHeld: () => true });
    expect(await keys.countBy({ userId: advertiser.id })).toBe(0);
  });
});
