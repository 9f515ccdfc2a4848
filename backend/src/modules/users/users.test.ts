import { signIn, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { LEGAL_VERSIONS } from "./legal-terms";
import { User } from "./user.entity";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const register = (body: Record<string, unknown>) => t.rest("POST", "/auth/register", { body: { accept_terms: true, ...body } });
const newEmail = () => `user-${Math.random().toString(36).slice(2)}@example.com`;

describe("registration", () => {
  it("creates a publisher by default, signed in, and never returns a password or its hash", async () => {
    const email = newEmail();
    const response = await register({ full_name: "Ada Lovelace", email, password: "long-enough-pw" });
    expect(response.status).toBe(201);
    const user = {
      id: expect.any(Number),
      email,
      full_name: "Ada Lovelace",
      role: "publisher",
      status: "active",
      identity_verified: false,
      two_factor_enabled: false,
      must_enrol_two_factor: false,
      created_at: expect.any(String),
      // Signed in by registering: a first visit, with no sign-in before it.
      previous_sign_in_at: null,
    };
    // The spec's answer (the user) stays at the top level; the session is login's, beside it.
    expect(response.body).toEqual({ ...user, access_token: expect.any(String), token_type: "bearer", step: "done", challenge_token: null, user });
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash|argon/i);
    const me = await t.rest("GET", "/auth/me", { token: response.body.access_token });
    expect(me.body).toMatchObject({ id: response.body.id, email, full_name: "Ada Lovelace" });
  });

  it("answers a session through GraphQL too, whose token opens the new account", async () => {
    const email = newEmail();
    const result = await t.gql<{ register: { accessToken: string; step: string; user: { email: string; role: string } } }>(
      `mutation { register(input: {fullName: "Grace", email: "${email}", password: "long-enough-pw", role: ADVERTISER, acceptTerms: true}) { accessToken step user { email role } } }`,
    );
    expect(result.data!.register).toMatchObject({ step: "DONE", user: { email, role: "ADVERTISER" } });
    expect((await t.gql(`{ me { email } }`, {}, result.data!.register.accessToken)).data).toEqual({ me: { email } });
  });

  it("trims and lowercases the e-mail, and refuses it again in another spelling with 409", async () => {
    const email = newEmail();
    const first = await register({ full_name: "A", email: `  ${email.toUpperCase()} `, password: "long-enough-pw", role: "advertiser" });
    expect(first.body).toMatchObject({ email, role: "advertiser" });
    const again = await register({ full_name: "B", email, password: "long-enough-pw" });
    expect(again).toEqual({ status: 409, body: { detail: "Email already registered: sign in instead, or use another address" } });
  });

  it.each(["admin", "ADMIN", " Admin ", "superuser"])("refuses the role %p with 422", async (role) => {
    const response = await register({ full_name: "Mallory", email: newEmail(), password: "long-enough-pw", role });
    expect(response).toEqual({ status: 422, body: { detail: "Role must be publisher or advertiser" } });
  });

  it("refuses an admin through GraphQL too, with the field named", async () => {
    const result = await t.gql(`mutation { register(input: {fullName: "M", email: "${newEmail()}", password: "long-enough-pw", role: ADMIN, acceptTerms: true}) { accessToken } }`);
    expect(result.errors?.[0]).toMatchObject({ message: "Role must be publisher or advertiser", extensions: { code: "BAD_USER_INPUT", field: "role" } });
  });

  it.each([
    [{ email: newEmail(), password: "long-enough-pw" }, "Full name is required"],
    [{ full_name: "A", password: "long-enough-pw" }, "Email is required"],
    [{ full_name: "A", email: "not-an-email", password: "long-enough-pw" }, "Enter an email address such as name@example.com"],
    [{ full_name: "A", email: newEmail() }, "Password is required"],
    [{ full_name: "A", email: newEmail(), password: "short" }, "Password must be at least 8 characters long"],
    [{ full_name: "A", email: newEmail(), password: "x".repeat(129) }, "Password can be at most 128 characters long"],
  ])("rejects %p with 422 %p", async (body, detail) => {
    expect(await register(body)).toEqual({ status: 422, body: { detail } });
  });
});

