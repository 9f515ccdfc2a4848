import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { approvedSite, signInAdmin, signUp } from "../test/factories";
import { AppPair, engine, startAppPair, startTestApp, TestApp } from "../test/test-app";
import { EMBEDDED_DATABASE_FILE } from "./db/data-source";
import { APP_ROUTES_FILE } from "./http/frontend";
import { loggerOptions } from "./http/logger";

/** A call as a client at `ip` makes it (the apps under test trust X-Forwarded-For). */
async function call(t: TestApp, method: string, path: string, { ip, body, headers = {} }: { ip?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(ip ? { "x-forwarded-for": ip } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: response.headers.get("content-type")?.includes("json") && text ? JSON.parse(text) : text };
}

const login = (t: TestApp, email: string, password: string, ip: string) => call(t, "POST", "/api/auth/login", { ip, body: { email, password } });
const register = (t: TestApp, body: Record<string, unknown>, ip = "10.9.9.9") => call(t, "POST", "/api/auth/register", { ip, body: { full_name: "Casey Owner", role: "publisher", accept_terms: true, ...body } });
const PASSWORD = "correct-horse-battery";

describe("security headers", () => {
  let t: TestApp;
  let frontendDir: string;
  const prerenderedStyle = ".css-1x{color:red}";
  beforeAll(async () => {
    frontendDir = mkdtempSync(join(tmpdir(), "adnet-frontend-"));
    writeFileSync(join(frontendDir, "index.html"), "<!doctype html><title>AdNet</title>");
    writeFileSync(join(frontendDir, "shell.html"), "<!doctype html><title>AdNet</title><div id=root></div>");
    writeFileSync(join(frontendDir, "not-found.html"), "<!doctype html><title>Page Not Found</title>");
    writeFileSync(join(frontendDir, APP_ROUTES_FILE), JSON.stringify(["/advertiser/:tab?"]));
    mkdirSync(join(frontendDir, "ad-formats"));
    writeFileSync(join(frontendDir, "ad-formats", "index.html"), `<!doctype html><style data-emotion="css 1x">${prerenderedStyle}</style>`);
    t = await startTestApp({ FRONTEND_DIR: frontendDir, TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await t.close();
    rmSync(frontendDir, { recursive: true, force: true });
  });

  const appAnswers: [string, string, string, number][] = [
    ["a prerendered page", "GET", "/ad-formats", 200],
    ["the app's shell", "GET", "/advertiser", 200],
    ["the not-found page", "GET", "/no-such-page", 404],
    ["GraphQL", "POST", "/graphql", 200],
    ["a REST answer", "GET", "/api/auth/me", 401],
    ["a REST 404", "GET", "/api/nowhere", 404],
    ["the health check", "GET", "/healthz", 200],
  ];
  it.each(appAnswers)("on %s: a CSP without inline scripts, no framing, nosniff, a referrer policy", async (_kind, method, path, status) => {
    const response = await call(t, method, path, {
      headers: { accept: method === "GET" ? "text/html" : "application/json" },
      ...(method === "POST" ? { body: { query: "{ formOptions { minPasswordLength } }" } } : {}),
    });
    expect(response.status).toBe(status);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    // Creatives' thumbnails come from the advertisers' https servers; never plain http.
    expect(csp).toContain("img-src 'self' data: https:;");
    // Creative cards show advertisers' videos and HTML (in a sandboxed frame) from https too.
    expect(csp).toContain("media-src 'self' https:; frame-src 'self' https:;");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("lets the prerendered pages' style tags in by their hash", async () => {
    const hash = createHash("sha256").update(prerenderedStyle).digest("base64");
    expect((await call(t, "GET", "/ad-formats")).headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
  });

  const adAnswers: [string, string, number][] = [
    ["the network script", "/ads.js", 200],
    ["a part of the tag only some ads need", "/ads/native.js", 200],
    ["the decision", "/serve?zone=x", 400],
    ["an impression beacon", "/t/i?d=forged", 204],
    ["a click link", "/t/c?d=forged", 400],
    ["a demo creative", "/demo-ads/spring-sale-300x250.svg", 200],
  ];
  it.each(adAnswers)("on %s: readable by publishers' pages, and nothing more", async (_kind, path, status) => {
    const response = await call(t, "GET", path);
    expect(response.status).toBe(status);
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it.each(["/healthz", "/serve?zone=x"])("adds HSTS when %s is served over https", async (path) => {
    const response = await call(t, "GET", path, { headers: { "x-forwarded-proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("e-mail identity", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  it(`compares addresses exactly on ${engine}: an accent makes another account, case does not`, async () => {
    expect((await register(t, { email: "collate@example.com", password: PASSWORD })).status).toBe(201);
    expect((await login(t, "cóllate@example.com", PASSWORD, "10.1.0.1")).status).toBe(401);
    expect((await login(t, "collaté@example.com", PASSWORD, "10.1.0.1")).status).toBe(401);
    expect((await login(t, "  COLLATE@Example.COM ", PASSWORD, "10.1.0.1")).status).toBe(200);
    const accented = await register(t, { email: "Cóllate@example.com", password: PASSWORD });
    expect(accented.status).toBe(201);
    expect(accented.body.email).toBe("cóllate@example.com");
    expect((await register(t, { email: "COLLATE@example.com", password: PASSWORD })).status).toBe(409);
  });

  it("treats a composed and a decomposed accent as one address", async () => {
    expect((await register(t, { email: "ren\u00e9@example.com", password: PASSWORD })).status).toBe(201);
    expect((await login(t, "rene\u0301@example.com", PASSWORD, "10.1.0.2")).status).toBe(200);
  });

  it("keeps an address of İ, whose lowercase is longer, at its length: no 500", async () => {
    const email = `${"İ".repeat(240)}@example.com`;
    const registered = await register(t, { email, password: PASSWORD });
    expect(registered.status).toBe(201);
    expect(registered.body.email).toBe(email);
    expect((await login(t, email, PASSWORD, "10.1.0.3")).status).toBe(200);
    const gql = await t.gql(`mutation { login(input: { email: "${"İ".repeat(250)}@example.com", password: "x" }) { accessToken } }`);
    expect(gql.errors?.[0].extensions).toEqual({ code: "BAD_USER_INPUT", field: "email" });
  });

  it.each(["zero\u200bwidth@example.com", "tab\tbed@example.com", "nul\u0000l@example.com", "private\ue000@example.com"])("answers 422 for %j", async (email) => {
    const registered = await register(t, { email, password: PASSWORD });
    expect(registered).toMatchObject({ status: 422, body: { detail: "Enter an email address such as name@example.com" } });
    expect((await login(t, email, PASSWORD, "10.1.0.4")).status).toBe(422);
  });
});

describe("passwords", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(["password", "12345678", "Password", "qwerty123"])("refuses the common password %j, saying why", async (password) => {
    const answer = await t.gql(`mutation($input: RegisterInput!) { register(input: $input) { accessToken } }`, {
      input: { fullName: "Casey Owner", email: "casey@example.com", password, acceptTerms: true },
    });
    expect(answer.errors?.[0]).toMatchObject({
      message: "This password is one of the most commonly used, so it is among the first guessed: choose another",
      extensions: { code: "BAD_USER_INPUT", field: "password" },
    });
  });

  it.each(["casey.owner@example.com", "CaseyOwner1990", "owner-casey!", "example-casey"])("refuses %j, made from the address or the name", async (password) => {
    const answer = await register(t, { email: "casey.owner@example.com", password });
    expect(answer).toEqual(
      expect.objectContaining({ status: 422, body: { detail: "This password is made from your email address or name, which others may know: add words of your own" } }),
    );
  });

  it("takes up to 128 characters, and a passphrase with the owner's name in it", async () => {
    expect((await register(t, { email: "long@example.com", password: "x".repeat(129) })).body).toEqual({ detail: "Password can be at most 128 characters long" });
    expect((await register(t, { email: "long@example.com", password: "casey likes " + "quiet mornings ".repeat(7) })).status).toBe(201);
  });

  it("refuses a common new password when changing it, under the new password field", async () => {
    const account = await signUp(t, "publisher");
    const answer = await t.gql(`mutation { changePassword(input: { currentPassword: "${account.password}", newPassword: "12345678" }) { accessToken } }`, {}, account.token);
    expect(answer.errors?.[0].extensions).toEqual({ code: "BAD_USER_INPUT", field: "newPassword" });
  });
});

describe("throttling without lock-out", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp({ TRUST_PROXY: "1" });
  });
  afterEach(() => t.close());

  it("lets the owner in from their own address while another address hammers the account", async () => {
    const owner = { email: "owner@example.com", password: PASSWORD };
    expect((await register(t, owner, "10.2.0.1")).status).toBe(201);
    const attacker: number[] = [];
    for (let i = 0; i < 12; i++) attacker.push((await login(t, owner.email, `guess-${i}-wrong`, "10.2.0.66")).status);
    expect(attacker).toEqual([...Array(10).fill(401), 429, 429]);

    expect((await login(t, owner.email, owner.password, "10.2.0.1")).status).toBe(200);
    // A mistyped password from the owner's address is a failure like any, not a lock.
    expect((await login(t, owner.email, "owner-typo-password", "10.2.0.1")).status).toBe(401);
    expect((await login(t, owner.email, owner.password, "10.2.0.1")).status).toBe(200);
  });

  it("slows the account down at addresses it has not been signed in from, with growing delays", async () => {
    const owner = { email: "slowed@example.com", password: PASSWORD };
    await register(t, owner, "10.3.0.1");
    for (let i = 0; i < 10; i++) await login(t, owner.email, `guess-${i}-wrong`, "10.3.0.66");
    const elsewhere = await login(t, owner.email, owner.password, "10.3.0.2");
    expect(elsewhere).toMatchObject({ status: 429, body: { detail: expect.stringMatching(/^Too many failed sign-ins on this account from elsewhere\. Try again in \d+ seconds\.$/) } });
    const seconds = Number(/in (\d+) seconds/.exec(elsewhere.body.detail)![1]);
    expect(seconds).toBeGreaterThan(25);
    expect(seconds).toBeLessThanOrEqual(32);
  });

  it("limits wrong current passwords in a password change like failed logins", async () => {
    const account = await signUp(t, "advertiser");
    const change = (currentPassword: string) =>
      call(t, "POST", "/graphql", {
        ip: "10.4.0.1",
        headers: { authorization: `Bearer ${account.token}` },
        body: { query: `mutation { changePassword(input: { currentPassword: "${currentPassword}", newPassword: "a fresh passphrase" }) { accessToken } }` },
      });
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) codes.push((await change(`wrong-${i}-password`)).body.errors[0].extensions.code);
    expect(codes).toEqual([...Array(10).fill("BAD_USER_INPUT"), "RATE_LIMITED"]);
  });
});

describe("shared through Redis", () => {
  let pair: AppPair;
  beforeEach(async () => {
    pair = await startAppPair({ TRUST_PROXY: "1", REGISTRATIONS_PER_IP_PER_HOUR: "3" });
  });
  afterEach(() => pair.close());

  it("throttles the account in every process, and lets the owner in through either", async () => {
    const owner = { email: "shared-owner@example.com", password: PASSWORD };
    expect((await register(pair.first, owner, "10.5.0.1")).status).toBe(201);
    for (let i = 0; i < 10; i++) await login(i % 2 ? pair.first : pair.second, owner.email, `guess-${i}-wrong`, "10.5.0.66");
    expect((await login(pair.second, owner.email, "one-more-guess", "10.5.0.66")).status).toBe(429);
    expect((await login(pair.first, owner.email, owner.password, "10.5.0.2")).status).toBe(429);
    expect((await login(pair.second, owner.email, owner.password, "10.5.0.1")).status).toBe(200);
  });

  it("limits registrations per address across processes, answering 429 with a detail", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await register(i % 2 ? pair.second : pair.first, { email: `bulk-${i}@example.com`, password: PASSWORD }, "10.6.0.1")).status);
    expect(statuses).toEqual([201, 201, 201]);
    expect(await register(pair.second, { email: "bulk-3@example.com", password: PASSWORD }, "10.6.0.1")).toMatchObject({
      status: 429,
      body: { detail: expect.stringMatching(/^Too many accounts registered from your address\. Try again in \d+ minutes\.$/) },
    });
    expect((await register(pair.first, { email: "bulk-4@example.com", password: PASSWORD }, "10.6.0.2")).status).toBe(201);
  });
});

/** A request with a Host header of the caller's choosing, which fetch would not send. */
function withHost(t: TestApp, path: string, host: string, token: string, body: unknown): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return sendWithHost(t, "POST", path, { host, authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) }, payload);
}

/** A request with a Host header fetch would not send as written. */
function sendWithHost(t: TestApp, method: string, path: string, headers: Record<string, string>, payload = ""): Promise<{ status: number; text: string }> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, method, headers },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

