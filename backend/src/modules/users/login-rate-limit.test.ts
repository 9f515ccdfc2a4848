import { signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

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
    const limited = await login(t, "nobody-50@example.com");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.stringMatching(/^Too many failed login attempts\. Try again in \d+ minutes\.$/) });
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
