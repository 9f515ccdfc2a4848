import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Account, createCampaign, createSite, creditEarnings, payoutMethodOnFile, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { newBatchId, writeBatch } from "../delivery/counting/batch-writer";
import type { BatchRows } from "../delivery/counting/counted-events";
import { StatTable } from "../delivery/counting/stat-table";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import { Scheduler } from "../scheduler/scheduler";
import { Site } from "../sites/site.entity";
import { WEBHOOK_EVENT_TYPES } from "./webhook-events";

/** A receiver on an ephemeral port that records each event it is sent. */
const received: { type: string; object: { type: string; id: number } }[] = [];
let receiver: Server;
let hooksUrl: string;
/** The web server the test sites' ads.txt files live on. */
let adsTxtServer: Server;

let t: TestApp;
let admin: Account;
let clock: number;
let scheduler: Scheduler;
/** Users whose notifications fail inside their change's transaction, after the change and its webhook event are written. */
const failing = new Set<number>();

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      received.push({ type: event.type, object: event.data.object });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hooksUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // Every site's ads.txt lacks the network's line, so its first check moves it to a status.
  adsTxtServer = createServer((_request, response) => response.writeHead(200, { "content-type": "text/plain" }).end("other.example, 1, DIRECT\n"));
  await new Promise<void>((resolve) => adsTxtServer.listen(0, "127.0.0.1", resolve));
  const adsTxtPort = String((adsTxtServer.address() as AddressInfo).port);

  t = await startTestApp({ ADS_TXT_DOMAIN: "ads.adnet.test", ADS_TXT_HTTP_PORT: adsTxtPort, ADS_TXT_HTTPS_PORT: adsTxtPort });
  admin = await signInAdmin(t);
  clock = Date.now() + 1_000;
  scheduler = new Scheduler(t.app.dataSource, [t.app.services.webhookDispatcher.job()], { tickMs: 60_000, leaseMs: 30_000, now: () => clock });
  const failIfAsked = async (userId: number) => {
    if (failing.has(userId)) throw new Error("the change's transaction fails after its webhook event is written");
  };
  t.app.services.notifications.onNotify((_manager, userId) => failIfAsked(userId));
  t.app.services.statements.onIssued((_manager, { userId }) => failIfAsked(userId));
});
afterAll(async () => {
  await scheduler.stop();
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
  await new Promise((resolve) => adsTxtServer.close(resolve));
});

/** A user with an endpoint that wants every event. */
async function subscribed(role: "publisher" | "advertiser"): Promise<Account> {
  const account = await signUp(t, role);
  const created = await t.rest("POST", "/webhooks/endpoints", { token: account.token, body: { url: hooksUrl, event_types: [...WEBHOOK_EVENT_TYPES] } });
  expect(created.status).toBe(201);
  return account;
}

/** The user's outbox: the events written for their endpoints, committed. */
async function outboxOf(user: Account): Promise<{ type: string; object: { type: string; id: number } }[]> {
  const rows: { event_type: string; payload: string }[] = await t.app.dataSource.query(
    "SELECT d.event_type, d.payload FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.user_id = ? ORDER BY d.id",
    [user.id],
  );
  return rows.map((row) => ({ type: row.event_type, object: JSON.parse(row.payload).data.object }));
}

const mailsTo = async (user: Account): Promise<string[]> =>
  (await t.app.dataSource.query("SELECT kind FROM mail_messages WHERE user_id = ? ORDER BY id", [user.id])).map((row: { kind: string }) => row.kind);

const gqlOk = async (query: string, variables: Record<string, unknown> = {}) => {
  const result = await t.gql(query, variables, admin.token);
  expect(result.errors).toBeUndefined();
  return result.data!;
};

const statusOf = async (table: string, id: number): Promise<string> => (await t.app.dataSource.query(`SELECT status FROM ${table} WHERE id = ?`, [id]))[0].status;

const emptyBatch = (fields: Partial<BatchRows>): BatchRows => ({ id: newBatchId(), stats: StatTable.empty(), invalid: [], money: [], clicks: [], completed: [], ...fields });

/**
 * Each change an event tells of: `make` does it for `user` and answers what the event is about and
 * the mutation's errors, if any. `mail` is the e-mail kind the change sends, when it sends one.
 */
interface Change {
  type: string;
  role: "publisher" | "advertiser";
  mail?: string;
  /** The status the change leaves behind when its transaction fails. */
  unchanged: string;
  make(user: Account): Promise<{ object: { type: string; id: number }; errors: unknown; status: () => Promise<string> }>;
}

const pendingCampaign = async (user: Account) => (await createCampaign(t, user)) as { id: number };
const campaignStatus = (id: number) => () => statusOf("campaigns", id);

