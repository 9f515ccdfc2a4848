import { UNTHROTTLED_APP } from "../../../test/ad-fixtures";
import { atOnce, burstRoutes, graphqlOutcomes, restOutcomes } from "../../../test/at-once";
import { Account, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { SmtpReceiver, startSmtpReceiver } from "../../../test/smtp-receiver";
import { AppPair, type GraphQLResult, type RestResult, startAppPair, TestApp } from "../../../test/test-app";
import { AuditAction } from "../audit/audit-actions";
import { AuditEntry } from "../audit/audit-entry.entity";

let smtp: SmtpReceiver;
let pair: AppPair;
let t: TestApp;
let admin: Account;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  pair = await startAppPair({ ...UNTHROTTLED_APP, SMTP_URL: smtp.url });
  t = pair.first;
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await pair.close();
  await smtp.close();
});

const { app, byGraphql } = burstRoutes(() => pair);

/** Every e-mail either process queued has been handed to the mail server. */
const settled = () => Promise.all([pair.first.app.services.mailer.idle(), pair.second.app.services.mailer.idle()]);
const approvalMails = (account: Account) => smtp.messages.filter((m) => m.to.includes(account.email) && /approved/.test(m.subject));

/** An advertiser with a webhook endpoint, and their pending campaign with pending creatives of these names. */
async function campaignInReview(name: string, creativeNames: string[]) {
  const advertiser = await signUp(t, "advertiser");
  const hooks = await t.rest("POST", "/webhooks/endpoints", { token: advertiser.token, body: { url: "https://hooks.example.com/adnet", event_types: ["campaign.approved", "creative.reviewed"] } });
  expect(hooks.status).toBe(201);
  const campaign = await createCampaign(t, advertiser, { name });
  const creativeIds: number[] = [];
  for (const creative of creativeNames) {
    const body = { campaign_id: campaign.id, name: creative, content_url: `https://cdn.example.com/${creative}.png` };
    creativeIds.push((await t.rest("POST", "/advertiser/creatives", { token: advertiser.token, body })).body.id);
  }
  return { advertiser, campaignId: campaign.id as number, creativeIds };
}

const approveWithCreatives = (index: number, id: number): Promise<GraphQLResult | RestResult> =>
  byGraphql(index)
    ? app(index).gql(`mutation { approveCampaign(id: ${id}, withPendingCreatives: true) { status creativeCounts { pending approved rejected } } }`, {}, admin.token)
    : app(index).rest("PUT", `/admin/campaigns/${id}/approve`, { token: admin.token, body: { with_pending_creatives: true } });

const audited = (action: AuditAction, targetType: string, targetId: number) => t.app.dataSource.getRepository(AuditEntry).countBy({ action, targetType, targetId });
const webhookEvents = async (advertiser: Account) =>
  (await t.app.dataSource.query("SELECT d.event_type AS type FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.user_id = ? ORDER BY d.id", [advertiser.id])).map((row: { type: string }) => row.type);

it("approves a campaign with its pending creatives in one action: each creative audited and announced, and one e-mail naming them all", async () => {
  const { advertiser, campaignId, creativeIds } = await campaignInReview("Spring Drop", ["Leaderboard", "Skyscraper", "Square", "Blurry"]);
  await t.gql(`mutation { rejectCreative(id: ${creativeIds[3]}, reason: "Blurry") { id } }`, {}, admin.token);
  await settled();
  const before = approvalMails(advertiser).length;

  const approved = await approveWithCreatives(0, campaignId);
  expect(approved).toEqual({ data: { approveCampaign: { status: "ACTIVE", creativeCounts: { pending: 0, approved: 3, rejected: 1 } } } });

  const mail = await smtp.waitFor(advertiser.email, /campaign "Spring Drop" is approved/);
  await settled();
  expect(mail.subject).toBe('Your campaign "Spring Drop" is approved, with its creatives "Leaderboard", "Skyscraper" and "Square"');
  expect(approvalMails(advertiser)).toHaveLength(before + 1);
  for (const id of creativeIds.slice(0, 3)) expect(await audited(AuditAction.CREATIVE_APPROVED, "creative", id)).toBe(1);
  expect(await audited(AuditAction.CREATIVE_APPROVED, "creative", creativeIds[3])).toBe(0);
  expect(await audited(AuditAction.CAMPAIGN_APPROVED, "campaign", campaignId)).toBe(1);
  expect((await webhookEvents(advertiser)).sort()).toEqual(["campaign.approved", "creative.reviewed", "creative.reviewed", "creative.reviewed", "creative.reviewed"]);
});

it("approves once under identical calls at once on two processes and both doors: one e-mail, one audit entry each", async () => {
  const { advertiser, campaignId, creativeIds } = await campaignInReview("Burst", ["Wide", "Tall"]);

  const results = await atOnce(8, (index) => approveWithCreatives(index, campaignId));

  const graphql = graphqlOutcomes(results.filter((_, index) => byGraphql(index)) as GraphQLResult[]);
  const rest = restOutcomes(results.filter((_, index) => !byGraphql(index)) as RestResult[]);
  expect([...graphql.others, ...rest.others]).toEqual([]);
  expect(graphql.succeeded + rest.succeeded).toBe(1);
  expect(graphql.conflicts + rest.conflicts).toBe(7);
  await smtp.waitFor(advertiser.email, /campaign "Burst" is approved/);
  await settled();
  expect(approvalMails(advertiser).map((m) => m.subject)).toEqual(['Your campaign "Burst" is approved, with its creatives "Wide" and "Tall"']);
  for (const id of creativeIds) expect(await audited(AuditAction.CREATIVE_APPROVED, "creative", id)).toBe(1);
  expect(await audited(AuditAction.CAMPAIGN_APPROVED, "campaign", campaignId)).toBe(1);
  expect((await webhookEvents(advertiser)).sort()).toEqual(["campaign.approved", "creative.reviewed", "creative.reviewed"]);
});

it("leaves the creatives for their own review on a plain approval, and refuses a flag that is not yes or no", async () => {
  const { advertiser, campaignId } = await campaignInReview("Plain", ["Only"]);
  const refused = await t.rest("PUT", `/admin/campaigns/${campaignId}/approve`, { token: admin.token, body: { with_pending_creatives: "maybe" } });
  expect(refused.status).toBe(422);
  expect(refused.body.detail).toMatch(/true or false/);

  const approved = await t.rest("PUT", `/admin/campaigns/${campaignId}/approve`, { token: admin.token });
  expect(approved.body).toMatchObject({ status: "active", creative_counts: { pending: 1, approved: 0 } });
  await smtp.waitFor(advertiser.email, /campaign "Plain" is approved/);
  await settled();
  expect(approvalMails(advertiser).map((m) => m.subject)).toEqual(['Your campaign "Plain" is approved']);
});
