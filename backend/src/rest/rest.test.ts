import { signInAdmin, signUp } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("answers malformed JSON with 400 and a detail", async () => {
  expect(await t.rest("POST", "/auth/login", { rawBody: "{not json" })).toEqual({ status: 400, body: { detail: "The request body is not valid JSON" } });
});

it("answers a body that is not an object with 400", async () => {
  const publisher = await signUp(t, "publisher");
  expect(await t.rest("POST", "/publisher/sites", { token: publisher.token, body: ["a", "b"] })).toEqual({
    status: 400,
    body: { detail: "The request body must be a JSON object" },
  });
});

it("answers an unknown path with 404 and a detail", async () => {
  expect(await t.rest("GET", "/nowhere")).toEqual({ status: 404, body: { detail: "Not Found" } });
});

it("answers a non-numeric id with 422", async () => {
  const { token } = await signInAdmin(t);
  expect(await t.rest("PUT", "/admin/sites/abc/approve", { token })).toEqual({ status: 422, body: { detail: "id must be a number" } });
});