const CHANGES: Change[] = [
  {
    type: "campaign.approved",
    role: "advertiser",
    unchanged: "pending",
    mail: "campaign_approved",
    async make(user) {
      const { id } = await pendingCampaign(user);
      const { errors } = await t.gql(`mutation { approveCampaign(id: ${id}) { id } }`, {}, admin.token);
      return { object: { type: "campaign", id }, errors, status: campaignStatus(id) };
    },
  },
  {
    type: "campaign.rejected",
    role: "advertiser",
    unchanged: "pending",
    mail: "campaign_rejected",
    async make(user) {
      const { id } = await pendingCampaign(user);
      const { errors } = await t.gql(`mutation { rejectCampaign(id: ${id}, reason: "Misleading claims") { id } }`, {}, admin.token);
      return { object: { type: "campaign", id }, errors, status: campaignStatus(id) };
    },
  },
  ...(["approve", "reject"] as const).map(
    (verb): Change => ({
      type: "creative.reviewed",
      role: "advertiser",
      unchanged: "pending",
      mail: verb === "approve" ? "creative_approved" : "creative_rejected",
      async make(user) {
        const campaign = await pendingCampaign(user);
        const creative = await t.rest("POST", "/advertiser/creatives", { token: user.token, body: { campaign_id: campaign.id, name: "Banner", content_url: "https://cdn.example.com/ad.png" } });
        const id = creative.body.id as number;
        const call = verb === "approve" ? `approveCreative(id: ${id})` : `rejectCreative(id: ${id}, reason: "Unreadable")`;
        const { errors } = await t.gql(`mutation { ${call} { id } }`, {}, admin.token);
        return { object: { type: "creative", id }, errors, status: () => statusOf("creatives", id) };
      },
    }),
  ),
  ...(["approve", "reject"] as const).map(
    (verb): Change => ({
      type: verb === "approve" ? "site.approved" : "site.rejected",
      role: "publisher",
      unchanged: "pending",
      mail: verb === "approve" ? "site_approved" : "site_rejected",
      async make(user) {
        const { id } = (await createSite(t, user)) as { id: number };
        const call = verb === "approve" ? `approveSite(id: ${id})` : `rejectSite(id: ${id}, reason: "Thin content")`;
        const { errors } = await t.gql(`mutation { ${call} { id } }`, {}, admin.token);
        return { object: { type: "site", id }, errors, status: () => statusOf("sites", id) };
      },
    }),
  ),
  {
    type: "deposit.received",
    role: "advertiser",
    unchanged: "pending",
    mail: "deposit_received",
    async make(user) {
      const announced = (await t.rest("POST", "/advertiser/deposits", { token: user.token, body: { amount: 500 } })).body as { id: number; reference: string };
      const { errors } = await t.gql(`mutation($input: RecordDepositInput!) { recordDeposit(input: $input) { id } }`, { input: { reference: announced.reference, amount: 500 } }, admin.token);
      return { object: { type: "deposit", id: announced.id }, errors, status: () => statusOf("deposit_requests", announced.id) };
    },
  },
  {
    type: "payout.paid",
    role: "publisher",
    unchanged: "requested",
    mail: "payout_paid",
    async make(user) {
      await creditEarnings(t, user.id, 150_000_000);
      await payoutMethodOnFile(t, user);
      const id = (await t.gql("mutation { requestPayout { id } }", {}, user.token)).data!.requestPayout.id as number;
      const { errors } = await t.gql(`mutation { markPayoutPaid(id: ${id}, input: { reference: "BANK-${id}" }) { id } }`, {}, admin.token);
      return { object: { type: "payout", id }, errors, status: () => statusOf("payouts", id) };
    },
  },
  {
    type: "statement.issued",
    role: "advertiser",
    unchanged: "not issued",
    async make(user) {
      await t.app.services.ledger.append([{ userId: user.id, kind: LedgerKind.DEPOSIT, amountMicros: 90_000_000, createdAt: new Date("2023-05-15T00:00:00Z") }]);
      const errors = await t.app.services.statements.issueMonth(Date.parse("2023-05-01T00:00:00Z"), () => true, clock).then(
        () => undefined,
        (error: Error) => [error.message],
      );
      const [statement] = await t.app.dataSource.query("SELECT id FROM statements WHERE user_id = ?", [user.id]);
      return { object: { type: "statement", id: Number(statement?.id ?? 0) }, errors, status: async () => (statement ? "issued" : "not issued") };
    },
  },
  {
    type: "campaign.completed",
    role: "advertiser",
    unchanged: "active",
    async make(user) {
      const { id } = await pendingCampaign(user);
      await t.app.dataSource.query("UPDATE campaigns SET status = 'active' WHERE id = ?", [id]);
      // The ad server's batch that marks the campaign completed; a failing one also brings a click it cannot insert.
      const click = { id: newBatchId(), campaignId: id, zoneId: 1, creativeId: 1, country: "US", clickedAt: new Date(), convertedAt: null, conversionPriceMicros: 0 };
      const clicks = failing.has(user.id) ? [click, click] : [];
      // Its budget is spent in the books: a completion the ledger does not back is not written.
      const [{ budget_micros: budgetMicros }] = await t.app.dataSource.query("SELECT budget_micros FROM campaigns WHERE id = ?", [id]);
      const money = [{ userId: user.id, kind: LedgerKind.SPEND, campaignId: id, amountMicros: Number(budgetMicros) }];
      const errors = await writeBatch(t.app.dataSource, emptyBatch({ completed: [id], clicks, money })).then(
        () => undefined,
        (error: Error) => [error.message],
      );
      return { object: { type: "campaign", id }, errors, status: campaignStatus(id) };
    },
  },
  {
    type: "campaign.out_of_funds",
    role: "advertiser",
    unchanged: "batch failed",
    async make(user) {
      const { id } = await pendingCampaign(user);
      const click = { id: newBatchId(), campaignId: id, zoneId: 1, creativeId: 1, country: "US", clickedAt: new Date(), convertedAt: null, conversionPriceMicros: 0 };
      const clicks = failing.has(user.id) ? [click, click] : [];
      const errors = await writeBatch(t.app.dataSource, emptyBatch({ outOfFunds: [id], clicks })).then(
        () => undefined,
        (error: Error) => [error.message],
      );
      return { object: { type: "campaign", id }, errors, status: async () => (errors ? "batch failed" : "batch written") };
    },
  },
];

