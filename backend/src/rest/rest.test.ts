import { createCampaign, createSite, signInAdmin, signUp } from "../../test/factories";
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

it("takes an empty body sent as JSON for no body, on calls that have none", async () => {
  const admin = await signInAdmin(t);
  const site = await createSite(t, await signUp(t, "publisher"));
  const campaign = await createCampaign(t, await signUp(t, "advertiser"));
  const siteApproval = await t.rest("PUT", `/admin/sites/${site.id}/approve`, { token: admin.token, rawBody: "" });
  expect(siteApproval).toMatchObject({ status: 200, body: { id: site.id, status: "approved" } });
  const campaignApproval = await t.rest("PUT", `/admin/campaigns/${campaign.id}/approve`, { token: admin.token, rawBody: "" });
  expect(campaignApproval).toMatchObject({ status: 200, body: { id: campaign.id, status: "active" } });
});

it("still answers an empty body with the fields it lacks where a payload is required", async () => {
  expect(await t.rest("POST", "/auth/login", { rawBody: "" })).toEqual({ status: 422, body: { detail: "Email is required" } });
});

it("answers an unknown path with 404 and a detail", async () => {
  expect(await t.rest("GET", "/nowhere")).toEqual({ status: 404, body: { detail: "Not Found" } });
});

it("answers a non-numeric id with 422", async () => {
  const { token } = await signInAdmin(t);
  expect(await t.rest("PUT", "/admin/sites/abc/approve", { token })).toEqual({ status: 422, body: { detail: "ID must be a number" } });
});