describe("the Host header", () => {
  const publisherWithSite = async (t: TestApp) => {
    const admin = await signInAdmin(t);
    const publisher = await signUp(t, "publisher");
    return { publisher, site: await approvedSite(t, publisher, admin) };
  };
  const tagsOf = async (t: TestApp, host: string) => {
    const { publisher, site } = await publisherWithSite(t);
    const created = await withHost(t, "/api/publisher/ad-zones", host, publisher.token, { site_id: site.id, name: "Top", width: 728, height: 90 });
    const listed = await withHost(t, "/graphql", host, publisher.token, { query: "{ myAdZones { adTag } }" });
    expect([created.status, listed.status]).toEqual([201, 200]);
    return created.text + listed.text;
  };

  it("never reaches a tag: a host off the allowed list gets this machine's own address", async () => {
    const t = await startTestApp({ PORT: "4321" });
    try {
      const tags = await tagsOf(t, "evil.example");
      expect(tags).not.toContain("evil");
      expect(tags).toContain("http://localhost:4321/ads.js");
      expect(await tagsOf(t, `127.0.0.1:${new URL(t.url).port}`)).toContain(`${t.url}/ads.js`);
    } finally {
      await t.close();
    }
  });

  it("answers 400 to a Host header that is no host name, without repeating it", async () => {
    const t = await startTestApp();
    try {
      const { publisher, site } = await publisherWithSite(t);
      for (const path of ["/api/publisher/ad-zones", "/graphql"]) {
        const answer = await withHost(t, path, 'evil.example"><script>alert(1)</script>', publisher.token, { site_id: site.id, name: "Top" });
        expect(answer).toEqual({ status: 400, text: JSON.stringify({ detail: "The Host header is not a host name" }) });
      }
      // The ad request is answered before Fastify's hooks (the serve lane), and refuses it the same.
      const adRequest = await sendWithHost(t, "GET", `/serve?zone=1`, { host: 'evil.example"><script>' });
      expect(adRequest).toEqual({ status: 400, text: JSON.stringify({ detail: "The Host header is not a host name" }) });
    } finally {
      await t.close();
    }
  });

  it("is ignored when PUBLIC_URL is set", async () => {
    const t = await startTestApp({ PUBLIC_URL: "https://ads.example.com" });
    try {
      const tags = await tagsOf(t, `127.0.0.1:${new URL(t.url).port}`);
      expect(tags).toContain("https://ads.example.com/ads.js");
      expect(tags).not.toContain("127.0.0.1");
    } finally {
      await t.close();
    }
  });
});

