import { Account, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { Mailer } from "./mailer";

// No SMTP_URL: the embedded default keeps every message in the outbox for the admins.
let t: TestApp;
let admin: Account;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://ads.example.test" });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const OUTBOX = "query($input: MailListInput) { mailOutbox(input: $input) { totalCount items { recipient subject kind status text } } }";

it("keeps a new account's verification e-mail in the outbox, where an admin reads its link and the account opens it", async () => {
  const publisher = await signUp(t, "publisher", {}, { verified: false });
  const outbox = await t.gql<{ mailOutbox: { totalCount: number; items: { recipient: string; subject: string; status: string; text: string }[] } }>(
    OUTBOX,
    { input: { search: publisher.email } },
    admin.token,
  );
  expect(outbox.data!.mailOutbox).toMatchObject({
    totalCount: 1,
    items: [{ recipient: publisher.email, subject: "Verify your e-mail address for AdNet", kind: "verify_email", status: "OUTBOX" }],
  });
  const link = /https:\/\/ads\.example\.test\/verify-email\?token=\S+/.exec(outbox.data!.mailOutbox.items[0].text)![0];
  const verified = await t.rest("POST", "/auth/verify-email", { body: { token: new URL(link).searchParams.get("token") } });
  expect(verified.body).toMatchObject({ verified: true });
  expect((await t.gql("{ mailSettings { mode } }", {}, admin.token)).data).toEqual({ mailSettings: { mode: "OUTBOX" } });
});

it("pages the outbox and filters it by status", async () => {
  for (let i = 0; i < 3; i++) await signUp(t, "advertiser", {}, { verified: false });
  const page = await t.gql<{ mailOutbox: { totalCount: number; items: unknown[] } }>(OUTBOX, { input: { limit: 2, status: "OUTBOX" } }, admin.token);
  expect(page.data!.mailOutbox.items).toHaveLength(2);
  expect(page.data!.mailOutbox.totalCount).toBeGreaterThanOrEqual(4);
  const none = await t.gql<{ mailOutbox: { totalCount: number } }>(OUTBOX, { input: { status: "SENT" } }, admin.token);
  expect(none.data!.mailOutbox.totalCount).toBe(0);
});

it("shows the outbox to admins only", async () => {
  const publisher = await signUp(t, "publisher");
  const refused = await t.gql(OUTBOX, {}, publisher.token);
  expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  expect((await t.gql(OUTBOX, {})).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
});

describe("the development log", () => {
  const mail = { to: "someone@example.com", subject: "Reset your AdNet password", text: "t", html: "h", kind: "password_reset", links: ["https://ads.example.test/reset-password?token=secret-token"] };
  const logged = () => {
    const lines: string[] = [];
    return { lines, log: { warn: (line: unknown) => void lines.push(String(line)), error: (line: unknown) => void lines.push(String(line)) } };
  };

  it("prints the subject, recipient and link of an outbox message outside production", async () => {
    const { lines, log } = logged();
    await new Mailer(t.app.dataSource, { smtpUrl: null, from: "AdNet <a@b.test>", production: false }, log).send(mail);
    expect(lines).toEqual([expect.stringContaining('"Reset your AdNet password" to someone@example.com')]);
    expect(lines[0]).toContain("https://ads.example.test/reset-password?token=secret-token");
  });

  it("never prints a link in production", async () => {
    const { lines, log } = logged();
    await new Mailer(t.app.dataSource, { smtpUrl: null, from: "AdNet <a@b.test>", production: true }, log).send(mail);
    expect(lines).toEqual([]);
  });
});
