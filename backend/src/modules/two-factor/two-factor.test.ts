import { authenticator } from "otplib";
import { Account, signUp } from "../../../test/factories";
import { ADMIN, startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_2FA: "required" });
});
afterAll(() => t.close());

/** The code an authenticator shows `stepsAhead` periods from now: each code is accepted once, so a test moves on a step. */
const codeFor = (secret: string, stepsAhead = 0) => authenticator.clone({ epoch: Date.now() + stepsAhead * 30_000 }).generate(secret);

const login = (email: string, password: string) =>
  t.gql(`mutation($email: String!, $password: String!) { login(input: {email: $email, password: $password}) { accessToken step challengeToken user { id } } }`, { email, password });

const completeSignIn = (challengeToken: string, code: string) =>
  t.gql(`mutation($input: TwoFactorSignInInput!) { completeTwoFactorSignIn(input: $input) { accessToken step } }`, { input: { challengeToken, code } });

async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const begun = await t.gql(`mutation { beginTwoFactorEnrolment { secret otpauthUrl qrCodeDataUrl } }`, {}, token);
  expect(begun.errors).toBeUndefined();
  const { secret, otpauthUrl, qrCodeDataUrl } = begun.data!.beginTwoFactorEnrolment;
  expect(otpauthUrl).toMatch(new RegExp(`^otpauth://totp/AdNet:.+secret=${secret}`));
  expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
  const confirmed = await t.gql(`mutation($code: String!) { confirmTwoFactorEnrolment(code: $code) }`, { code: codeFor(secret) }, token);
  expect(confirmed.errors).toBeUndefined();
  return { secret, recoveryCodes: confirmed.data!.confirmTwoFactorEnrolment };
}

describe("an admin under ADMIN_2FA=required", () => {
  let secret: string;
  let recoveryCodes: string[];

  it("is taken to enrolment at sign-in: the token opens only their own account until a code confirms the secret", async () => {
    const first = await login(ADMIN.email, ADMIN.password);
    expect(first.data!.login).toMatchObject({ step: "TWO_FACTOR_ENROLMENT", accessToken: expect.any(String), challengeToken: null });
    const token = first.data!.login.accessToken as string;
    const refused = await t.gql(`{ users { totalCount } }`, {}, token);
    expect(refused.errors?.[0]).toMatchObject({ message: "Set up two-factor sign-in first: administrators must use it", extensions: { code: "FORBIDDEN" } });
    expect((await t.rest("GET", "/admin/users", { token })).status).toBe(403);
    expect((await t.gql(`{ twoFactorStatus { enabled required recoveryCodesLeft } }`, {}, token)).data).toEqual({ twoFactorStatus: { enabled: false, required: true, recoveryCodesLeft: 0 } });

    const wrong = await t.gql(`mutation { beginTwoFactorEnrolment { secret } }`, {}, token);
    const wrongCode = await t.gql(`mutation { confirmTwoFactorEnrolment(code: "000000") }`, {}, token);
    expect(wrong.errors).toBeUndefined();
    expect(wrongCode.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "code" } });

    ({ secret, recoveryCodes } = await enrol(token));
    expect(recoveryCodes).toHaveLength(10);
    adminRecovery = recoveryCodes.slice(3);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await t.gql(`{ users { totalCount } }`, {}, token)).errors).toBeUndefined();
    expect((await t.gql(`mutation { beginTwoFactorEnrolment { secret } }`, {}, token)).errors?.[0]?.extensions?.code).toBe("CONFLICT");
  });

  it("then signs in with the password and a code, in two steps", async () => {
    const first = await login(ADMIN.email, ADMIN.password);
    expect(first.data!.login).toMatchObject({ step: "TWO_FACTOR_CODE", accessToken: null, challengeToken: expect.any(String) });
    const challenge = first.data!.login.challengeToken as string;

    const wrong = await completeSignIn(challenge, "123456");
    expect(wrong.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^That code is not valid/), extensions: { code: "BAD_USER_INPUT", field: "code" } });
    const forged = await completeSignIn(`${challenge}x`, codeFor(secret, 1));
    expect(forged.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "challengeToken" } });

    const done = await completeSignIn(challenge, codeFor(secret, 1));
    expect(done.data!.completeTwoFactorSignIn).toEqual({ accessToken: expect.any(String), step: "DONE" });
    expect((await t.gql(`{ users { totalCount } }`, {}, done.data!.completeTwoFactorSignIn.accessToken)).errors).toBeUndefined();
    // The same code again is refused: each is accepted once.
    const replay = await completeSignIn((await login(ADMIN.email, ADMIN.password)).data!.login.challengeToken, codeFor(secret, 1));
    expect(replay.errors?.[0]?.extensions?.field).toBe("code");
  });

  it("accepts a recovery code once, over REST too, and records its use", async () => {
    const first = await t.rest("POST", "/auth/login", { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(first.body).toMatchObject({ access_token: null, step: "two_factor_code" });
    const used = await t.rest("POST", "/auth/two-factor", { body: { challenge_token: first.body.challenge_token, code: recoveryCodes[0].toUpperCase() } });
    expect(used.body).toMatchObject({ step: "done", access_token: expect.any(String) });
    const again = await t.rest("POST", "/auth/two-factor", { body: { challenge_token: first.body.challenge_token, code: recoveryCodes[0] } });
    expect(again.status).toBe(422);
    const status = await t.gql(`{ twoFactorStatus { recoveryCodesLeft } auditLog(input: {action: TWO_FACTOR_RECOVERY_USED}) { items { actorEmail after } } }`, {}, used.body.access_token);
    expect(status.data).toEqual({ twoFactorStatus: { recoveryCodesLeft: 9 }, auditLog: { items: [{ actorEmail: ADMIN.email, after: '{"recoveryCodesLeft":9}' }] } });
  });

  it("cannot turn it off", async () => {
    const first = await login(ADMIN.email, ADMIN.password);
    const token = (await completeSignIn(first.data!.login.challengeToken, recoveryCodes[1])).data!.completeTwoFactorSignIn.accessToken;
    const off = await t.gql(`mutation($input: DisableTwoFactorInput!) { disableTwoFactor(input: $input) }`, { input: { password: ADMIN.password, code: recoveryCodes[2] } }, token);
    expect(off.errors?.[0]).toMatchObject({ message: "Administrators must keep two-factor sign-in on", extensions: { code: "FORBIDDEN" } });
  });
});

