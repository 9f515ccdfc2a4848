import { createHash } from "node:crypto";
import { authenticator } from "otplib";
import { Like } from "typeorm";
import { atOnce, graphqlOutcomes, type Outcomes, restOutcomes } from "../../test/at-once";
import { Account, approvedSite, createCampaign, createSite, signInAdmin, signUp } from "../../test/factories";
import { type AppPair, type GraphQLResult, type RestResult, startAppPair, type TestApp } from "../../test/test-app";
import { AuditAction } from "../modules/audit/audit-actions";
import { AuditEntry } from "../modules/audit/audit-entry.entity";
import { MailMessage } from "../modules/mail/mail-message.entity";
import { RecoveryCode } from "../modules/two-factor/recovery-code.entity";
import { QUIET, quietly } from "../modules/users/quiet-update";
import { User } from "../modules/users/user.entity";
import { WebhookDelivery } from "../modules/webhooks/webhook-delivery.entity";
import { moveIfStill } from "./move-once";

/**
 * Every one-time state change, sent as six identical calls at once, half to each of two app
 * processes on one database (and half through REST where it has a route): one call makes it, the
 * others are told CONFLICT, and its audit entry, e-mail and webhook event are written once.
 */
const TIMES = 6;

let pair: AppPair;
let admin: Account;
let publisher: Account;
let advertiser: Account;

const appOf = (index: number): TestApp => (index % 2 === 0 ? pair.first : pair.second);
const db = () => pair.first.app.dataSource;

beforeAll(async () => {
  pair = await startAppPair();
  admin = await signInAdmin(pair.first);
  publisher = await signUp(pair.first, "publisher");
  advertiser = await signUp(pair.first, "advertiser");
  // Each account's webhook events are counted at their endpoint.
  for (const [account, eventTypes] of [
    [publisher, ["site.approved", "site.rejected", "ads_txt.status_changed"]],
    [advertiser, ["campaign.approved", "campaign.rejected", "creative.reviewed"]],
  ] as const) {
    const created = await pair.first.rest("POST", "/webhooks/endpoints", { token: account.token, body: { url: "https://hooks.example.com/adnet", event_types: eventTypes } });
    expect(created.status).toBe(201);
  }
});
afterAll(() => pair.close());

/** The burst through GraphQL alone, spread over both apps. */
async function graphqlBurst(query: string, token: string, variables: Record<string, unknown> = {}): Promise<Outcomes> {
  return graphqlOutcomes(await atOnce(TIMES, (index) => appOf(index).gql(query, variables, token)));
}

/** Half the burst through GraphQL, half through REST, each half over both apps. */
async function bothDoorsBurst(query: string, rest: (t: TestApp) => Promise<RestResult>, token: string): Promise<Outcomes> {
  const answers = await atOnce(TIMES, async (index): Promise<GraphQLResult | RestResult> => (index < TIMES / 2 ? appOf(index).gql(query, {}, token) : rest(appOf(index))));
  const graphql = graphqlOutcomes(answers.slice(0, TIMES / 2) as GraphQLResult[]);
  const viaRest = restOutcomes(answers.slice(TIMES / 2) as RestResult[]);
  return { succeeded: graphql.succeeded + viaRest.succeeded, conflicts: graphql.conflicts + viaRest.conflicts, others: [...graphql.others, ...viaRest.others] };
}

/** One call made the change and every other one was told CONFLICT; `late` lists what a call arriving after the change committed may be told instead (a removed object is not found). */
function expectOnce(outcomes: Outcomes, late: string[] = []): void {
  expect(outcomes.succeeded).toBe(1);
  expect(outcomes.others.filter((other) => !late.includes(other))).toEqual([]);
  expect(outcomes.conflicts + outcomes.others.length).toBe(TIMES - 1);
}

const audits = (action: AuditAction, targetId: number) => db().getRepository(AuditEntry).countBy({ action, targetId });
const mails = (kind: string, userId: number) => db().getRepository(MailMessage).countBy({ kind, userId });
/** The webhook events about one object: its type and id open the event's object. */
const events = (eventType: string, objectType: string, id: number) => db().getRepository(WebhookDelivery).countBy({ eventType, payload: Like(`%"object":{"type":"${objectType}","id":${id},%`) });

describe("the conditional update", () => {
  it("counts a row it matched as moved on both engines, also when the changes equal what is stored", async () => {
    const { fullName } = await db().getRepository(User).findOneByOrFail({ id: publisher.id });
    // Its update time kept too, so the UPDATE changes no column at all.
    expect(await moveIfStill(db().manager, User, { id: publisher.id }, quietly({ fullName }), QUIET)).toBe(true);
    expect(await moveIfStill(db().manager, User, { id: publisher.id, fullName: `${fullName} (not)` }, quietly({ fullName }), QUIET)).toBe(false);
  });
});

