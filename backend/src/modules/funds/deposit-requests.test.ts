import { Account, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { MailMessage } from "../mail/mail-message.entity";
import { NotificationKind } from "../notifications/notification-kinds";

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp({ MIN_DEPOSIT: "200" });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const REQUEST = "id reference amount received note status actions receivedAt cancelledAt";

async function myRequests(advertiser: Account) {
  const result = await t.gql(`{ myFunds { balance requests { ${REQUEST} } } }`, {}, advertiser.token);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.myFunds;
}

const announce = async (advertiser: Account, amount: number) => (await t.rest("POST", "/advertiser/deposits", { token: advertiser.token, body: { amount } })).body;
const record = (input: Record<string, unknown>) =>
  t.gql(`mutation($input: RecordDepositInput!) { recordDeposit(input: $input) { ${REQUEST} } }`, { input }, admin.token);
const cancel = (id: number, token: string) => t.gql(`mutation($id: Int!) { cancelDeposit(id: $id) { ${REQUEST} } }`, { id }, token);
const adminList = (input: Record<string, unknown>) =>
  t.gql(`query($input: DepositListInput) { depositRequests(input: $input) { items { ${REQUEST} advertiserEmail } totalCount } }`, { input }, admin.token);

async function auditOf(action: string, targetUserId: number) {
  const result = await t.gql(
    `query($input: AuditLogInput) { auditLog(input: $input) { items { action actorEmail targetType targetId targetUserId before after } } }`,
    { input: { action, targetUserId } },
    admin.token,
  );
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.auditLog.items.map((item: Record<string, string | null>) => ({
    ...item,
    before: item.before && JSON.parse(item.before),
    after: item.after && JSON.parse(item.after),
  }));
}

describe("a deposit request's lifecycle", () => {
  it("serves each reader the moves open to them: the advertiser may cancel a pending request, the admin may record it", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const announced = await announce(advertiser, 500);
    expect(announced).toMatchObject({ status: "pending", actions: ["cancel"] });
    expect((await myRequests(advertiser)).requests).toEqual([expect.objectContaining({ reference: announced.reference, status: "PENDING", actions: ["CANCEL"] })]);
    const listed = await adminList({ search: announced.reference });
    expect(listed.data?.depositRequests.items).toEqual([expect.objectContaining({ reference: announced.reference, actions: ["RECORD"] })]);
  });

  it("keeps the amount announced beside the amount received, with the admin's note, and offers no move afterwards", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const { reference } = await announce(advertiser, 500);
    const recorded = await record({ reference, amount: 480, memo: "Bank fee of $20 deducted" });
    expect(recorded.data?.recordDeposit).toMatchObject({ reference, amount: 500, received: 480, note: "Bank fee of $20 deducted", status: "RECEIVED", actions: [] });
    const funds = await myRequests(advertiser);
    expect(funds.balance).toBe(480);
    expect(funds.requests).toEqual([expect.objectContaining({ amount: 500, received: 480, note: "Bank fee of $20 deducted", status: "RECEIVED", actions: [] })]);
    const [entry] = await t.app.dataSource.query("SELECT memo FROM ledger_entries WHERE user_id = ?", [advertiser.id]);
    expect(entry.memo).toBe("Bank fee of $20 deducted");
  });

  it("refuses a note longer than the books keep, naming the field, and records nothing", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const { reference } = await announce(advertiser, 500);
    const options = await t.gql("{ formOptions { maxLength { memo } } }");
    const max = options.data!.formOptions.maxLength.memo;
    const refused = await record({ reference, amount: 500, memo: "n".repeat(max + 1) });
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "memo" } });
    expect((await myRequests(advertiser)).requests).toEqual([expect.objectContaining({ status: "PENDING", received: null })]);
    const accepted = await record({ reference, amount: 500, memo: "n".repeat(max) });
    expect(accepted.data?.recordDeposit).toMatchObject({ status: "RECEIVED", note: "n".repeat(max) });
  });

  it("lists recorded deposits for admins a page at a time, by status", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const references: string[] = [];
    for (const amount of [300, 400, 500]) {
      const { reference } = await announce(advertiser, amount);
      await record({ reference, amount });
      references.push(reference);
    }
    const pending = (await announce(advertiser, 600)).reference;
    const page = await t.rest("GET", `/admin/deposits?search=${encodeURIComponent(advertiser.email)}&status=received&limit=2&offset=0`, { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body.total_count).toBe(3);
    expect(page.body.items.map((item: { reference: string }) => item.reference)).toEqual([references[2], references[1]]);
    expect(page.body.items[0]).toMatchObject({ amount: 500, received: 500, status: "received", advertiser_email: expect.stringContaining("@") });
    const next = await adminList({ search: advertiser.email, status: "RECEIVED", limit: 2, offset: 2 });
    expect(next.data?.depositRequests.items.map((item: { reference: string }) => item.reference)).toEqual([references[0]]);
    expect((await adminList({ search: pending, status: "RECEIVED" })).data?.depositRequests.totalCount).toBe(0);
  });
});

