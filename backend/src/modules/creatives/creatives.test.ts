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
  [{ content_url: "javascript:alert(1)" }, "Content URL must start with http:// or https://"],
  [{ content_url: "not a url" }, "Content URL must be a full web address such as https://example.com/ad.png"],
  [{ click_url: "data:text/html,hi" }, "Click URL must start with http:// or https://"],
  [{ name: "" }, "Name is required"],
  [{ type: "flash" }, "Type must be one of image, video, html, native"],
  [{ width: -1 }, "Width must be a positive whole number"],
  [{ campaign_id: "abc" }, "Campaign must be a number"],
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

describe("what sends a creative back to review", () => {
  const approvedCreative = async () => {
    const created = (await post({ ...valid(), click_url: "https://shop.example.com/sale" })).body;
    await t.gql(`mutation { approveCreative(id: ${created.id}) { status } }`, {}, admin.token);
    return created;
  };
  const update = (id: number, input: string) =>
    t.gql<{ updateCreative: { name: string; status: string } }>(`mutation { updateCreative(id: ${id}, input: {${input}}) { name status } }`, {}, advertiser.token);
  const unchanged = `contentUrl: "https://cdn.example.com/ad.png", clickUrl: "https://shop.example.com/sale"`;

  it("keeps a renamed creative approved", async () => {
    const created = await approvedCreative();
    expect((await update(created.id, `name: "Renamed", ${unchanged}`)).data).toEqual({ updateCreative: { name: "Renamed", status: "APPROVED" } });
  });

  it.each([
    ["its content", `contentUrl: "https://cdn.example.com/other.png", clickUrl: "https://shop.example.com/sale"`],
    ["its click URL", `contentUrl: "https://cdn.example.com/ad.png", clickUrl: "https://shop.example.com/elsewhere"`],
    ["its type", `${unchanged}, type: "html"`],
    ["its size", `${unchanged}, width: 300, height: 250`],
  ])("sends it back when %s changes", async (_what, input) => {
    const created = await approvedCreative();
    expect((await update(created.id, `name: "Leaderboard", ${input}`)).data).toEqual({ updateCreative: { name: "Leaderboard", status: "PENDING" } });
  });
});

describe("a campaign that is over", () => {
  const creativeCount = async () => (await t.gql<{ myCreatives: unknown[] }>("{ myCreatives { id } }", {}, advertiser.token)).data!.myCreatives.length;

  it("takes no new creative once rejected, through either door, and nothing is stored", async () => {
    const rejected = await createCampaign(t, advertiser);
    await t.gql(`mutation { rejectCampaign(id: ${rejected.id}, reason: "Misleading offer") { id } }`, {}, admin.token);
    const before = await creativeCount();

    expect(await post({ ...valid(), campaign_id: rejected.id })).toEqual({ status: 409, body: { detail: "A rejected campaign takes no new creatives" } });
    const viaGraphql = await t.gql(
      `mutation { createCreative(input: {campaignId: ${rejected.id}, name: "Late", contentUrl: "https://cdn.example.com/ad.png"}) { id } }`,
      {},
      advertiser.token,
    );
    expect(viaGraphql.errors?.[0]).toMatchObject({ message: "A rejected campaign takes no new creatives", extensions: { code: "CONFLICT", field: "campaignId" } });
    expect(await creativeCount()).toBe(before);
  });

  it("takes no new creative once completed", async () => {
    const completed = await createCampaign(t, advertiser);
    await t.rest("PUT", `/admin/campaigns/${completed.id}/approve`, { token: admin.token });
    // A campaign completes when the ad server has spent its budget; here the budget is taken as spent.
    await t.app.dataSource.query("UPDATE campaigns SET status = 'completed' WHERE id = ?", [completed.id]);
    expect(await post({ ...valid(), campaign_id: completed.id })).toEqual({ status: 409, body: { detail: "A completed campaign takes no new creatives" } });
  });

  it("still takes creatives while paused", async () => {
    const paused = await createCampaign(t, advertiser);
    await t.rest("PUT", `/admin/campaigns/${paused.id}/approve`, { token: admin.token });
    await t.gql(`mutation { pauseCampaign(id: ${paused.id}) { status } }`, {}, advertiser.token);
    expect((await post({ ...valid(), campaign_id: paused.id })).status).toBe(201);
  });
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
  const pending = await t.gql<{ creatives: { items: { id: number }[] } }>("{ creatives(input: { status: PENDING }) { items { id } } }", {}, admin.token);
  expect(pending.data!.creatives.items.map((c) => c.id)).toContain(created.id);
});

describe("what a review answers", () => {
  it("carries the creative's campaign as its lists show it, so an approval clears the missing-creative note at once", async () => {
    const live = await createCampaign(t, advertiser);
    await t.rest("PUT", `/admin/campaigns/${live.id}/approve`, { token: admin.token });
    const creativeId = (await post({ ...valid(), campaign_id: live.id })).body.id;
    const campaignOf = `campaign { id status deliveryIssue }`;
    const before = await t.gql(`{ myCampaigns { id deliveryIssue } }`, {}, advertiser.token);

    const approved = await t.gql(`mutation { approveCreative(id: ${creativeId}) { status ${campaignOf} } }`, {}, admin.token);

    expect(before.data!.myCampaigns.find((c: { id: number }) => c.id === live.id).deliveryIssue).toBe("Not delivering: no approved creative");
    expect(approved.data).toEqual({ approveCreative: { status: "APPROVED", campaign: { id: live.id, status: "ACTIVE", deliveryIssue: null } } });
  });
});
