import { createHash } from "node:crypto";
import { Account, creditEarnings, signIn, signUp } from "../../../test/factories";
import { linkIn, SmtpReceiver, startSmtpReceiver, tokenOf } from "../../../test/smtp-receiver";
import { startTestApp, TestApp } from "../../../test/test-app";
import { EmailLink } from "./email-link.entity";

const ORIGIN = "https://ads.example.test";
let smtp: SmtpReceiver;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN, MAIL_FROM: "AdNet <no-reply@ads.example.test>" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const emailStatus = async (account: Account) =>
  (await t.gql<{ myEmailStatus: { email: string; verified: boolean; pendingEmail: string | null; untilVerified: string | null } }>("{ myEmailStatus { email verified pendingEmail untilVerified } }", {}, account.token))
    .data!.myEmailStatus;
const verify = (token: string) => t.rest("POST", "/auth/verify-email", { body: { token } });
const forgot = (email: string) => t.rest("POST", "/auth/forgot-password", { body: { email } });
const reset = (token: string, newPassword: string) => t.rest("POST", "/auth/reset-password", { body: { token, new_password: newPassword } });

describe("e-mail verification", () => {
  it("sends a new account a single-use link, refuses its sites, campaigns and payouts until it is opened, and stores only its hash", async () => {
    const publisher = await signUp(t, "publisher", {}, { verified: false });
    const mail = await smtp.waitFor(publisher.email, /Verify your e-mail/);
    expect(mail.from).toBe('"AdNet" <no-reply@ads.example.test>');
    expect(mail.html).toContain("Verify my e-mail address");
    const link = linkIn(mail, ORIGIN);
    expect(link).toMatch(new RegExp(`^${ORIGIN}/verify-email\\?token=[A-Za-z0-9_-]{43}$`));

    expect(await emailStatus(publisher)).toEqual({ email: publisher.email, verified: false, pendingEmail: null, untilVerified: "submit sites or payout requests" });
    const site = await t.rest("POST", "/publisher/sites", { token: publisher.token, body: { domain: "unverified.example.com", name: "N", category: "news", description: "D" } });
    expect(site).toEqual({ status: 403, body: { detail: expect.stringMatching(/^Verify your e-mail address first/) } });
    await creditEarnings(t, publisher.id, 150_000_000);
    const payout = await t.gql("mutation { requestPayout { id } }", {}, publisher.token);
    expect(payout.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Verify your e-mail address first/), extensions: { code: "FORBIDDEN" } });
    expect(await t.app.dataSource.query("SELECT id FROM payouts WHERE publisher_id = ?", [publisher.id])).toEqual([]);

    const token = tokenOf(link);
    const [stored] = await t.app.dataSource.query("SELECT token_hash FROM email_links WHERE user_id = ?", [publisher.id]);
    expect(stored.token_hash).toBe(createHash("sha256").update(token).digest("hex"));

    expect(await verify(token)).toEqual({ status: 200, body: { email: publisher.email, verified: true, pending_email: null, until_verified: null } });
    expect(await emailStatus(publisher)).toMatchObject({ verified: true });
    const allowed = await t.rest("POST", "/publisher/sites", { token: publisher.token, body: { domain: "verified.example.com", name: "N", category: "news", description: "D" } });
    expect(allowed.status).toBe(201);

    expect(await verify(token)).toEqual({ status: 422, body: { detail: "This link has already been used: each link works once" } });
    // Over SMTP the body is not kept once sent: the link lives only in the inbox.
    const [row] = await t.app.dataSource.query("SELECT status, text, html FROM mail_messages WHERE recipient = ?", [publisher.email]);
    expect(row).toEqual({ status: "sent", text: null, html: null });
  });

  it("refuses a campaign from an unverified advertiser, with the reason", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { verified: false });
    const result = await t.gql('mutation { createCampaign(input: { name: "N", budget: 1000, cpm: 2 }) { id } }', {}, advertiser.token);
    expect(result.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Verify your e-mail address first/), extensions: { code: "FORBIDDEN" } });
  });

  it("refuses forged and expired links and changes nothing", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { verified: false });
    const token = tokenOf(linkIn(await smtp.waitFor(advertiser.email), ORIGIN));
    expect(await verify("A".repeat(43))).toEqual({ status: 422, body: { detail: "This link is not valid: ask for a new one" } });
    expect(await verify("<script>")).toEqual({ status: 422, body: { detail: "This link is not valid: ask for a new one" } });
    expect(await verify("")).toEqual({ status: 422, body: { detail: "The link has no token: open it from the e-mail again" } });
    await t.app.dataSource.getRepository(EmailLink).update({ userId: advertiser.id }, { expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.gql("mutation($token: String!) { verifyEmail(token: $token) { verified } }", { token }, undefined);
    expect(expired.errors?.[0]).toMatchObject({ message: "This link has expired: ask for a new one", extensions: { code: "BAD_USER_INPUT", field: "token" } });
    expect(await emailStatus(advertiser)).toMatchObject({ verified: false });

    // A new link replaces the old one.
    expect((await t.gql("mutation { resendVerificationEmail }", {}, advertiser.token)).data).toEqual({ resendVerificationEmail: true });
    await waitForCount(advertiser.email, 2);
    const fresh = tokenOf(linkIn(smtp.messages.filter((m) => m.to.includes(advertiser.email))[1], ORIGIN));
    expect((await verify(fresh)).status).toBe(200);
    const again = await t.gql("mutation { resendVerificationEmail }", {}, advertiser.token);
    expect(again.errors?.[0]).toMatchObject({ message: "Your e-mail address is already verified", extensions: { code: "CONFLICT" } });
  });
});

