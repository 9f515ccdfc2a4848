import { liveAd, requestAd } from "../../../test/ad-fixtures";
import { Account, createSite, creditEarnings, payoutMethodOnFile, signIn, signInAdmin, signUp } from "../../../test/factories";
import { ADMIN, startAppPair, startTestApp, TestApp } from "../../../test/test-app";
import { Role } from "../../auth/roles";
import { MailMessage } from "../mail/mail-message.entity";
import { quietUserUpdate } from "./quiet-update";
import { User } from "./user.entity";

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const suspend = (id: number, reason = "Invalid traffic from your sites") =>
  t.gql<{ suspendUser: { status: string; suspensionReason: string } }>(
    `mutation($id: Int!, $reason: String!) { suspendUser(id: $id, reason: $reason) { status suspensionReason } }`,
    { id, reason },
    admin.token,
  );

async function auditEntries(action: string, token = admin.token) {
  const result = await t.gql(`query($action: AuditAction) { auditLog(input: {action: $action}) { items { action actorEmail targetType targetId targetUserId ip before after } } }`, { action }, token);
  expect(result.errors).toBeUndefined();
  return result.data!.auditLog.items as Record<string, unknown>[];
}

describe("User Management list", () => {
  it("pages through accounts by search, role and status, with the columns admins read", async () => {
    const publisher = await signUp(t, "publisher");
    const unverified = await signUp(t, "publisher", {}, { verified: false });
    await signUp(t, "advertiser");
    const result = await t.gql(
      `query($search: String) { users(input: {search: $search, role: PUBLISHER, status: ACTIVE}) { totalCount items { id email role status emailVerified identityVerified twoFactorEnabled lastLoginAt createdAt } } }`,
      { search: publisher.email.toUpperCase() },
      admin.token,
    );
    expect(result.data!.users).toEqual({
      totalCount: 1,
      items: [{ id: publisher.id, email: publisher.email, role: "PUBLISHER", status: "ACTIVE", emailVerified: true, identityVerified: false, twoFactorEnabled: false, lastLoginAt: expect.any(String), createdAt: expect.any(String) }],
    });
    const notYet = await t.gql(`query($search: String) { users(input: {search: $search}) { items { emailVerified } } }`, { search: unverified.email }, admin.token);
    expect(notYet.data!.users.items).toEqual([{ emailVerified: false }]);
    const advertisers = await t.rest("GET", `/admin/users?role=advertiser&search=${encodeURIComponent(publisher.email)}`, { token: admin.token });
    expect(advertisers).toEqual({ status: 200, body: { items: [], total_count: 0 } });
  });

  it("refuses the list to publishers and advertisers through both doors", async () => {
    const publisher = await signUp(t, "publisher");
    expect((await t.gql(`{ users { totalCount } }`, {}, publisher.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await t.rest("GET", "/admin/users", { token: publisher.token })).status).toBe(403);
  });

  it("names a bad role filter over REST with 422", async () => {
    expect(await t.rest("GET", "/admin/users?role=root", { token: admin.token })).toEqual({ status: 422, body: { detail: "Role must be one of publisher, advertiser, admin" } });
  });
});

it("records the last sign-in without moving the account's update time, which the ad catalogue watches", async () => {
  const publisher = await signUp(t, "publisher");
  const users = t.app.dataSource.getRepository(User);
  await quietUserUpdate(users, publisher.id, { lastLoginAt: new Date("2020-01-01T00:00:00Z") });
  const before = await users.findOneByOrFail({ id: publisher.id });
  await signIn(t, publisher.email, publisher.password);
  const after = await users.findOneByOrFail({ id: publisher.id });
  expect(after.lastLoginAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
});

describe("suspension", () => {
  it("stops the user's token at once through both doors, tells the reason at sign-in, and reactivation lets them in again", async () => {
    const publisher = await signUp(t, "publisher");
    const key = await t.gql(`mutation { createApiKey(input: {name: "Reporting"}) { secret } }`, {}, publisher.token);
    const secret = key.data!.createApiKey.secret as string;
    expect((await t.rest("GET", "/auth/me", { token: secret })).status).toBe(200);

    expect((await suspend(publisher.id)).data).toEqual({ suspendUser: { status: "SUSPENDED", suspensionReason: "Invalid traffic from your sites" } });
    expect(await t.rest("GET", "/auth/me", { token: publisher.token })).toEqual({ status: 401, body: { detail: "Not authenticated" } });
    expect((await t.gql(`{ me { id } }`, {}, publisher.token)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await t.rest("GET", "/auth/me", { token: secret })).status).toBe(401);
    expect((await t.gql(`{ me { id } }`, {}, secret)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const refused = await t.rest("POST", "/auth/login", { body: { email: publisher.email, password: publisher.password } });
    expect(refused).toEqual({ status: 403, body: { detail: "Your account is suspended: Invalid traffic from your sites. Contact support if you think this is a mistake." } });
    const wrongPassword = await t.rest("POST", "/auth/login", { body: { email: publisher.email, password: "not-the-password" } });
    expect(wrongPassword.status).toBe(401);

    const reactivated = await t.rest("PUT", `/admin/users/${publisher.id}/reactivate`, { token: admin.token });
    expect(reactivated.body).toMatchObject({ id: publisher.id, status: "active", suspension_reason: null });
    expect(reactivated.body).not.toHaveProperty("account");
    // The tokens a suspension ended stay ended; the API key, never revoked, works again.
    expect((await t.rest("GET", "/auth/me", { token: publisher.token })).status).toBe(401);
    expect((await t.rest("GET", "/auth/me", { token: secret })).status).toBe(200);
    await expect(signIn(t, publisher.email, publisher.password)).resolves.toMatchObject({ id: publisher.id });

    const [suspended] = await auditEntries("ACCOUNT_SUSPENDED");
    expect(suspended).toMatchObject({ actorEmail: ADMIN.email, targetType: "user", targetId: publisher.id, targetUserId: publisher.id, ip: "127.0.0.1" });
    expect(JSON.parse(suspended.before as string)).toEqual({ status: "active" });
    expect(JSON.parse(suspended.after as string)).toEqual({ status: "suspended", reason: "Invalid traffic from your sites" });
    expect((await auditEntries("ACCOUNT_REACTIVATED"))[0]).toMatchObject({ targetId: publisher.id, actorEmail: ADMIN.email });
  });

  it("needs a reason, and answers CONFLICT for an account already suspended", async () => {
    const advertiser = await signUp(t, "advertiser");
    const blank = await suspend(advertiser.id, "  ");
    expect(blank.errors?.[0]).toMatchObject({ message: "Reason is required", extensions: { code: "BAD_USER_INPUT", field: "reason" } });
    expect((await t.rest("GET", "/auth/me", { token: advertiser.token })).status).toBe(200);
    await suspend(advertiser.id);
    expect((await suspend(advertiser.id)).errors?.[0]).toMatchObject({ message: "This account is already suspended", extensions: { code: "CONFLICT" } });
  });

  it("never lets an admin suspend themselves", async () => {
    const self = await t.rest("PUT", `/admin/users/${admin.id}/suspend`, { token: admin.token, body: { reason: "Testing" } });
    expect(self).toEqual({ status: 409, body: { detail: "You cannot suspend your own account" } });
    expect((await t.rest("GET", "/auth/me", { token: admin.token })).status).toBe(200);
  });

  it("never suspends the last active admin, and lets one admin suspend another while one remains", async () => {
    const second = await t.app.services.users.ensureAdmin("second-admin@adnet.test", "second-admin-password-1");
    const secondAdmin = await signIn(t, second.email, "second-admin-password-1");
    expect((await t.rest("PUT", `/admin/users/${admin.id}/suspend`, { token: secondAdmin.token, body: { reason: "Left the company" } })).status).toBe(200);
    // With the first admin suspended, the second is the last one: no one may suspend them.
    const actor = { id: -1, role: Role.ADMIN } as User;
    await expect(t.app.services.userAdmin.suspend(actor, second.id, "Nobody left")).rejects.toMatchObject({ code: "CONFLICT", message: "You cannot suspend the last active administrator" });
    expect((await t.rest("PUT", `/admin/users/${admin.id}/reactivate`, { token: secondAdmin.token })).status).toBe(200);
    admin = await signInAdmin(t);
  });
});

describe("identity checks", () => {
  it("records an identity check in the audit log and shows it on the user", async () => {
    const publisher = await signUp(t, "publisher");
    const result = await t.gql(`mutation($id: Int!) { setIdentityVerified(id: $id, verified: true) { identityVerified identityVerifiedAt } }`, { id: publisher.id }, admin.token);
    expect(result.data!.setIdentityVerified).toEqual({ identityVerified: true, identityVerifiedAt: expect.any(String) });
    expect((await t.rest("GET", "/auth/me", { token: publisher.token })).body.identity_verified).toBe(true);
    expect((await auditEntries("IDENTITY_VERIFIED"))[0]).toMatchObject({ targetId: publisher.id, before: '{"identityVerified":false}', after: '{"identityVerified":true}' });
  });

  it("shows a user's page: their sites, balance, payouts and audit trail", async () => {
    const publisher = await signUp(t, "publisher");
    const site = await createSite(t, publisher);
    await t.rest("PUT", `/admin/sites/${site.id}/approve`, { token: admin.token });
    await creditEarnings(t, publisher.id, 150_000_000);
    const page = await t.gql(
      `query($id: Int!) { managedUser(id: $id) { email sites { id status } zones { id } campaigns { id } payouts { id } publisherBalance { available } advertiserBalance auditTrail { action targetId } } }`,
      { id: publisher.id },
      admin.token,
    );
    expect(page.data!.managedUser).toEqual({
      email: publisher.email,
      sites: [{ id: site.id, status: "APPROVED" }],
      zones: [],
      campaigns: [],
      payouts: [],
      publisherBalance: { available: 150 },
      advertiserBalance: null,
      auditTrail: [{ action: "SITE_APPROVED", targetId: site.id }],
    });
  });
});

describe("with REQUIRE_IDENTITY=1", () => {
  it("pays out only to publishers whose identity an admin verified", async () => {
    const strict = await startTestApp({ REQUIRE_IDENTITY: "1" });
    try {
      const strictAdmin = await signInAdmin(strict);
      const publisher = await signUp(strict, "publisher");
      await creditEarnings(strict, publisher.id, 150_000_000);
      await payoutMethodOnFile(strict, publisher);
      const early = await strict.gql(`mutation { requestPayout { id } }`, {}, publisher.token);
      expect(early.errors?.[0]).toMatchObject({ message: "Your identity must be verified by an administrator before you can request a payout", extensions: { code: "FORBIDDEN" } });
      await strict.gql(`mutation($id: Int!) { setIdentityVerified(id: $id, verified: true) { id } }`, { id: publisher.id }, strictAdmin.token);
      expect((await strict.gql(`mutation { requestPayout { amount } }`, {}, publisher.token)).data).toEqual({ requestPayout: { amount: 150 } });
    } finally {
      await strict.close();
    }
  });
});

describe("with REQUIRE_IDENTITY=1, campaigns", () => {
  it("run only once the advertiser's identity is verified", async () => {
    const strict = await startTestApp({ REQUIRE_IDENTITY: "1" });
    try {
      const ad = await liveAd(strict);
      expect((await requestAd(strict, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });
      await strict.gql(`mutation($id: Int!) { setIdentityVerified(id: $id, verified: true) { id } }`, { id: ad.advertiser.id }, ad.admin.token);
      // The write reloads the inventory a moment later.
      const deadline = Date.now() + 3000;
      let body = (await requestAd(strict, ad.zoneId, { page: ad.page })).body;
      while (!body.fill && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        body = (await requestAd(strict, ad.zoneId, { page: ad.page })).body;
      }
      expect(body).toMatchObject({ fill: true, creative: { id: ad.creativeId } });
    } finally {
      await strict.close();
    }
  });
});

describe("with ACCOUNT_APPROVAL=manual", () => {
  it("lets a new account sign in to a waiting state only, until an admin approves it", async () => {
    const manual = await startTestApp({ ACCOUNT_APPROVAL: "manual" });
    try {
      const manualAdmin = await signInAdmin(manual);
      const publisher = await signUp(manual, "publisher");
      expect((await manual.gql(`{ me { status } }`, {}, publisher.token)).data).toEqual({ me: { status: "PENDING_APPROVAL" } });
      const early = await manual.rest("POST", "/publisher/sites", { token: publisher.token, body: { domain: "waiting.example.com", name: "W", category: "news", description: "D" } });
      expect(early).toEqual({ status: 403, body: { detail: "Your account is waiting for an administrator's approval" } });

      const waiting = await manual.gql(`{ users(input: {status: PENDING_APPROVAL}) { items { id } } }`, {}, manualAdmin.token);
      expect(waiting.data!.users.items).toEqual([{ id: publisher.id }]);
      // Registering signs in to the same waiting state, which the app shows as its waiting screen.
      const registered = await manual.rest("POST", "/auth/register", { body: { full_name: "Wai Ting", email: "waiting@example.com", password: "long-enough-pw", accept_terms: true } });
      expect(registered.body).toMatchObject({ step: "done", user: { status: "pending_approval" } });
      expect((await manual.gql(`{ me { status } }`, {}, registered.body.access_token)).data).toEqual({ me: { status: "PENDING_APPROVAL" } });
      expect((await manual.rest("PUT", `/admin/users/${publisher.id}/approve`, { token: manualAdmin.token })).body).toMatchObject({ status: "active" });
      // The same token now works in full.
      expect((await createSite(manual, publisher)).status).toBe("pending");
      expect((await manual.rest("PUT", `/admin/users/${publisher.id}/approve`, { token: manualAdmin.token })).status).toBe(409);
      const approved = await manual.gql(`{ auditLog(input: {action: ACCOUNT_APPROVED}) { items { targetId actorEmail } } }`, {}, manualAdmin.token);
      expect(approved.data!.auditLog.items).toEqual([{ targetId: publisher.id, actorEmail: ADMIN.email }]);
    } finally {
      await manual.close();
    }
  });
});

describe("delivery", () => {
  /** Asks a process for an ad every 50 ms until the answer is `fill`, or 3 s have passed. */
  async function fillsWithin(app: TestApp, zoneId: number, page: string, fill: boolean): Promise<boolean> {
    const deadline = Date.now() + 3000;
    for (;;) {
      // A suspended publisher's zone answers 404, like any zone no approved site of an active account holds.
      const filled = (await requestAd(app, zoneId, { page })).body.fill === true;
      if (filled === fill || Date.now() > deadline) return filled;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("stops a suspended publisher's zones and a suspended advertiser's campaigns in every process at once", async () => {
    // Periodic checks five minutes apart: only the announcement explains a change within seconds.
    const pair = await startAppPair({ DELIVERY_REFRESH_MS: "300000" });
    try {
      const ad = await liveAd(pair.first);
      expect(await fillsWithin(pair.second, ad.zoneId, ad.page, true)).toBe(true);
      const suspendIn = (id: number) => pair.first.rest("PUT", `/admin/users/${id}/suspend`, { token: ad.admin.token, body: { reason: "Fraud review" } });
      const reactivateIn = (id: number) => pair.first.rest("PUT", `/admin/users/${id}/reactivate`, { token: ad.admin.token });

      expect((await suspendIn(ad.publisher.id)).status).toBe(200);
      expect(await fillsWithin(pair.second, ad.zoneId, ad.page, false)).toBe(false);
      expect(await fillsWithin(pair.first, ad.zoneId, ad.page, false)).toBe(false);
      expect((await reactivateIn(ad.publisher.id)).status).toBe(200);
      expect(await fillsWithin(pair.second, ad.zoneId, ad.page, true)).toBe(true);

      expect((await suspendIn(ad.advertiser.id)).status).toBe(200);
      expect(await fillsWithin(pair.second, ad.zoneId, ad.page, false)).toBe(false);
      expect((await reactivateIn(ad.advertiser.id)).status).toBe(200);
      expect(await fillsWithin(pair.second, ad.zoneId, ad.page, true)).toBe(true);
    } finally {
      await pair.close();
    }
  });
});

describe("audit log", () => {
  it("records approvals, rejections, revenue shares and payouts marked paid, filtered by actor, action, target and days", async () => {
    const publisher = await signUp(t, "publisher");
    const site = await createSite(t, publisher);
    await t.gql(`mutation($id: Int!) { rejectSite(id: $id, reason: "Thin content") { id } }`, { id: site.id }, admin.token);
    await t.gql(`mutation($id: Int!) { setRevenueShare(publisherId: $id, percent: 75) { id } }`, { id: publisher.id }, admin.token);
    await creditEarnings(t, publisher.id, 150_000_000);
    await payoutMethodOnFile(t, publisher);
    const payout = (await t.gql(`mutation { requestPayout { id } }`, {}, publisher.token)).data!.requestPayout;
    await t.gql(`mutation($id: Int!) { markPayoutPaid(id: $id, input: { reference: "BANK-REF-1" }) { id } }`, { id: payout.id }, admin.token);

    expect((await auditEntries("SITE_REJECTED"))[0]).toMatchObject({ targetId: site.id, targetUserId: publisher.id, after: '{"status":"rejected","reason":"Thin content"}' });
    expect((await auditEntries("REVENUE_SHARE_SET"))[0]).toMatchObject({ targetId: publisher.id, before: '{"revenueSharePercent":null}', after: '{"revenueSharePercent":75}' });
    expect((await auditEntries("PAYOUT_PAID"))[0]).toMatchObject({ targetType: "payout", targetId: payout.id, targetUserId: publisher.id, after: '{"status":"paid","amount":150,"method":"bank_transfer","reference":"BANK-REF-1"}' });

    const today = new Date().toISOString().slice(0, 10);
    const byTarget = await t.gql(
      `query($id: Int!, $day: String!) { auditLog(input: {actor: "ROOT-ADMIN", targetUserId: $id, from: $day, to: $day}) { totalCount items { action } } }`,
      { id: publisher.id, day: today },
      admin.token,
    );
    expect(byTarget.data!.auditLog).toEqual({ totalCount: 3, items: [{ action: "PAYOUT_PAID" }, { action: "REVENUE_SHARE_SET" }, { action: "SITE_REJECTED" }] });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = await t.gql(`query($id: Int!, $day: String!) { auditLog(input: {targetUserId: $id, to: $day}) { totalCount } }`, { id: publisher.id, day: yesterday }, admin.token);
    expect(before.data!.auditLog.totalCount).toBe(0);
    const badDay = await t.gql(`{ auditLog(input: {from: "yesterday"}) { totalCount } }`, {}, admin.token);
    expect(badDay.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "from" } });
    expect((await t.gql(`{ auditLog { totalCount } }`, {}, publisher.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("records a burst of failed sign-ins once, naming the account and the address", async () => {
    const target = await signUp(t, "advertiser");
    for (let attempt = 0; attempt < 12; attempt++) await t.rest("POST", "/auth/login", { body: { email: target.email, password: "wrong-password" } });
    const bursts = (await auditEntries("FAILED_SIGN_IN_BURST")).filter((entry) => String(entry.after).includes(target.email));
    expect(bursts).toEqual([{ action: "FAILED_SIGN_IN_BURST", actorEmail: null, targetType: null, targetId: null, targetUserId: null, ip: "127.0.0.1", before: null, after: JSON.stringify({ account: target.email, failures: 10, from: "account" }) }]);
  });
});

describe("links an admin sends", () => {
  const mailsTo = (email: string, kind: string) => t.app.dataSource.getRepository(MailMessage).countBy({ recipient: email, kind });

  it("sends an unverified user a new verification link and anyone active a password reset, through both doors, each in the audit log", async () => {
    const unverified = await signUp(t, "publisher", {}, { verified: false });
    const before = await mailsTo(unverified.email, "verify_email");
    const sent = await t.gql(`mutation($id: Int!) { sendVerificationLink(id: $id) { id emailVerified } }`, { id: unverified.id }, admin.token);
    expect(sent.data!.sendVerificationLink).toEqual({ id: unverified.id, emailVerified: false });
    expect(await mailsTo(unverified.email, "verify_email")).toBe(before + 1);
    expect((await t.rest("POST", `/admin/users/${unverified.id}/verification-link`, { token: admin.token })).status).toBe(200);
    expect(await mailsTo(unverified.email, "verify_email")).toBe(before + 2);

    const verified = await signUp(t, "advertiser");
    const again = await t.gql(`mutation($id: Int!) { sendVerificationLink(id: $id) { id } }`, { id: verified.id }, admin.token);
    expect(again.errors?.[0]).toMatchObject({ message: "This user's e-mail address is already verified", extensions: { code: "CONFLICT" } });

    expect((await t.rest("POST", `/admin/users/${verified.id}/password-reset`, { token: admin.token })).status).toBe(200);
    expect(await mailsTo(verified.email, "password_reset")).toBe(1);
    expect((await auditEntries("PASSWORD_RESET_SENT"))[0]).toMatchObject({ targetUserId: verified.id });
    expect((await auditEntries("VERIFICATION_LINK_SENT"))[0]).toMatchObject({ targetUserId: unverified.id });

    expect((await t.rest("POST", `/admin/users/${verified.id}/password-reset`, { token: unverified.token })).status).toBe(403);
  });
});