describe("acceptance of the Terms and the Privacy Policy", () => {
  const refusal = "Accept the Terms of Service and the Privacy Policy to create an account";
  it.each([undefined, false, "true", "on"])("refuses accept_terms %p with 422, and creates no account", async (accepted) => {
    const email = newEmail();
    expect(await register({ full_name: "Ada", email, password: "long-enough-pw", accept_terms: accepted })).toEqual({ status: 422, body: { detail: refusal } });
    expect(await t.app.dataSource.getRepository(User).existsBy({ email })).toBe(false);
  });

  it("refuses a GraphQL registration without it, naming the field", async () => {
    const result = await t.gql(`mutation { register(input: {fullName: "Ada", email: "${newEmail()}", password: "long-enough-pw"}) { accessToken } }`);
    expect(result.errors?.[0]).toMatchObject({ message: refusal, extensions: { code: "BAD_USER_INPUT", field: "acceptTerms" } });
  });

  it("stores the versions formOptions serves, and when they were accepted", async () => {
    const { data } = await t.gql<{ formOptions: { legalVersions: { termsOfService: string; privacyPolicy: string } } }>(
      "{ formOptions { legalVersions { termsOfService privacyPolicy } } }",
    );
    expect(data!.formOptions.legalVersions).toEqual(LEGAL_VERSIONS);
    const before = Date.now() - 1000;
    const email = newEmail();
    await t.gql(`mutation { register(input: {fullName: "Ada", email: "${email}", password: "long-enough-pw", acceptTerms: true}) { accessToken } }`);
    const user = await t.app.dataSource.getRepository(User).findOneByOrFail({ email });
    expect(user).toMatchObject({ termsVersion: LEGAL_VERSIONS.termsOfService, privacyPolicyVersion: LEGAL_VERSIONS.privacyPolicy });
    expect(user.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(user.termsAcceptedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe("login and tokens", () => {
  it("returns a bearer token and the user, and /auth/me answers with it", async () => {
    const account = await signUp(t, "advertiser");
    const login = await t.rest("POST", "/auth/login", { body: { email: account.email, password: account.password } });
    expect(login.body).toMatchObject({ token_type: "bearer", access_token: expect.any(String), user: { email: account.email, role: "advertiser" } });
    const me = await t.rest("GET", "/auth/me", { token: login.body.access_token });
    expect(me.body).toMatchObject({ id: account.id, email: account.email, full_name: "Test advertiser" });
  });

  it("knows a first visit from a return: no sign-in before registering's, the previous one after signing in again", async () => {
    const email = newEmail();
    const registered = await t.gql<{ register: { accessToken: string; user: { previousSignInAt: string | null } } }>(
      `mutation { register(input: {fullName: "Nia", email: "${email}", password: "long-enough-pw", role: ADVERTISER, acceptTerms: true}) { accessToken user { previousSignInAt } } }`,
    );
    expect(registered.data!.register.user.previousSignInAt).toBeNull();
    const me = async (token: string) => (await t.gql<{ me: { previousSignInAt: string | null } }>(`{ me { previousSignInAt } }`, {}, token)).data!.me.previousSignInAt;
    expect(await me(registered.data!.register.accessToken)).toBeNull();

    const login = await t.rest("POST", "/auth/login", { body: { email, password: "long-enough-pw" } });
    const firstSignIn = (await t.app.dataSource.getRepository(User).findOneByOrFail({ email })).previousLoginAt;
    expect(firstSignIn).toBeInstanceOf(Date);
    expect(await me(login.body.access_token)).toBe(firstSignIn!.toISOString());
  });

  it("answers a wrong password and an unknown account with the same 401", async () => {
    const account = await signUp(t, "publisher");
    const wrong = await t.rest("POST", "/auth/login", { body: { email: account.email, password: "wrong-password" } });
    const unknown = await t.rest("POST", "/auth/login", { body: { email: newEmail(), password: "wrong-password" } });
    expect(wrong).toEqual({ status: 401, body: { detail: "Incorrect email or password" } });
    expect(unknown).toEqual(wrong);
  });

  it.each([undefined, "Bearer nonsense", "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidmVyIjowfQ."])(
    "rejects /auth/me with the token %p as 401",
    async (header) => {
      const response = await fetch(`${t.url}/api/auth/me`, { headers: header ? { authorization: header } : {} });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: "Not authenticated" });
    },
  );

  it("retires old tokens when the password changes and issues a new one", async () => {
    const account = await signUp(t, "publisher");
    const changed = await t.gql<{ changePassword: { accessToken: string } }>(
      `mutation { changePassword(input: {currentPassword: "${account.password}", newPassword: "a-brand-new-password"}) { accessToken } }`,
      {},
      account.token,
    );
    const fresh = changed.data!.changePassword.accessToken;
    expect((await t.rest("GET", "/auth/me", { token: account.token })).status).toBe(401);
    expect((await t.rest("GET", "/auth/me", { token: fresh })).status).toBe(200);
    await expect(signIn(t, account.email, "a-brand-new-password")).resolves.toMatchObject({ id: account.id });
  });

  it("refuses a password change with the wrong current password and changes nothing", async () => {
    const account = await signUp(t, "publisher");
    const result = await t.gql(`mutation { changePassword(input: {currentPassword: "nope-nope-nope", newPassword: "another-password"}) { accessToken } }`, {}, account.token);
    expect(result.errors?.[0]).toMatchObject({ message: "Your current password is incorrect", extensions: { code: "BAD_USER_INPUT", field: "currentPassword" } });
    expect((await t.rest("GET", "/auth/me", { token: account.token })).status).toBe(200);
  });

  it("lets every user change their own full name", async () => {
    const account = await signUp(t, "advertiser");
    const result = await t.gql(`mutation { updateProfile(input: {fullName: "  Grace Hopper "}) { fullName } }`, {}, account.token);
    expect(result.data).toEqual({ updateProfile: { fullName: "Grace Hopper" } });
    expect((await t.rest("GET", "/auth/me", { token: account.token })).body.full_name).toBe("Grace Hopper");
  });

  it("limits failed logins per account and answers 429 with a detail", async () => {
    const account = await signUp(t, "publisher");
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await t.rest("POST", "/auth/login", { body: { email: account.email, password: "wrong-password" } })).status).toBe(401);
    }
    const limited = await t.rest("POST", "/auth/login", { body: { email: account.email, password: account.password } });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^Too many failed login attempts/);
  });
});

