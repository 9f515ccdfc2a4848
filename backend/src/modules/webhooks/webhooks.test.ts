import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Account, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import { Scheduler } from "../scheduler/scheduler";
import { DISABLE_AFTER_MS } from "./webhook-dispatcher";
import { verifySignature } from "./webhook-signature";

/** A real receiver on an ephemeral port: records what arrives, and can go down and come back on the same port. */
class Receiver {
  readonly received: { headers: IncomingHttpHeaders; body: string }[] = [];
  private server: Server | null = null;
  port = 0;

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
        response.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

let t: TestApp;
let admin: Account;
let clock: number;
let scheduler: Scheduler;
const receivers: Receiver[] = [];
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
  clock = Date.now() + 1_000;
  // The app's own dispatcher job under a scheduler whose clock the test moves.
  scheduler = new Scheduler(t.app.dataSource, [t.app.services.webhookDispatcher.job()], { tickMs: 60_000, leaseMs: 30_000, now: () => clock });
});
afterAll(async () => {
  await scheduler.stop();
  for (const receiver of receivers) await receiver.stop();
  await t.close();
});

const receiver = async () => {
  const started = await new Receiver().start();
  receivers.push(started);
  return started;
};

async function createEndpoint(token: string, url: string, eventTypes: string[]) {
  const result = await t.gql(
    `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id url eventTypes enabled } } }`,
    { input: { url, eventTypes } },
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createWebhookEndpoint as { secret: string; endpoint: { id: number; url: string; eventTypes: string[]; enabled: boolean } };
}

const deliveries = async (token: string, endpointId: number) =>
  (await t.gql(`query($id: Int!) { webhookDeliveries(endpointId: $id) { id eventType status attempts lastStatusCode lastResponseMs lastError } }`, { id: endpointId }, token)).data!
    .webhookDeliveries as { id: number; eventType: string; status: string; attempts: number; lastStatusCode: number | null; lastResponseMs: number | null; lastError: string | null }[];

const approveCampaign = async (advertiser: Account) => {
  const campaign = await createCampaign(t, advertiser);
  expect((await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token })).status).toBe(200);
  return campaign as { id: number; name: string };
};