describe("a publisher, for whom it is optional", () => {
  let publisher: Account;
  let secret: string;
  beforeAll(async () => {
    publisher = await signUp(t, "publisher");
  });

  it("signs in with a password alone until they enrol, and turning it off needs the password and a code", async () => {
    expect((await login(publisher.email, publisher.password)).data!.login.step).toBe("DONE");
    ({ secret } = await enrol(publisher.token));
    expect((await login(publisher.email, publisher.password)).data!.login.step).toBe("TWO_FACTOR_CODE");

    const disable = (password: string, code: string) =>
      t.gql(`mutation($input: DisableTwoFactorInput!) { disableTwoFactor(input: $input) }`, { input: { password, code } }, publisher.token);
    expect((await disable("not-my-password", codeFor(secret, 1))).errors?.[0]).toMatchObject({ message: "Your password is incorrect", extensions: { field: "password" } });
    expect((await disable(publisher.password, "999999")).errors?.[0]?.extensions?.field).toBe("code");
    expect((await disable(publisher.password, codeFor(secret, 1))).data).toEqual({ disableTwoFactor: true });
    expect((await login(publisher.email, publisher.password)).data!.login.step).toBe("DONE");

    const entries = await t.gql(`query($id: Int!) { auditLog(input: {targetUserId: $id}) { items { action actorEmail } } }`, { id: publisher.id }, await adminToken());
    expect(entries.data!.auditLog.items).toEqual([
      { action: "TWO_FACTOR_DISABLED", actorEmail: publisher.email },
      { action: "TWO_FACTOR_ENABLED", actorEmail: publisher.email },
    ]);
  });

  it("limits wrong codes: after five, even the right one waits", async () => {
    const other = await signUp(t, "advertiser");
    const { secret: otherSecret } = await enrol(other.token);
    const challenge = (await login(other.email, other.password)).data!.login.challengeToken as string;
    for (let attempt = 0; attempt < 5; attempt++) expect((await completeSignIn(challenge, "000000")).errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const limited = await completeSignIn(challenge, codeFor(otherSecret, 1));
    expect(limited.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Too many wrong codes/), extensions: { code: "RATE_LIMITED" } });
  });
});

/** The admin has two-factor on by now: a recovery code is the test's way in. */
let adminRecovery: string[] = [];
async function adminToken(): Promise<string> {
  if (adminRecovery.length === 0) throw new Error("no recovery codes left");
  const challenge = (await login(ADMIN.email, ADMIN.password)).data!.login.challengeToken as string;
  return (await completeSignIn(challenge, adminRecovery.pop()!)).data!.completeTwoFactorSignIn.accessToken;
}