describe("cancelling a deposit request", () => {
  it("lets the advertiser cancel their own pending request through both doors, after which it cannot be recorded or cancelled again", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const first = await announce(advertiser, 300);
    const second = await announce(advertiser, 400);

    const viaGraphql = await cancel(first.id, advertiser.token);
    expect(viaGraphql.data?.cancelDeposit).toMatchObject({ reference: first.reference, status: "CANCELLED", actions: [] });
    expect(viaGraphql.data?.cancelDeposit.cancelledAt).toEqual(expect.any(String));
    const viaRest = await t.rest("POST", `/advertiser/deposits/${second.id}/cancel`, { token: advertiser.token });
    expect(viaRest).toMatchObject({ status: 200, body: { reference: second.reference, status: "cancelled", actions: [] } });

    const again = await t.rest("POST", `/advertiser/deposits/${first.id}/cancel`, { token: advertiser.token });
    expect(again).toMatchObject({ status: 409, body: { detail: `The transfer with the reference ${first.reference} was cancelled by the advertiser` } });
    const recorded = await record({ reference: first.reference, amount: 300 });
    expect(recorded.errors?.[0]).toMatchObject({ extensions: { code: "CONFLICT", field: "reference" } });
    expect((await myRequests(advertiser)).balance).toBe(0);
  });

  it("refuses to cancel a received request, another advertiser's request, or for anyone but an advertiser", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const stranger = await signUp(t, "advertiser", {}, { funds: 0 });
    const received = await announce(advertiser, 300);
    await record({ reference: received.reference, amount: 300 });
    const conflict = await cancel(received.id, advertiser.token);
    expect(conflict.errors?.[0]).toMatchObject({ message: `The transfer with the reference ${received.reference} was already recorded`, extensions: { code: "CONFLICT" } });

    const pending = await announce(advertiser, 300);
    expect((await cancel(pending.id, stranger.token)).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await t.rest("POST", `/advertiser/deposits/${pending.id}/cancel`, { token: stranger.token })).status).toBe(404);
    expect((await cancel(pending.id, admin.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await t.rest("POST", `/advertiser/deposits/${pending.id}/cancel`, { token: admin.token })).status).toBe(403);
    expect((await myRequests(advertiser)).requests[0]).toMatchObject({ reference: pending.reference, status: "PENDING" });
  });
});

describe("telling the advertiser their transfer arrived", () => {
  const mailsOf = (advertiser: Account) => t.app.dataSource.getRepository(MailMessage).findBy({ userId: advertiser.id, kind: NotificationKind.DEPOSIT_RECEIVED });

  it("e-mails the amount received, the amount announced when it differs, and the admin's note", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const { reference } = await announce(advertiser, 1500);
    await record({ reference, amount: 1480.5, memo: "Bank fee deducted" });
    const [mail] = await mailsOf(advertiser);
    expect(mail).toMatchObject({ recipient: advertiser.email, subject: "Your transfer of $1,480.50 has arrived" });
    expect(mail.text).toContain(`The transfer with the reference ${reference} has arrived: $1,480.50 is added to your balance`);
    expect(mail.text).toContain("You announced $1,500.00; the amount that arrived counts.");
    expect(mail.text).toContain("The network's note: Bank fee deducted");
  });

  it("sends nothing to an advertiser who turned the kind off", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const off = await t.gql(`mutation { setNotificationEnabled(kind: DEPOSIT_RECEIVED, enabled: false) { kind enabled } }`, {}, advertiser.token);
    expect(off.errors).toBeUndefined();
    const { reference } = await announce(advertiser, 300);
    await record({ reference, amount: 300 });
    expect((await myRequests(advertiser)).balance).toBe(300);
    expect(await mailsOf(advertiser)).toEqual([]);
  });
});

describe("the audit log", () => {
  it("records a deposit received, credit granted and a credit limit set, with the amounts before and after", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const { id, reference } = await announce(advertiser, 500);
    await record({ reference, amount: 450, memo: "Short by a fee" });
    const credit = `mutation($input: AdvertiserMoneyInput!) { grantCredit(input: $input) { id } }`;
    await t.gql(credit, { input: { advertiserEmail: advertiser.email, amount: 50, memo: "Welcome offer" } }, admin.token);
    await t.rest("POST", "/admin/credits", { token: admin.token, body: { advertiser_email: advertiser.email, amount: 25, memo: "Apology" } });
    await t.rest("PUT", "/admin/credit-limit", { token: admin.token, body: { advertiser_email: advertiser.email, amount: 1000, memo: "Invoiced monthly" } });
    const limit = `mutation($input: AdvertiserMoneyInput!) { setCreditLimit(input: $input) { id } }`;
    await t.gql(limit, { input: { advertiserEmail: advertiser.email, amount: 0, memo: "Withdrawn" } }, admin.token);

    expect(await auditOf("DEPOSIT_RECORDED", advertiser.id)).toEqual([
      {
        action: "DEPOSIT_RECORDED",
        actorEmail: admin.email,
        targetType: "deposit",
        targetId: id,
        targetUserId: advertiser.id,
        before: { status: "pending", announced: 500 },
        after: { status: "received", announced: 500, received: 450, reference, note: "Short by a fee" },
      },
    ]);
    const credits = await auditOf("CREDIT_GRANTED", advertiser.id);
    expect(credits.map((entry: { before: unknown; after: unknown }) => [entry.before, entry.after])).toEqual([
      [{ credits: 50 }, { credits: 75, granted: 25, memo: "Apology" }],
      [{ credits: 0 }, { credits: 50, granted: 50, memo: "Welcome offer" }],
    ]);
    expect(credits[0]).toMatchObject({ actorEmail: admin.email, targetType: "user", targetId: advertiser.id });
    const limits = await auditOf("CREDIT_LIMIT_SET", advertiser.id);
    expect(limits.map((entry: { before: unknown; after: unknown }) => [entry.before, entry.after])).toEqual([
      [{ creditLimit: 1000 }, { creditLimit: 0, memo: "Withdrawn" }],
      [{ creditLimit: 0 }, { creditLimit: 1000, memo: "Invoiced monthly" }],
    ]);
  });
});