describe("webhooks", () => {
  it("deliver a signed campaign.approved that the documented recipe verifies, and redeliver it after a 5-minute outage", async () => {
    const advertiser = await signUp(t, "advertiser");
    const hooks = await receiver();
    const { secret, endpoint } = await createEndpoint(advertiser.token, hooks.url, ["campaign.approved"]);
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ url: hooks.url, eventTypes: ["campaign.approved"], enabled: true });

    await hooks.stop();
    const campaign = await approveCampaign(advertiser);
    await scheduler.tick();
    expect(hooks.received).toHaveLength(0);
    const [failed] = await deliveries(advertiser.token, endpoint.id);
    expect(failed).toMatchObject({ eventType: "campaign.approved", status: "pending", attempts: 1, lastStatusCode: null, lastError: "ECONNREFUSED" });

    // Down for five minutes: the retries due meanwhile fail too.
    clock += 60_000;
    await scheduler.tick();
    clock += 4 * 60_000;
    await hooks.start();
    clock += 6 * 60_000;
    await scheduler.tick();
    await scheduler.tick();

    expect(hooks.received).toHaveLength(1);
    const [{ headers, body }] = hooks.received;
    expect(verifySignature(secret, String(headers["adnet-signature"]), body, 300, Math.floor(clock / 1000))).toBe(true);
    expect(verifySignature("whsec_wrong", String(headers["adnet-signature"]), body, 300, Math.floor(clock / 1000))).toBe(false);
    // A replay long after is refused by the timestamp tolerance.
    expect(verifySignature(secret, String(headers["adnet-signature"]), body, 300, Math.floor(clock / 1000) + 3_600)).toBe(false);
    const event = JSON.parse(body);
    expect(event).toEqual({ id: expect.stringMatching(/^evt_/), type: "campaign.approved", created_at: expect.any(String), data: { object: { type: "campaign", id: campaign.id, name: campaign.name } } });
    const log = await deliveries(advertiser.token, endpoint.id);
    expect(log).toEqual([expect.objectContaining({ status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null })]);
    expect(JSON.stringify(log)).not.toContain(secret);
    expect(JSON.stringify((await t.rest("GET", "/webhooks/endpoints", { token: advertiser.token })).body)).not.toContain(secret);
  });

  it("name every event an endpoint takes in words, for the form to show beside its machine name", async () => {
    const owner = await signUp(t, "publisher");
    const types = (await t.gql<{ webhookEventTypes: string[] }>("{ webhookEventTypes }", {}, owner.token)).data!.webhookEventTypes;
    const events = (await t.gql<{ formOptions: { webhookEvents: { value: string; label: string }[] } }>("{ formOptions { webhookEvents { value label } } }")).data!.formOptions.webhookEvents;
    expect(events.map(({ value }) => value)).toEqual(types);
    expect(events).toContainEqual({ value: "campaign.approved", label: "Campaign approved" });
    expect(events).toContainEqual({ value: "ads_txt.status_changed", label: "ads.txt status changed" });
    const every = await createEndpoint(owner.token, "https://hooks.example.com/every", types);
    expect(every.endpoint.eventTypes).toEqual(types);
  });

  it("keep each user's endpoints their own, and name the field of a bad URL or event type", async () => {
    const [owner, other] = [await signUp(t, "advertiser"), await signUp(t, "publisher")];
    const { endpoint } = await createEndpoint(owner.token, "https://hooks.example.com/adnet", ["campaign.rejected", "payout.paid"]);

    expect((await t.rest("GET", "/webhooks/endpoints", { token: other.token })).body).toEqual([]);
    expect((await t.rest("PUT", `/webhooks/endpoints/${endpoint.id}`, { token: other.token, body: { url: "https://evil.example.com" } })).status).toBe(404);
    expect((await t.rest("DELETE", `/webhooks/endpoints/${endpoint.id}`, { token: other.token })).status).toBe(404);
    expect((await t.rest("POST", `/webhooks/endpoints/${endpoint.id}/rotate-secret`, { token: other.token })).status).toBe(404);
    expect((await t.gql(`query { webhookDeliveries(endpointId: ${endpoint.id}) { id } }`, {}, other.token)).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await t.rest("GET", "/webhooks/endpoints")).status).toBe(401);
    expect((await t.rest("GET", "/webhooks/endpoints", { token: owner.token })).body).toEqual([expect.objectContaining({ id: endpoint.id, url: "https://hooks.example.com/adnet" })]);

    const badUrl = await t.rest("POST", "/webhooks/endpoints", { token: owner.token, body: { url: "ftp://hooks.example.com", event_types: ["campaign.approved"] } });
    expect(badUrl.status).toBe(422);
    expect(badUrl.body.detail).toMatch(/^Url /);
    const badType = await t.gql(`mutation { createWebhookEndpoint(input: { url: "https://hooks.example.com", eventTypes: ["campaign.exploded"] }) { secret } }`, {}, owner.token);
    expect(badType.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "eventTypes" });
    expect((await t.rest("GET", "/webhooks/endpoints", { token: owner.token })).body).toHaveLength(1);

    // The owner edits and rotates: the new secret is shown once, the old one still signs for a day.
    const edited = await t.rest("PUT", `/webhooks/endpoints/${endpoint.id}`, { token: owner.token, body: { event_types: ["campaign.approved"] } });
    expect(edited.body).toMatchObject({ event_types: ["campaign.approved"] });
    const rotated = await t.rest("POST", `/webhooks/endpoints/${endpoint.id}/rotate-secret`, { token: owner.token });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.endpoint.previous_secret_until).toEqual(expect.any(String));
    expect((await t.rest("DELETE", `/webhooks/endpoints/${endpoint.id}`, { token: owner.token })).status).toBe(200);
    expect((await t.rest("GET", "/webhooks/endpoints", { token: owner.token })).body).toEqual([]);
  });

  it("sign with both secrets during a rotation's grace, and send again by hand", async () => {
    const advertiser = await signUp(t, "advertiser");
    const hooks = await receiver();
    const { secret: first, endpoint } = await createEndpoint(advertiser.token, hooks.url, ["campaign.approved"]);
    const second = (await t.rest("POST", `/webhooks/endpoints/${endpoint.id}/rotate-secret`, { token: advertiser.token })).body.secret as string;
    await approveCampaign(advertiser);
    clock += 1_000;
    await scheduler.tick();
    expect(hooks.received).toHaveLength(1);
    const [{ headers, body }] = hooks.received;
    for (const secret of [first, second]) expect(verifySignature(secret, String(headers["adnet-signature"]), body, 300, Math.floor(clock / 1000))).toBe(true);

    const [delivered] = await deliveries(advertiser.token, endpoint.id);
    const redelivered = await t.rest("POST", `/webhooks/deliveries/${delivered.id}/redeliver`, { token: advertiser.token });
    expect(redelivered.body).toMatchObject({ status: "pending" });
    expect((await t.rest("POST", `/webhooks/deliveries/${delivered.id}/redeliver`, { token: (await signUp(t, "advertiser")).token })).status).toBe(404);
    await scheduler.tick();
    expect(hooks.received).toHaveLength(2);
    expect(hooks.received[1].body).toBe(body);
  });

  it("replay an endpoint's events of a time range to a receiver that lost them, and refuse a range they cannot be", async () => {
    const advertiser = await signUp(t, "advertiser");
    const hooks = await receiver();
    const { endpoint } = await createEndpoint(advertiser.token, hooks.url, ["campaign.approved"]);
    const from = new Date(Date.now() - 60_000).toISOString();
    await approveCampaign(advertiser);
    await approveCampaign(advertiser);
    await scheduler.tick();
    expect(hooks.received).toHaveLength(2);
    const to = new Date(Date.now() + 60_000).toISOString();
    const replay = (body: Record<string, unknown>, token = advertiser.token) => t.rest("POST", `/webhooks/endpoints/${endpoint.id}/redeliver`, { token, body });

    // Both were delivered: none failed for good.
    expect((await replay({ from, to, failed_only: true })).body).toEqual({ redelivered: 0 });
    expect((await replay({ from: new Date(Date.now() - 3_600_000).toISOString(), to: from })).body).toEqual({ redelivered: 0 });
    const replayed = await t.gql(
      `mutation($id: Int!, $input: RedeliverWebhooksInput!) { redeliverWebhooks(endpointId: $id, input: $input) { redelivered } }`,
      { id: endpoint.id, input: { from, to } },
      advertiser.token,
    );
    expect(replayed.errors).toBeUndefined();
    expect(replayed.data!.redeliverWebhooks).toEqual({ redelivered: 2 });
    await scheduler.tick();
    expect(hooks.received).toHaveLength(4);
    const bodies = (received: typeof hooks.received) => received.map(({ body }) => body).sort();
    expect(bodies(hooks.received.slice(2))).toEqual(bodies(hooks.received.slice(0, 2)));

    const refusals = await Promise.all([
      replay({ from: to, to: from }),
      replay({ from: new Date(Date.parse(to) - 8 * 24 * 3_600_000).toISOString(), to }),
      replay({ from: "yesterday", to }),
      replay({ from, to, failed_only: "yes" }),
    ]);
    expect(refusals.map(({ status, body }) => [status, body.detail])).toEqual([
      [422, "to must come after from"],
      [422, "A replay covers at most 7 days: send the rest with another"],
      [422, expect.stringMatching(/^From must be a time with its offset/)],
      [422, "Failed only must be true or false"],
    ]);
    expect((await replay({ from, to }, (await signUp(t, "advertiser")).token)).status).toBe(404);
    await scheduler.tick();
    expect(hooks.received).toHaveLength(4);
  });

  it("turn off an endpoint that fails for three days and e-mail its owner", async () => {
    const advertiser = await signUp(t, "advertiser");
    const hooks = await receiver();
    const { endpoint } = await createEndpoint(advertiser.token, hooks.url, ["campaign.approved"]);
    await hooks.stop();
    await approveCampaign(advertiser);
    const until = clock + DISABLE_AFTER_MS + 12 * 60 * 60_000;
    while (clock < until) {
      clock += 60 * 60_000;
      await scheduler.tick();
    }
    const [listed] = (await t.rest("GET", "/webhooks/endpoints", { token: advertiser.token })).body;
    expect(listed).toMatchObject({ id: endpoint.id, enabled: false });
    const [log] = await deliveries(advertiser.token, endpoint.id);
    expect(log.attempts).toBeGreaterThanOrEqual(10);
    const mails = await t.app.dataSource.query("SELECT subject FROM mail_messages WHERE kind = 'webhook_disabled' AND user_id = ?", [advertiser.id]);
    expect(mails).toEqual([{ subject: "A webhook endpoint of yours is turned off" }]);

    // Back up, turned on by its owner: the waiting event goes out.
    await hooks.start();
    await t.rest("PUT", `/webhooks/endpoints/${endpoint.id}`, { token: advertiser.token, body: { enabled: true } });
    await t.rest("POST", `/webhooks/deliveries/${log.id}/redeliver`, { token: advertiser.token });
    await scheduler.tick();
    expect(hooks.received).toHaveLength(1);
  });

  it("send statement.issued from the transaction that issues the invoice", async () => {
    const advertiser = await signUp(t, "advertiser");
    const hooks = await receiver();
    await createEndpoint(advertiser.token, hooks.url, ["statement.issued"]);
    await t.app.services.ledger.append([{ userId: advertiser.id, kind: LedgerKind.DEPOSIT, amountMicros: 90_000_000, createdAt: new Date("2023-03-15T00:00:00Z") }]);
    await t.app.services.statements.issueMonth(Date.parse("2023-03-01T00:00:00Z"), () => true, clock);
    await scheduler.tick();
    expect(hooks.received).toHaveLength(1);
    const [statement] = await t.app.dataSource.query("SELECT id, number FROM statements WHERE user_id = ?", [advertiser.id]);
    expect(JSON.parse(hooks.received[0].body)).toMatchObject({
      type: "statement.issued",
      data: { object: { type: "statement", id: Number(statement.id), kind: "invoice", number: statement.number } },
    });
  });
});
