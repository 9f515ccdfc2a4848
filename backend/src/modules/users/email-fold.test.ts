import { signInAdmin } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { MailMessage } from "../mail/mail-message.entity";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// 240 dotted capital I: lowercased whole, each would become two characters (i and a combining dot), 480 in all.
const DOTTED = "İ".repeat(240);
const password = "correct-horse-battery";

it("registers, signs in, resets and finds an address of 240 'İ' alike on both engines, folded to its 252 characters", async () => {
  const registered = await t.rest("POST", "/auth/register", { body: { full_name: "Dotted", email: `${DOTTED}@Example.COM`, password, role: "publisher", accept_terms: true } });
  expect(registered.status).toBe(201);
  const stored = `${DOTTED}@example.com`;
  expect(registered.body.email).toBe(stored);
  expect([...registered.body.email]).toHaveLength(252);

  const login = await t.rest("POST", "/auth/login", { body: { email: `  ${DOTTED}@EXAMPLE.com `, password } });
  expect(login.status).toBe(200);
  expect(login.body.user.id).toBe(registered.body.id);

  expect((await t.rest("POST", "/auth/forgot-password", { body: { email: `${DOTTED}@example.COM` } })).status).toBe(202);
  await t.app.services.emailLinks.idle();
  const resetMail = await t.app.dataSource.getRepository(MailMessage).findOneBy({ userId: registered.body.id, subject: "Reset your AdNet password" });
  expect(resetMail?.recipient).toBe(stored);

  const admin = await signInAdmin(t);
  const found = await t.gql("query($search: String) { users(input: { search: $search }) { items { id } } }", { search: "İİİ@EXAMPLE" }, admin.token);
  expect(found.data!.users.items).toEqual([{ id: registered.body.id }]);
  expect((await t.rest("GET", `/admin/users?search=${encodeURIComponent("İİİ@example")}`, { token: admin.token })).body.items.map((u: { id: number }) => u.id)).toEqual([registered.body.id]);
});
