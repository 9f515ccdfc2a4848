import { atOnce, graphqlOutcomes } from "../../../test/at-once";
import { Account, creditEarnings, payoutMethodOnFile, signInAdmin, signUp } from "../../../test/factories";
import { AppPair, startAppPair, TestApp } from "../../../test/test-app";
import { AuditAction } from "../audit/audit-actions";
import { AuditEntry } from "../audit/audit-entry.entity";
import { LedgerEntry, LedgerKind } from "../ledger/ledger-entry.entity";
import { booksAgree } from "../ledger/books";
import { MailMessage } from "../mail/mail-message.entity";
import { NotificationKind } from "../notifications/notification-kinds";
import { WebhookDelivery } from "../webhooks/webhook-delivery.entity";
import { Payout } from "./payout.entity";

/** Identical calls at once, spread over both processes, each on a connection of its own. */
const BURST = 6;

let pair: AppPair;
let t: TestApp;
let admin: Account;
beforeAll(async () => {
  pair = await startAppPair();
  t = pair.first;
  admin = await signInAdmin(t);
});
afterAll(() => pair.close());

const app = (index: number) => (index % 2 === 0 ? pair.first : pair.second);

async function ledgerRows(publisherId: number, kind: LedgerKind) {
  return t.app.dataSource.getRepository(LedgerEntry).findBy({ userId: publisherId, kind });
}

async function booksHold() {
  expect(await t.app.services.ledger.checkTotals()).toEqual([]);
  expect(booksAgree(await t.app.services.ledger.checkBooks())).toBe(true);
}

it("requests a payout once when the same request arrives six times at once through two processes", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 150_000_000);
  await payoutMethodOnFile(t, publisher);

  const results = await atOnce(BURST, (index) => app(index).gql("mutation { requestPayout { id amount status } }", {}, publisher.token));

  expect(graphqlOutcomes(results)).toEqual({ succeeded: 1, conflicts: BURST - 1, others: [] });
  expect(results.flatMap((result) => result.errors ?? []).map((error) => error.message)).toEqual(
    Array(BURST - 1).fill("A payout request is already waiting to be paid; you can request again once it is paid"),
  );
  expect(await t.app.dataSource.getRepository(Payout).countBy({ publisherId: publisher.id })).toBe(1);
  expect((await ledgerRows(publisher.id, LedgerKind.PAYOUT)).map((entry) => Number(entry.amountMicros))).toEqual([-150_000_000]);
  await booksHold();
});

it("marks a payout paid once when six admins' clicks arrive at once through two processes: one posting, one audit entry, one e-mail, one webhook event", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 120_000_000);
  await payoutMethodOnFile(t, publisher);
  const hook = await t.gql(`mutation { createWebhookEndpoint(input: { url: "https://hooks.example.com/adnet", eventTypes: ["payout.paid"] }) { secret } }`, {}, publisher.token);
  expect(hook.errors).toBeUndefined();
  const { id } = (await t.gql<{ requestPayout: { id: number } }>("mutation { requestPayout { id } }", {}, publisher.token)).data!.requestPayout;

  const results = await atOnce(BURST, (index) => app(index).gql(`mutation { markPayoutPaid(id: ${id}, input: { reference: "BANK-REF-${id}" }) { status } }`, {}, admin.token));

  expect(graphqlOutcomes(results)).toEqual({ succeeded: 1, conflicts: BURST - 1, others: [] });
  expect(new Set(results.flatMap((result) => result.errors ?? []).map((error) => error.message))).toEqual(new Set(["This payout is already paid"]));
  expect((await ledgerRows(publisher.id, LedgerKind.PAYOUT_PAID)).map((entry) => Number(entry.amountMicros))).toEqual([-120_000_000]);
  expect(await t.app.dataSource.getRepository(AuditEntry).countBy({ action: AuditAction.PAYOUT_PAID, targetType: "payout", targetId: id })).toBe(1);
  expect(await t.app.dataSource.getRepository(MailMessage).countBy({ userId: publisher.id, kind: NotificationKind.PAYOUT_PAID })).toBe(1);
  expect(await t.app.dataSource.getRepository(WebhookDelivery).countBy({ eventType: "payout.paid" })).toBe(1);
  await booksHold();
});