describe("the webhook outbox", () => {
  it.each(CHANGES.map((change) => [change.type, change.mail ?? "no e-mail", change] as const))("holds %s once its change is committed (%s)", async (_type, _mail, change) => {
    const user = await subscribed(change.role);
    const { object, errors } = await change.make(user);
    expect(errors).toBeUndefined();
    // Before any dispatch: the row is there as soon as the change's answer is (an approved site's first ads.txt check may add its own).
    expect((await outboxOf(user)).filter((event) => event.type !== "ads_txt.status_changed")).toEqual([{ type: change.type, object: expect.objectContaining(object) }]);
    if (change.mail) expect(await mailsTo(user)).toContain(change.mail);
  });

  it.each(CHANGES.map((change) => [change.type, change] as const))("holds no %s, and sends no e-mail, when its change's transaction fails", async (_type, change) => {
    const user = await subscribed(change.role);
    failing.add(user.id);
    const before = await mailsTo(user);
    const { errors, status } = await change.make(user);
    failing.delete(user.id);
    expect(errors).toBeDefined();
    expect(await outboxOf(user)).toEqual([]);
    expect(await mailsTo(user)).toEqual(before);
    // The change itself is undone with its event.
    expect(await status()).toBe(change.unchanged);
  });

  it("sends ads_txt.status_changed when a check moves a site's ads.txt status, and not when a check finds the same", async () => {
    const publisher = await subscribed("publisher");
    const { id } = (await createSite(t, publisher, { domain: `ads-txt-${process.pid}-${Date.now()}.localhost` })) as { id: number };
    await gqlOk(`mutation { approveSite(id: ${id}) { id } }`);
    await t.app.services.adsTxt.settled();
    const changed = (await outboxOf(publisher)).filter((event) => event.type === "ads_txt.status_changed");
    expect(changed).toEqual([{ type: "ads_txt.status_changed", object: expect.objectContaining({ type: "site", id, previousStatus: null, status: expect.any(String) }) }]);

    // A re-check a minute on finds the same file: no news.
    await t.app.dataSource.getRepository(Site).update({ id }, { adsTxtCheckedAt: new Date(Date.now() - 120_000) });
    expect((await t.gql(`mutation { recheckAdsTxt(siteId: ${id}) { id } }`, {}, publisher.token)).errors).toBeUndefined();
    expect((await outboxOf(publisher)).filter((event) => event.type === "ads_txt.status_changed")).toHaveLength(1);
  });

  it("delivers each event exactly once to its endpoint after the dispatcher runs", async () => {
    await t.app.services.adsTxt.settled();
    const expected = ((await t.app.dataSource.query("SELECT payload FROM webhook_deliveries")) as { payload: string }[]).map(({ payload }) => {
      const event = JSON.parse(payload);
      return `${event.type} ${event.data.object.type}#${event.data.object.id}`;
    });
    expect(expected.length).toBeGreaterThanOrEqual(CHANGES.length + 1);
    clock += 1_000;
    await scheduler.tick();
    clock += 60 * 60_000;
    await scheduler.tick();
    expect(received.map((event) => `${event.type} ${event.object.type}#${event.object.id}`).sort()).toEqual(expected.sort());
  });
});