describe("secrets at rest and in logs", () => {
  it("logs no password, hash or token, wherever it sits in the logged object", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions("info"), sink);
    const failedQuery = Object.assign(new Error("Data too long for column 'email' at row 1"), {
      query: "INSERT INTO `users` (`password_hash`) VALUES (?)",
      parameters: ["$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"],
      driverError: { sql: "INSERT INTO `users` VALUES ('$argon2id$v=19$m=19456')" },
    });
    log.error({ err: failedQuery }, "GraphQL resolver failed");
    log.info({ body: { password: "hunter2-secret", input: { newPassword: "hunter3-secret" } }, access_token: "eyJ.token.sig" }, "request");
    log.info({ req: { headers: { authorization: "Bearer eyJ.token.sig" } } }, "incoming request");
    log.info({ req: { method: "GET", url: "/reset-password?token=emailed-link-secret&x=1" } }, "incoming request");
    log.info({ req: { method: "PUT", url: "/media/uploads/12.1795711477333.upload-url-secret.sig" } }, "incoming request");
    const written = lines.join("");
    for (const secret of ["argon2", "hunter2", "hunter3", "eyJ", "emailed-link-secret", "upload-url-secret"]) expect(written).not.toContain(secret);
    expect(written).toContain("/media/uploads/[redacted]");
    expect(written).toContain("/reset-password?token=[redacted]&x=1");
    expect(written).toContain("Data too long for column 'email'");
  });

  (engine === "sqlite" ? it : it.skip)("keeps DATA_DIR to the server's account, and the database and its secret to its owner", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "adnet-modes-"));
    const t = await startTestApp({ DATA_DIR: dataDir, JWT_SECRET: "" });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      for (const file of [EMBEDDED_DATABASE_FILE, "jwt-secret", `${EMBEDDED_DATABASE_FILE}-wal`]) expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