describe("site review", () => {
  it("approves a site once, through both doors and both apps", async () => {
    const site = await createSite(pair.first, publisher);
    const before = await mails("site_approved", publisher.id);
    expectOnce(await bothDoorsBurst(`mutation { approveSite(id: ${site.id}) { status } }`, (t) => t.rest("PUT", `/admin/sites/${site.id}/approve`, { token: admin.token }), admin.token));
    expect(await audits(AuditAction.SITE_APPROVED, site.id)).toBe(1);
    expect((await mails("site_approved", publisher.id)) - before).toBe(1);
    expect(await events("site.approved", "site", site.id)).toBe(1);
    // An approval starts the site's first ads.txt check, whose outcome is an event of its own.
    await Promise.all([pair.first.app.services.adsTxt.settled(), pair.second.app.services.adsTxt.settled()]);
    expect(await events("ads_txt.status_changed", "site", site.id)).toBe(1);
  });

  it("rejects an approved site once", async () => {
    const site = await approvedSite(pair.first, publisher, admin);
    const before = await mails("site_rejected", publisher.id);
    expectOnce(await graphqlBurst(`mutation { rejectSite(id: ${site.id}, reason: "Copied content") { status } }`, admin.token));
    expect(await audits(AuditAction.SITE_REJECTED, site.id)).toBe(1);
    expect((await mails("site_rejected", publisher.id)) - before).toBe(1);
    expect(await events("site.rejected", "site", site.id)).toBe(1);
  });

  it("lets an approval racing a rejection each happen at most once, each with its own news", async () => {
    const site = await createSite(pair.first, publisher);
    const answers = await atOnce(TIMES, (index) =>
      appOf(index).gql(index < TIMES / 2 ? `mutation { approveSite(id: ${site.id}) { status } }` : `mutation { rejectSite(id: ${site.id}, reason: "No") { status } }`, {}, admin.token),
    );
    const approvals = graphqlOutcomes(answers.slice(0, TIMES / 2));
    const rejections = graphqlOutcomes(answers.slice(TIMES / 2));
    expect([approvals.others, rejections.others]).toEqual([[], []]);
    expect(approvals.succeeded).toBeLessThanOrEqual(1);
    expect(rejections.succeeded).toBeLessThanOrEqual(1);
    expect(approvals.succeeded + rejections.succeeded).toBeGreaterThanOrEqual(1);
    expect(await audits(AuditAction.SITE_APPROVED, site.id)).toBe(approvals.succeeded);
    expect(await audits(AuditAction.SITE_REJECTED, site.id)).toBe(rejections.succeeded);
    expect(await events("site.approved", "site", site.id)).toBe(approvals.succeeded);
    expect(await events("site.rejected", "site", site.id)).toBe(rejections.succeeded);
    // A rejection that stood came last: after the approval it overruled, if any.
    const status = (await pair.first.rest("GET", "/publisher/sites", { token: publisher.token })).body.find((s: { id: number }) => s.id === site.id).status;
    expect(status).toBe(rejections.succeeded ? "rejected" : "approved");
  });

  it("removes a site (and its zones) once", async () => {
    const site = await approvedSite(pair.first, publisher, admin);
    const zone = (await pair.first.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Top" } })).body;
    const outcomes = await bothDoorsBurst(`mutation { archiveSite(id: ${site.id}) { id } }`, (t) => t.rest("PUT", `/publisher/sites/${site.id}/archive`, { token: publisher.token }), publisher.token);
    expectOnce(outcomes, ["NOT_FOUND: Site not found", `404: {"detail":"Site not found"}`]);
    const zones = (await pair.first.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body.map((z: { id: number }) => z.id);
    expect(zones).not.toContain(zone.id);
  });

  it("removes an ad zone once", async () => {
    const site = await approvedSite(pair.first, publisher, admin);
    const zone = (await pair.first.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Side" } })).body;
    const outcomes = await bothDoorsBurst(`mutation { archiveAdZone(id: ${zone.id}) { id } }`, (t) => t.rest("PUT", `/publisher/ad-zones/${zone.id}/archive`, { token: publisher.token }), publisher.token);
    expectOnce(outcomes, ["NOT_FOUND: Ad zone not found", `404: {"detail":"Ad zone not found"}`]);
  });
});

describe("creative review", () => {
  const newCreative = async () => {
    const campaign = await createCampaign(pair.first, advertiser);
    const input = { campaignId: campaign.id, name: "Banner", type: "image", contentUrl: "https://cdn.example.com/banner.png", clickUrl: "https://shop.example.com/", width: 728, height: 90 };
    const created = await pair.first.gql(`mutation($input: CreateCreativeInput!) { createCreative(input: $input) { id } }`, { input }, advertiser.token);
    return created.data!.createCreative.id as number;
  };

  it("approves a creative once", async () => {
    const id = await newCreative();
    const before = await mails("creative_approved", advertiser.id);
    expectOnce(await graphqlBurst(`mutation { approveCreative(id: ${id}) { status } }`, admin.token));
    expect(await audits(AuditAction.CREATIVE_APPROVED, id)).toBe(1);
    expect((await mails("creative_approved", advertiser.id)) - before).toBe(1);
    expect(await events("creative.reviewed", "creative", id)).toBe(1);
  });

  it("rejects a creative once", async () => {
    const id = await newCreative();
    const before = await mails("creative_rejected", advertiser.id);
    expectOnce(await graphqlBurst(`mutation { rejectCreative(id: ${id}, reason: "Misleading") { status } }`, admin.token));
    expect(await audits(AuditAction.CREATIVE_REJECTED, id)).toBe(1);
    expect((await mails("creative_rejected", advertiser.id)) - before).toBe(1);
    expect(await events("creative.reviewed", "creative", id)).toBe(1);
  });
});

describe("a campaign's life", () => {
  it("approves, pauses, resumes, archives and unarchives a campaign once each", async () => {
    const { id } = await createCampaign(pair.first, advertiser);
    const before = await mails("campaign_approved", advertiser.id);
    expectOnce(await bothDoorsBurst(`mutation { approveCampaign(id: ${id}) { status } }`, (t) => t.rest("PUT", `/admin/campaigns/${id}/approve`, { token: admin.token }), admin.token));
    expect(await audits(AuditAction.CAMPAIGN_APPROVED, id)).toBe(1);
    expect((await mails("campaign_approved", advertiser.id)) - before).toBe(1);
    expect(await events("campaign.approved", "campaign", id)).toBe(1);

    expectOnce(await graphqlBurst(`mutation { pauseCampaign(id: ${id}) { status } }`, advertiser.token));
    expect(await audits(AuditAction.CAMPAIGN_PAUSED, id)).toBe(1);
    expectOnce(await graphqlBurst(`mutation { resumeCampaign(id: ${id}) { status } }`, advertiser.token));
    expect(await audits(AuditAction.CAMPAIGN_RESUMED, id)).toBe(1);

    expect((await pair.first.gql(`mutation { pauseCampaign(id: ${id}) { status } }`, {}, advertiser.token)).errors).toBeUndefined();
    expectOnce(await bothDoorsBurst(`mutation { archiveCampaign(id: ${id}) { id } }`, (t) => t.rest("PUT", `/advertiser/campaigns/${id}/archive`, { token: advertiser.token }), advertiser.token));
    expect(await audits(AuditAction.CAMPAIGN_ARCHIVED, id)).toBe(1);
    expectOnce(await bothDoorsBurst(`mutation { unarchiveCampaign(id: ${id}) { id } }`, (t) => t.rest("PUT", `/advertiser/campaigns/${id}/unarchive`, { token: advertiser.token }), advertiser.token));
    expect(await audits(AuditAction.CAMPAIGN_UNARCHIVED, id)).toBe(1);
  });

  it("rejects a campaign once", async () => {
    const { id } = await createCampaign(pair.first, advertiser);
    expectOnce(await graphqlBurst(`mutation { rejectCampaign(id: ${id}, reason: "Prohibited product") { status } }`, admin.token));
    expect(await audits(AuditAction.CAMPAIGN_REJECTED, id)).toBe(1);
    expect(await events("campaign.rejected", "campaign", id)).toBe(1);
  });
});

describe("accounts", () => {
  it("suspends and reactivates an account once each", async () => {
    const user = await signUp(pair.first, "publisher");
    const suspend = `mutation { suspendUser(id: ${user.id}, reason: "Invalid traffic") { status } }`;
    expectOnce(await bothDoorsBurst(suspend, (t) => t.rest("PUT", `/admin/users/${user.id}/suspend`, { token: admin.token, body: { reason: "Invalid traffic" } }), admin.token));
    expect(await audits(AuditAction.ACCOUNT_SUSPENDED, user.id)).toBe(1);
    expectOnce(await bothDoorsBurst(`mutation { reactivateUser(id: ${user.id}) { status } }`, (t) => t.rest("PUT", `/admin/users/${user.id}/reactivate`, { token: admin.token }), admin.token));
    expect(await audits(AuditAction.ACCOUNT_REACTIVATED, user.id)).toBe(1);
  });

  it("records an identity check once: setting what is set is a harmless repeat, answered and not logged", async () => {
    const user = await signUp(pair.first, "publisher");
    const outcomes = await graphqlBurst(`mutation { setIdentityVerified(id: ${user.id}, verified: true) { identityVerified } }`, admin.token);
    expect(outcomes).toEqual({ succeeded: TIMES, conflicts: 0, others: [] });
    expect(await audits(AuditAction.IDENTITY_VERIFIED, user.id)).toBe(1);
  });

  it("revokes an API key once: revoking a revoked key answers it as revoked the first time, and logs nothing", async () => {
    const created = await pair.first.gql(`mutation { createApiKey(input: { name: "Reporting" }) { apiKey { id } } }`, {}, advertiser.token);
    const id = created.data!.createApiKey.apiKey.id as number;
    const answers = await atOnce(TIMES, (index) => appOf(index).gql(`mutation { revokeApiKey(id: ${id}) { revokedAt } }`, {}, advertiser.token));
    expect(graphqlOutcomes(answers)).toEqual({ succeeded: TIMES, conflicts: 0, others: [] });
    expect(new Set(answers.map((answer) => answer.data!.revokeApiKey.revokedAt)).size).toBe(1);
    expect(await audits(AuditAction.API_KEY_REVOKED, id)).toBe(1);
  });
});

describe("webhook endpoints", () => {
  const newEndpoint = async () => {
    const created = await pair.first.rest("POST", "/webhooks/endpoints", { token: publisher.token, body: { url: "https://hooks.example.com/other", event_types: ["site.approved"] } });
    return created.body.endpoint?.id ?? created.body.id;
  };

  it("turns an endpoint off once, from when it first was: turning off what is off is a harmless repeat", async () => {
    const id = await newEndpoint();
    const outcomes = await graphqlBurst(`mutation { updateWebhookEndpoint(id: ${id}, input: { enabled: false }) { enabled } }`, publisher.token);
    expect(outcomes).toEqual({ succeeded: TIMES, conflicts: 0, others: [] });
    expect((await pair.second.rest("GET", "/webhooks/endpoints", { token: publisher.token })).body.find((e: { id: number }) => e.id === id).enabled).toBe(false);
  });

  it("deletes an endpoint once", async () => {
    const id = await newEndpoint();
    const outcomes = await bothDoorsBurst(`mutation { deleteWebhookEndpoint(id: ${id}) { id } }`, (t) => t.rest("DELETE", `/webhooks/endpoints/${id}`, { token: publisher.token }), publisher.token);
    expectOnce(outcomes, ["NOT_FOUND: Webhook endpoint not found", `404: {"detail":"Webhook endpoint not found"}`]);
  });
});

describe("two-factor sign-in", () => {
  const hashOf = (code: string) => createHash("sha256").update(code.toLowerCase().replace(/[\s-]/g, "")).digest("hex");

  it("turns on once with one code: one call gets recovery codes, and those are the codes kept; turning off happens once too", async () => {
    const user = await signUp(pair.first, "publisher");
    const begun = await pair.first.gql(`mutation { beginTwoFactorEnrolment { secret } }`, {}, user.token);
    const secret = begun.data!.beginTwoFactorEnrolment.secret as string;
    const confirm = `mutation($code: String!) { confirmTwoFactorEnrolment(code: $code) }`;
    const answers = await atOnce(TIMES, (index) => appOf(index).gql(confirm, { code: authenticator.generate(secret) }, user.token));
    // The wrong-code limit (5 in 15 minutes) counts codes in flight, so a sixth at once may be refused by it.
    const limited = "RATE_LIMITED: Too many wrong codes. Try again in 15 minutes.";
    expectOnce(graphqlOutcomes(answers), [limited]);
    const shown = answers.find((answer) => !answer.errors)!.data!.confirmTwoFactorEnrolment as string[];
    const kept = await db().getRepository(RecoveryCode).findBy({ userId: user.id });
    expect(kept.map((row) => row.codeHash).sort()).toEqual(shown.map(hashOf).sort());
    expect(await audits(AuditAction.TWO_FACTOR_ENABLED, user.id)).toBe(1);

    const disable = `mutation($input: DisableTwoFactorInput!) { disableTwoFactor(input: $input) }`;
    const input = { password: user.password, code: shown[0] };
    expectOnce(graphqlOutcomes(await atOnce(TIMES, (index) => appOf(index).gql(disable, { input }, user.token))), [limited]);
    expect(await audits(AuditAction.TWO_FACTOR_DISABLED, user.id)).toBe(1);
    expect(await db().getRepository(RecoveryCode).countBy({ userId: user.id })).toBe(0);
  });
});
