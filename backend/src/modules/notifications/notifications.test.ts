import { Account, createCampaign, createSite, creditEarnings, payoutMethodOnFile, signInAdmin, signUp } from "../../../test/factories";
import { liveAd, requestAd, sendBeacon } from "../../../test/ad-fixtures";
import { SmtpReceiver, startSmtpReceiver } from "../../../test/smtp-receiver";
import { startTestApp, TestApp } from "../../../test/test-app";
import { Campaign, CampaignStatus } from "../campaigns/campaign.entity";

const ORIGIN = "https://ads.example.test";
let smtp: SmtpReceiver;
let t: TestApp;
let admin: Account;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN, MIN_CAMPAIGN_BUDGET: "1", DELIVERY_FLUSH_MS: "60000" });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const settled = async () => {
  await t.app.services.mailer.idle();
};
/** What the account got besides the verification link every new account gets. */
const received = (account: Account) => smtp.messages.filter((m) => m.to.includes(account.email) && !/Verify your/.test(m.subject));

it("tells a publisher their site was approved, and why another was rejected", async () => {
  const publisher = await signUp(t, "publisher");
  const approved = await createSite(t, publisher, { name: "Daily Planet" });
  await t.rest("PUT", `/admin/sites/${approved.id}/approve`, { token: admin.token });
  const approval = await smtp.waitFor(publisher.email, /approved/);
  expect(approval.subject).toBe('Your site "Daily Planet" is approved');
  expect(approval.text).toContain(`${ORIGIN}/dashboard`);

  const rejected = await createSite(t, publisher, { name: "Gossip <b>Hub</b>" });
  await t.gql(`mutation { rejectSite(id: ${rejected.id}, reason: "Copied content") { id } }`, {}, admin.token);
  const rejection = await smtp.waitFor(publisher.email, /not approved/);
  expect(rejection.text).toContain("The reviewer's reason: Copied content");
  // Names are the publisher's words: escaped in the HTML.
  expect(rejection.html).toContain("Gossip &lt;b&gt;Hub&lt;/b&gt;");
});