describe("password reset", () => {
  it("answers the same whether or not the account exists, and mails only an account that does", async () => {
    const publisher = await signUp(t, "publisher");
    const known = await forgot(publisher.email.toUpperCase());
    const unknown = await forgot("nobody-here@example.com");
    expect(known).toEqual(unknown);
    expect(known).toEqual({ status: 202, body: { detail: "If an account uses this address, a link to reset its password is on its way." } });
    expect((await t.gql('mutation { forgotPassword(email: "nobody-here@example.com") }')).data).toEqual({ forgotPassword: true });
    await smtp.waitFor(publisher.email, /Reset your AdNet password/);
    await t.app.services.emailLinks.idle();
    await t.app.services.mailer.idle();
    expect(smtp.messages.filter((m) => m.to.includes("nobody-here@example.com"))).toEqual([]);
    expect((await forgot("not an address")).status).toBe(422);
  });

  it("sets a new password through the password policy, ends every session, and works once", async () => {
    const publisher = await signUp(t, "publisher");
    const otherDevice = await signIn(t, publisher.email, publisher.password);
    await forgot(publisher.email);
    const link = linkIn(await smtp.waitFor(publisher.email, /Reset your AdNet password/), ORIGIN);
    expect(link.startsWith(`${ORIGIN}/reset-password?token=`)).toBe(true);
    const token = tokenOf(link);

    const weak = await reset(token, "password");
    expect(weak.status).toBe(422);
    expect(weak.body.detail).toMatch(/most commonly used/);
    // A refused password leaves the link usable and the old password working.
    expect((await t.rest("GET", "/auth/me", { token: publisher.token })).status).toBe(200);

    const newPassword = "a-brand-new-lantern-42";
    expect(await reset(token, newPassword)).toEqual({ status: 200, body: { detail: expect.stringMatching(/every session has ended/) } });
    expect((await t.rest("GET", "/auth/me", { token: publisher.token })).status).toBe(401);
    expect((await t.rest("GET", "/auth/me", { token: otherDevice.token })).status).toBe(401);
    expect((await t.rest("POST", "/auth/login", { body: { email: publisher.email, password: publisher.password } })).status).toBe(401);
    expect((await signIn(t, publisher.email, newPassword)).id).toBe(publisher.id);
    expect(await reset(token, "yet-another-lantern-43")).toEqual({ status: 422, body: { detail: "This link has already been used: each link works once" } });
  });

  it("sends at most three links an hour to one address, answering the same every time", async () => {
    const advertiser = await signUp(t, "advertiser");
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await forgot(advertiser.email));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    await t.app.services.emailLinks.idle();
    await t.app.services.mailer.idle();
    expect(smtp.messages.filter((m) => m.to.includes(advertiser.email) && /Reset/.test(m.subject)).length).toBe(3);
  });
});

describe("changing one's e-mail", () => {
  it("keeps the old address until the link sent to the new one is opened, and tells the old one", async () => {
    const advertiser = await signUp(t, "advertiser");
    const newEmail = `moved-${advertiser.id}@example.com`;
    const change = (currentPassword: string) =>
      t.gql("mutation($input: ChangeEmailInput!) { requestEmailChange(input: $input) { email pendingEmail } }", { input: { newEmail, currentPassword } }, advertiser.token);

    expect((await change("wrong-password-here")).errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "currentPassword" } });
    expect((await change(advertiser.password)).data).toEqual({ requestEmailChange: { email: advertiser.email, pendingEmail: newEmail } });
    const link = linkIn(await smtp.waitFor(newEmail, /Confirm your new e-mail/), ORIGIN);
    expect((await signIn(t, advertiser.email, advertiser.password)).id).toBe(advertiser.id);

    expect(await verify(tokenOf(link))).toEqual({ status: 200, body: { email: newEmail, verified: true, pending_email: null, until_verified: null } });
    const notice = await smtp.waitFor(advertiser.email, /was changed/);
    expect(notice.text).toContain(newEmail);
    expect((await signIn(t, newEmail, advertiser.password)).id).toBe(advertiser.id);
    expect((await t.rest("POST", "/auth/login", { body: { email: advertiser.email, password: advertiser.password } })).status).toBe(401);
  });
});

async function waitForCount(to: string, count: number): Promise<void> {
  for (let i = 0; i < 400 && smtp.messages.filter((m) => m.to.includes(to)).length < count; i++) await new Promise((r) => setTimeout(r, 25));
}

describe("asking for many resets", () => {
  it("limits the reset requests from one address, for addresses with and without accounts alike", async () => {
    let refused = null;
    for (let attempt = 0; attempt < 25 && !refused; attempt++) {
      const answer = await forgot(`nobody-${attempt}@example.com`);
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(202);
    }
    expect(refused).toEqual({ status: 429, body: { detail: expect.stringMatching(/^Too many password resets asked for from your address\. Try again in \d+ minutes\.$/) } });
  });
});

describe("guessing links", () => {
  // Runs last: it spends this address's allowance of failed links.
  it("limits the failed links one address may try, while links that work do not count", async () => {
    const publisher = await signUp(t, "publisher", {}, { verified: false });
    const token = tokenOf(linkIn(await smtp.waitFor(publisher.email), ORIGIN));
    let refused = null;
    for (let attempt = 0; attempt < 40 && !refused; attempt++) {
      const answer = await verify(`${attempt}`.padStart(43, "x"));
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(422);
    }
    expect(refused).toEqual({ status: 429, body: { detail: expect.stringMatching(/^Too many links tried\. Try again in \d+ minutes\.$/) } });
    expect((await verify(token)).status).toBe(429);
    expect(await emailStatus(publisher)).toMatchObject({ verified: false });
  });
});
