import { signUp } from "../../../test/factories";
import { AppPair, startAppPair, startTestApp, TestApp } from "../../../test/test-app";

const TOO_MANY = { status: 429, body: { detail: expect.stringMatching(/^Too many failed login attempts\. Try again in \d+ minutes\.$/) } };
const login = (app: TestApp, email: string, password = "wrong-password") => app.rest("POST", "/auth/login", { body: { email, password } });

describe("in one process", () => {
  // Every test starts with a fresh allowance: they all sign in from the same IP.
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(() => t.close());

  it("limits failed logins per IP across accounts, answering 429 with a detail", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await login(t, `nobody-${i}@example.com`)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(await login(t, "nobody-50@example.com")).toEqual(TOO_MANY);
  });

  it("counts concurrent failed logins before verifying them, so a burst cannot pass the account limit", async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, () => login(t, "burst-target@example.com")));
    expect(burst.map((attempt) => attempt.status).sort()).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  });

  it("does not count successful logins against the IP", async () => {
    const account = await signUp(t, "publisher");
    const statuses: number[] = [];
    for (let i = 0; i < 55; i++) statuses.push((await login(t, account.email, account.password)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await login(t, "nobody@example.com")).status).toBe(401);
  });
});

describe("shared through Redis by two processes", () => {
  let pair: AppPair;
  beforeEach(async () => {
    pair = await startAppPair();
  });
  afterEach(() => pair.close());

  it("stops failed logins per IP at the same total when they alternate between the processes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await login(i % 2 ? pair.second : pair.first, `nobody-${i}@example.com`)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(await login(pair.first, "nobody-50@example.com")).toEqual(TOO_MANY);
    expect(await login(pair.second, "nobody-51@example.com")).toEqual(TOO_MANY);
  });

  it("admits exactly the account limit when a burst is spread over both processes", async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => login(i % 2 ? pair.second : pair.first, "burst-target@example.com")));
    expect(burst.map((attempt) => attempt.status).sort()).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  });
});

it("keeps limiting failed logins in the process when Redis does not answer", async () => {
  // Nothing listens on port 1: every Redis command fails, as in an outage.
  const t = await startTestApp({ REDIS_URL: "redis://127.0.0.1:1" });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(t, "outage-target@example.com")).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(await login(t, "outage-target@example.com")).toEqual(TOO_MANY);
  } finally {
    await t.close();
  }
});
