import { signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const send = (input: string) => t.gql(`mutation { sendContactMessage(input: ${input}) { id subject } }`);

it("stores a message from anyone, and only an admin can read them", async () => {
  const sent = await send(`{name: "Sam", email: "Sam@Example.com", subject: "billing", message: "Invoice question"}`);
  expect(sent.data).toEqual({ sendContactMessage: { id: expect.any(Number), subject: "billing" } });

  const admin = await signInAdmin(t);
  const inbox = await t.gql<{ contactMessages: unknown[] }>("{ contactMessages { name email subject message } }", {}, admin.token);
  expect(inbox.data!.contactMessages).toContainEqual({ name: "Sam", email: "sam@example.com", subject: "billing", message: "Invoice question" });

  const publisher = await signUp(t, "publisher");
  expect((await t.gql("{ contactMessages { id } }", {}, publisher.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
});

it.each([
  [`{name: "", email: "a@b.co", message: "hi"}`, "name is required"],
  [`{name: "A", email: "nope", message: "hi"}`, "email must be a valid email address"],
  [`{name: "A", email: "a@b.co", message: " "}`, "message is required"],
  [`{name: "A", email: "a@b.co", subject: "spam", message: "hi"}`, "subject must be one of general, publisher, advertiser, support, billing"],
])("refuses %s with %p", async (input, message) => {
  expect((await send(input)).errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
});

it("limits how many messages one address can send in an hour", async () => {
  const codes: (string | undefined)[] = [];
  for (let i = 0; i < 6; i++) codes.push((await send(`{name: "Flood", email: "f@example.com", message: "spam ${i}"}`)).errors?.[0]?.extensions?.code);
  expect(codes).toContain("RATE_LIMITED");
});
