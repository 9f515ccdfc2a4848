import { atOnce, graphqlOutcomes, type Outcomes, restOutcomes, burstRoutes } from "../../../test/at-once";
import { Account, signInAdmin, signUp } from "../../../test/factories";
import { AppPair, type GraphQLResult, type RestResult, startAppPair, TestApp } from "../../../test/test-app";
import { AuditAction } from "../audit/audit-actions";
import { AuditEntry } from "../audit/audit-entry.entity";
import { LedgerEntry, LedgerKind } from "../ledger/ledger-entry.entity";
import { booksAgree } from "../ledger/books";
import { MailMessage } from "../mail/mail-message.entity";
import { NotificationKind } from "../notifications/notification-kinds";
import { WebhookDelivery } from "../webhooks/webhook-delivery.entity";
import { DepositRequest } from "./deposit-request.entity";

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

function outcomes(results: (GraphQLResult | RestResult)[]): Outcomes & { messages: Set<string> } {
  const graphql = graphqlOutcomes(results.filter((_, index) => byGraphql(index)) as GraphQLResult[]);
  const rest = restOutcomes(results.filter((_, index) => !byGraphql(index)) as RestResult[]);
  const messages = new Set(
    results.flatMap((result) => ("status" in result ? (result.status === 409 ? [String(result.body.detail)] : []) : (result.errors ?? []).map((error) => error.message))),
  );
  return { succeeded: graphql.succeeded + rest.succeeded, conflicts: graphql.conflicts + rest.conflicts, others: [...graphql.others, ...rest.others], messages };
}

async function pendingDeposit(advertiser: Account, amount: number): Promise<{ id: number; reference: string }> {
  const requested = await t.rest("POST", "/advertiser/deposits", { token: advertiser.token, body: { amount } });
  expect(requested.status).toBe(201);
  return requested.body;
}

async function booksHold() {
  expect(await t.app.services.ledger.checkTotals()).toEqual([]);
  expect(booksAgree(await t.app.services.ledger.checkBooks())).toBe(true);
}

it("records a transfer once when eight admins record it at once through both doors and two processes: one deposit, one audit entry, one e-mail, one webhook event", async () => {
  const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
  const hook = await t.gql(`mutation { createWebhookEndpoint(input: { url: "https://hooks.example.com/adnet", eventTypes: ["deposit.received"] }) { secret } }`, {}, advertiser.token);
  expect(hook.errors).toBeUndefined();
  const { id, reference } = await pendingDeposit(advertiser, 300);

  const results = await atOnce<GraphQLResult | RestResult>(BURST, (index) =>
    byGraphql(index)
      ? app(index).gql(`mutation($input: RecordDepositInput!) { recordDeposit(input: $input) { status } }`, { input: { reference, amount: 300 } }, admin.token)
      : app(index).rest("POST", "/admin/deposits/record", { token: admin.token, body: { reference, amount: 300 } }),
  );

  const { messages, ...counts } = outcomes(results);
  expect(counts).toEqual({ succeeded: 1, conflicts: BURST - 1, others: [] });
  expect(messages).toEqual(new Set([`The transfer with the reference ${reference} was already recorded`]));
  expect((await t.app.dataSource.getRepository(LedgerEntry).findBy({ userId: advertiser.id, kind: LedgerKind.DEPOSIT })).map((entry) => Number(entry.amountMicros))).toEqual([300_000_000]);
  expect(await t.app.dataSource.getRepository(AuditEntry).countBy({ action: AuditAction.DEPOSIT_RECORDED, targetType: "deposit", targetId: id })).toBe(1);
  expect(await t.app.dataSource.getRepository(MailMessage).countBy({ userId: advertiser.id, kind: NotificationKind.DEPOSIT_RECEIVED })).toBe(1);
  expect(await t.app.dataSource.getRepository(WebhookDelivery).countBy({ eventType: "deposit.received" })).toBe(1);
  await booksHold();
});

it("cancels a request once when the advertiser's cancel arrives eight times at once, and a record racing it either records or is refused", async () => {
  const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
  const { id } = await pendingDeposit(advertiser, 250);

  const results = await atOnce<GraphQLResult | RestResult>(BURST, (index) =>
    byGraphql(index)
      ? app(index).gql(`mutation($id: Int!) { cancelDeposit(id: $id) { status } }`, { id }, advertiser.token)
      : app(index).rest("POST", `/advertiser/deposits/${id}/cancel`, { token: advertiser.token }),
  );

  const { messages, ...counts } = outcomes(results);
  expect(counts).toEqual({ succeeded: 1, conflicts: BURST - 1, others: [] });
  expect(messages.size).toBe(1);
  expect([...messages][0]).toMatch(/^The transfer with the reference ADN-\S+ was cancelled by the advertiser$/);
  expect(await t.app.dataSource.getRepository(DepositRequest).findOneByOrFail({ id })).toMatchObject({ status: "cancelled" });

  // A cancel and a record of the same request at once: exactly one of them moves it.
  const other = await pendingDeposit(advertiser, 400);
  const [cancelled, recorded] = await Promise.all([
    pair.first.rest("POST", `/advertiser/deposits/${other.id}/cancel`, { token: advertiser.token }),
    pair.second.rest("POST", "/admin/deposits/record", { token: admin.token, body: { reference: other.reference, amount: 400 } }),
  ]);
  expect([cancelled.status, recorded.status].sort()).toEqual([200, 409]);
  const deposits = await t.app.dataSource.getRepository(LedgerEntry).countBy({ userId: advertiser.id, kind: LedgerKind.DEPOSIT });
  expect(deposits).toBe(recorded.status === 200 ? 1 : 0);
  await booksHold();
});