it("sends one e-mail for the creatives one admin action approves in a campaign, naming them all", async () => {
  const advertiser = await signUp(t, "advertiser");
  const campaign = await createCampaign(t, advertiser, { name: "Spring Drop" });
  const creative = async (name: string) =>
    (await t.rest("POST", "/advertiser/creatives", { token: advertiser.token, body: { campaign_id: campaign.id, name, content_url: `https://cdn.example.com/${name}.png` } })).body.id as number;
  const ids = [await creative("Leaderboard"), await creative("Skyscraper"), await creative("Square")];

  const approved = await t.gql<{ approveCreatives: { status: string }[] }>(`mutation($ids: [Int!]!) { approveCreatives(ids: $ids) { status } }`, { ids }, admin.token);
  expect(approved.data!.approveCreatives).toEqual([{ status: "APPROVED" }, { status: "APPROVED" }, { status: "APPROVED" }]);
  const mail = await smtp.waitFor(advertiser.email, /creatives of your campaign/);
  await settled();
  expect(mail.subject).toBe('3 creatives of your campaign "Spring Drop" are approved');
  expect(mail.text).toContain('"Leaderboard", "Skyscraper", "Square"');
  expect(received(advertiser).filter((m) => /approved/.test(m.subject))).toHaveLength(1);

  const again = await t.gql(`mutation($ids: [Int!]!) { approveCreatives(ids: $ids) { status } }`, { ids: [ids[0], 999_999] }, admin.token);
  expect(again.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
});

it("tells an advertiser about their campaign's and creative's reviews", async () => {
  const advertiser = await signUp(t, "advertiser");
  const campaign = await createCampaign(t, advertiser, { name: "Winter Sale" });
  const creative = (await t.rest("POST", "/advertiser/creatives", { token: advertiser.token, body: { campaign_id: campaign.id, name: "Banner", content_url: "https://cdn.example.com/a.png" } })).body;
  await t.gql(`mutation { approveCreative(id: ${creative.id}) { id } }`, {}, admin.token);
  await t.gql(`mutation { rejectCampaign(id: ${campaign.id}, reason: "Misleading claims") { id } }`, {}, admin.token);
  expect((await smtp.waitFor(advertiser.email, /creative "Banner" is approved/)).text).toContain('in campaign "Winter Sale"');
  expect((await smtp.waitFor(advertiser.email, /campaign "Winter Sale" was rejected/)).text).toContain("Misleading claims");
});

it("tells a publisher their payout was paid", async () => {
  const publisher = await signUp(t, "publisher");
  await creditEarnings(t, publisher.id, 150_250_000);
  await payoutMethodOnFile(t, publisher);
  const payout = (await t.gql<{ requestPayout: { id: number } }>("mutation { requestPayout { id } }", {}, publisher.token)).data!.requestPayout;
  await t.gql(`mutation { markPayoutPaid(id: ${payout.id}, input: { reference: "BANK-REF-1" }) { id } }`, {}, admin.token);
  expect((await smtp.waitFor(publisher.email, /payout/)).subject).toBe("Your payout of $150.25 is paid");
});

it("tells an advertiser their campaign completed once the ad server's write of its last impression is committed", async () => {
  // $1 at a $1,000 CPM: one impression spends it all.
  const ad = await liveAd(t, { budget: 1, cpm: 1000 });
  const served = await requestAd(t, ad.zoneId, { page: ad.page });
  // Tracking links start with PUBLIC_URL; this test's server answers on its own address.
  await sendBeacon(served.body.impressionUrl.replace(ORIGIN, t.url), { origin: `https://${ad.site.domain}` });
  expect(smtp.messages.filter((m) => m.to.includes(ad.advertiser.email) && /has completed/.test(m.subject))).toEqual([]);
  await t.app.services.delivery.flush();
  const mail = await smtp.waitFor(ad.advertiser.email, /has completed/);
  expect(mail.text).toContain("has spent its budget and stopped showing ads");
});

it("tells an advertiser once that their campaign completed, however many processes saw it", async () => {
  const advertiser = await signUp(t, "advertiser");
  const campaign = await createCampaign(t, advertiser, { name: "Spent Out" });
  await t.app.dataSource.getRepository(Campaign).update(campaign.id, { status: CampaignStatus.COMPLETED });
  await Promise.all([t.app.services.campaignNews.completed([campaign.id]), t.app.services.campaignNews.completed([campaign.id])]);
  await smtp.waitFor(advertiser.email, /has completed/);
  await settled();
  expect(received(advertiser).filter((m) => /has completed/.test(m.subject)).length).toBe(1);
});

it("sends no e-mail of a kind the user turned off, and lists only their role's kinds", async () => {
  const publisher = await signUp(t, "publisher");
  const settings = await t.gql<{ notificationSettings: { kind: string; enabled: boolean }[] }>("{ notificationSettings { kind label enabled } }", {}, publisher.token);
  expect(settings.data!.notificationSettings.map((setting) => setting.kind)).toEqual(["SITE_APPROVED", "SITE_REJECTED", "PAYOUT_PAID"]);
  const off = await t.gql("mutation { setNotificationEnabled(kind: SITE_APPROVED, enabled: false) { kind enabled } }", {}, publisher.token);
  expect(off.data!.setNotificationEnabled).toEqual([
    { kind: "SITE_APPROVED", enabled: false },
    { kind: "SITE_REJECTED", enabled: true },
    { kind: "PAYOUT_PAID", enabled: true },
  ]);
  const foreign = await t.gql("mutation { setNotificationEnabled(kind: CAMPAIGN_APPROVED, enabled: false) { kind } }", {}, publisher.token);
  expect(foreign.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "kind" } });

  const first = await createSite(t, publisher, { name: "Quiet Site" });
  const second = await createSite(t, publisher, { name: "Loud Site" });
  await t.rest("PUT", `/admin/sites/${first.id}/approve`, { token: admin.token });
  await t.gql(`mutation { rejectSite(id: ${second.id}, reason: "Thin content") { id } }`, {}, admin.token);
  await smtp.waitFor(publisher.email, /Loud Site/);
  await settled();
  expect(received(publisher).map((m) => m.subject)).toEqual(['Your site "Loud Site" was not approved']);
});

it("does not fail an approval when the mail server refuses, and sends the message on a later attempt", async () => {
  const publisher = await signUp(t, "publisher");
  const site = await createSite(t, publisher, { name: "Retry News" });
  await settled();
  smtp.refuseNext(1);
  const approval = await t.rest("PUT", `/admin/sites/${site.id}/approve`, { token: admin.token });
  expect(approval.body.status).toBe("approved");
  await settled();
  const [failed] = await t.app.dataSource.query("SELECT status, attempts, last_error FROM mail_messages WHERE recipient = ? AND kind = 'site_approved'", [publisher.email]);
  expect(failed).toMatchObject({ status: "pending", attempts: 1, last_error: expect.stringMatching(/try again later/) });
  await t.app.services.mailer.deliverDue(new Date(Date.now() + 60 * 60_000));
  expect((await smtp.waitFor(publisher.email, /Retry News/)).subject).toBe('Your site "Retry News" is approved');
  const [sent] = await t.app.dataSource.query("SELECT status, attempts FROM mail_messages WHERE recipient = ? AND kind = 'site_approved'", [publisher.email]);
  expect(sent).toEqual({ status: "sent", attempts: 2 });
});
