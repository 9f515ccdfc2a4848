import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("limits failed logins per IP across accounts, answering 429 with a detail", async () => {
  const attempt = (i: number) => t.rest("POST", "/auth/login", { body: { email: `nobody-${i}@example.com`, password: "wrong-password" } });
  const statuses: number[] = [];
  for (let i = 0; i < 51; i++) statuses.push((await attempt(i)).status);
  expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
  const limited = await attempt(51);
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ detail: expect.stringMatching(/^Too many failed login attempts\. Try again in \d+ minutes\.$/) });
});