describe("logout", () => {
  it("over REST answers 204 and ends that session only: its token gets 401, another session of the user goes on", async () => {
    const account = await signUp(t, "publisher");
    const other = await signIn(t, account.email, account.password);
    expect(await t.rest("POST", "/auth/logout", { token: account.token })).toEqual({ status: 204, body: null });
    expect(await t.rest("GET", "/auth/me", { token: account.token })).toEqual({ status: 401, body: { detail: "Not authenticated" } });
    expect(await t.rest("POST", "/auth/logout", { token: account.token })).toMatchObject({ status: 401 });
    expect((await t.rest("GET", "/auth/me", { token: other.token })).body).toMatchObject({ id: account.id });
  });

  it("over GraphQL ends that session only: its token is UNAUTHENTICATED, another session of the user goes on", async () => {
    const account = await signUp(t, "advertiser");
    const other = await signIn(t, account.email, account.password);
    expect(await t.gql("mutation { logout }", {}, account.token)).toEqual({ data: { logout: true } });
    const after = await t.gql("{ me { id } }", {}, account.token);
    expect(after.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await t.gql("{ me { id } }", {}, other.token)).data).toEqual({ me: { id: account.id } });
  });

  it("stops the token in another process on the same database at once", async () => {
    const second = await startTestApp(t.databaseEnv);
    try {
      const account = await signUp(t, "publisher");
      expect((await second.rest("GET", "/auth/me", { token: account.token })).status).toBe(200);
      await t.rest("POST", "/auth/logout", { token: account.token });
      expect((await second.rest("GET", "/auth/me", { token: account.token })).status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it("signing in again after logout starts a new session", async () => {
    const account = await signUp(t, "publisher");
    await t.rest("POST", "/auth/logout", { token: account.token });
    const again = await signIn(t, account.email, account.password);
    expect((await t.rest("GET", "/auth/me", { token: again.token })).status).toBe(200);
  });
});

describe("the configured admin", () => {
  it("exists after start, and making sure again changes nothing", async () => {
    const first = await t.app.services.users.ensureAdmin("root-admin@adnet.test", "admin-password-for-tests");
    const again = await t.app.services.users.ensureAdmin("root-admin@adnet.test", "admin-password-for-tests");
    expect(again).toMatchObject({ id: first.id, role: "admin", tokenVersion: first.tokenVersion });
  });

  it("promotes an existing account with that e-mail and sets the configured password", async () => {
    const account = await signUp(t, "publisher");
    await t.app.services.users.ensureAdmin(account.email, "configured-admin-password");
    const login = await t.rest("POST", "/auth/login", { body: { email: account.email, password: "configured-admin-password" } });
    expect(login.body.user.role).toBe("admin");
    expect((await t.rest("GET", "/auth/me", { token: account.token })).status).toBe(401);
  });
});
