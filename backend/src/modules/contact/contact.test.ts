import { signInAdmin, signUp } from "../../../test/factories";
import { startAppPair, startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sendVia = (app: TestApp, input: string) => app.gql(`mutation { sendContactMessage(input: ${input}) { id subject } }`);
const send = (input: string) => sendVia(t, input);

it("stores a message from anyone, and only an admin can read them", async () => {
  const sent = await send(`{name: "Sam", email: "Sam@Example.com", subject: "billing", message: "Invoice question"}`);
  expect(sent.data).toEqual({ sendContactMessage: { id: expect.any(Number), subject: "billing" } });

  const admin = await signInAdmin(t);
  const inbox = await t.gql<{ contactMessages: { items: unknown[] } }>("{ contactMessages { items { name email subject message } } }", {}, admin.token);
  expect(inbox.data!.contactMessages.items).toContainEqual({ name: "Sam", email: "sam@example.com", subject: "billing", message: "Invoice question" });

  const publisher = await signUp(t, "publisher");
  expect((await t.gql("{ contactMessages { totalCount } }", {}, publisher.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
});

it.each([
  [`{name: "", email: "a@b.co", message: "hi"}`, "Name is required"],
  [`{name: "A", email: "nope", message: "hi"}`, "Enter an email address such as name@example.com"],
  [`{name: "A", email: "a@b.co", message: " "}`, "Message is required"],
  [`{name: "A", email: "a@b.co", subject: "spam", message: "hi"}`, "Subject must be one of general, publisher, advertiser, support, billing"],
])("refuses %s with %p", async (input, message) => {
  expect((await send(input)).errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
});

it("limits how many messages one address can send in an hour", async () => {
  const codes: (string | undefined)[] = [];
  for (let i = 0; i < 6; i++) codes.push((await send(`{name: "Flood", email: "f@example.com", message: "spam ${i}"}`)).errors?.[0]?.extensions?.code);
  expect(codes).toContain("RATE_LIMITED");
});

it("limits messages per IP at the same total when they alternate between two processes sharing Redis", async () => {
  const { first, second, close } = await startAppPair();
  try {
    const flood = (app: TestApp, i: number) => sendVia(app, `{name: "Flood", email: "f@example.com", message: "spam ${i}"}`);
    const sent: unknown[] = [];
    for (let i = 0; i < 5; i++) sent.push((await flood(i % 2 ? second : first, i)).errors);
    expect(sent).toEqual(Array(5).fill(undefined));
    const limited = { message: "Too many messages sent. Please try again later.", extensions: { code: "RATE_LIMITED" } };
    expect((await flood(first, 5)).errors).toEqual([expect.objectContaining(limited)]);
    expect((await flood(second, 6)).errors).toEqual([expect.objectContaining(limited)]);
  } finally {
    await close();
  }
});
