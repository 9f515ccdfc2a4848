import { Account, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let advertiser: Account;
let otherAdvertiser: Account;
let admin: Account;
let campaign: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  advertiser = await signUp(t, "advertiser");
  otherAdvertiser = await signUp(t, "advertiser");
  admin = await signInAdmin(t);
  campaign = await createCampaign(t, advertiser);
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>, account = advertiser) => t.rest("POST", "/advertiser/creatives", { token: account.token, body });
const valid = () => ({ campaign_id: campaign.id, name: "Leaderboard", content_url: "https://cdn.example.com/ad.png" });

it("uploads a creative on the advertiser's own campaign with the spec's defaults, pending review", async () => {
  const response = await post({ ...valid(), click_url: "https://shop.example.com/sale", status: "approved" });
  expect(response.status).toBe(201);
  expect(response.body).toMatchObject({ campaign_id: campaign.id, type: "image", width: 728, height: 90, status: "pending", click_url: "https://shop.example.com/sale" });
});

it("answers 404 for another advertiser's campaign", async () => {
  expect(await post(valid(), otherAdvertiser)).toEqual({ status: 404, body: { detail: "Campaign not found" } });
});

it.each([
  [{ content_url: "javascript:alert(1)" }, "content_url must be an http or https URL"],
  [{ content_url: "not a url" }, "content_url must be a valid URL"],
  [{ click_url: "data:text/html,hi" }, "click_url must be an http or https URL"],
  [{ name: "" }, "name is required"],
  [{ type: "flash" }, "type must be one of image, video, html"],
  [{ width: -1 }, "width must be from 1 to 2000"],
  [{ campaign_id: "abc" }, "campaign_id must be a number"],
])("refuses %p with 422 %p", async (change, detail) => {
  expect(await post({ ...valid(), ...change })).toEqual({ status: 422, body: { detail } });
});

it("is approved or rejected by an admin, and a change sends it back to review", async () => {
  const created = (await post(valid())).body;
  const approved = await t.gql(`mutation { approveCreative(id: ${created.id}) { status } }`, {}, admin.token);
  expect(approved.data).toEqual({ approveCreative: { status: "APPROVED" } });

  const changed = await t.gql(
    `mutation { updateCreative(id: ${created.id}, input: {name: "New art", contentUrl: "https://cdn.example.com/new.png", width: 300, height: 250}) { status name width } }`,
    {},
    advertiser.token,
  );
  expect(changed.data).toEqual({ updateCreative: { status: "PENDING", name: "New art", width: 300 } });

  const rejected = await t.gql(`mutation { rejectCreative(id: ${created.id}, reason: "Text is unreadable") { status rejectionReason } }`, {}, admin.token);
  expect(rejected.data).toEqual({ rejectCreative: { status: "REJECTED", rejectionReason: "Text is unreadable" } });

  const mine = await t.gql<{ myCreatives: { id: number; status: string; rejectionReason: string }[] }>("{ myCreatives { id status rejectionReason } }", {}, advertiser.token);
  expect(mine.data!.myCreatives.find((c) => c.id === created.id)).toEqual({ id: created.id, status: "REJECTED", rejectionReason: "Text is unreadable" });
});

it("never lets another advertiser change a creative", async () => {
  const created = (await post(valid())).body;
  const attempt = await t.gql(`mutation { updateCreative(id: ${created.id}, input: {name: "Hijack", contentUrl: "https://evil.example.com/x.png"}) { id } }`, {}, otherAdvertiser.token);
  expect(attempt.errors?.[0]).toMatchObject({ message: "Creative not found", extensions: { code: "NOT_FOUND" } });
  const theirs = await t.gql<{ myCreatives: unknown[] }>("{ myCreatives { id } }", {}, otherAdvertiser.token);
  expect(theirs.data!.myCreatives).toEqual([]);
});

it("lists pending creatives for the admin", async () => {
  const created = (await post(valid())).body;
  const pending = await t.gql<{ creatives: { id: number }[] }>("{ creatives(status: PENDING) { id } }", {}, admin.token);
  expect(pending.data!.creatives.map((c) => c.id)).toContain(created.id);
});
