import { randomBytes } from "node:crypto";
import { Account, createCampaign, createSite, creditEarnings, payoutMethodOnFile, signInAdmin, signUp } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";

let t: TestApp;
let admin: Account;
/** Every name in this file carries it, so other tests' rows never land in a page. */
const tag = randomBytes(4).toString("hex");

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

type Page = { items: Record<string, unknown>[]; totalCount: number };

async function list(field: string, input: string, selection: string): Promise<Page> {
  const result = await t.gql<Record<string, Page>>(`{ ${field}(input: ${input}) { items { ${selection} } totalCount } }`, {}, admin.token);
  expect(result.errors).toBeUndefined();
  return result.data![field];
}

describe("the admins' sites", () => {
  let publisher: Account;
  const sites: { id: number }[] = [];

  beforeAll(async () => {
    publisher = await signUp(t, "publisher");
    for (let n = 1; n <= 5; n++) sites.push(await createSite(t, publisher, { name: `Tagged ${tag} number ${n}`, domain: `n${n}-${tag}.example.com` }));
    await t.rest("PUT", `/admin/sites/${sites[1].id}/approve`, { token: admin.token });
  });

  it("finds sites by part of their name or domain, whatever the case, newest first, a page at a time", async () => {
    const first = await list("sites", `{ search: "TAGGED ${tag.toUpperCase()}", limit: 2 }`, "id");
    expect(first).toEqual({ items: [{ id: sites[4].id }, { id: sites[3].id }], totalCount: 5 });
    const last = await list("sites", `{ search: "tagged ${tag}", offset: 4, limit: 2 }`, "id");
    expect(last).toEqual({ items: [{ id: sites[0].id }], totalCount: 5 });
    expect(await list("sites", `{ search: "N3-${tag}.EXAMPLE" }`, "id")).toEqual({ items: [{ id: sites[2].id }], totalCount: 1 });
  });

  it("filters by status, and counts only what matches", async () => {
    expect(await list("sites", `{ search: "${tag}", status: APPROVED }`, "id status")).toEqual({ items: [{ id: sites[1].id, status: "APPROVED" }], totalCount: 1 });
    expect((await list("sites", `{ search: "${tag}", status: PENDING }`, "id")).totalCount).toBe(4);
  });

  it("takes a search's wildcards as plain characters", async () => {
    expect(await list("sites", `{ search: "${tag}%" }`, "id")).toEqual({ items: [], totalCount: 0 });
    expect(await list("sites", `{ search: "tagged_${tag}" }`, "id")).toEqual({ items: [], totalCount: 0 });
  });

  it("refuses a search longer than formOptions serves, a page too large or a negative offset, naming the field", async () => {
    const longest = (await t.gql<{ formOptions: { maxLength: { search: number } } }>("{ formOptions { maxLength { search } } }")).data!.formOptions.maxLength.search;
    expect((await t.gql(`{ sites(input: { search: "${"x".repeat(longest)}" }) { totalCount } }`, {}, admin.token)).errors).toBeUndefined();
    for (const [input, field] of [
      [`{ search: "${"x".repeat(longest + 1)}" }`, "search"],
      ["{ limit: 101 }", "limit"],
      ["{ limit: 0 }", "limit"],
      ["{ offset: -1 }", "offset"],
    ]) {
      const { errors } = await t.gql(`{ sites(input: ${input}) { totalCount } }`, {}, admin.token);
      expect(errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
    }
  });

  it("keeps the legacy REST list whole and plain", async () => {
    const response = await t.rest("GET", "/admin/sites", { token: admin.token });
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body.map((site: { id: number }) => site.id)).toEqual(expect.arrayContaining(sites.map((site) => site.id)));
  });
});

it("finds campaigns by name and creatives by theirs or their campaign's, by status", async () => {
  const advertiser = await signUp(t, "advertiser");
  const campaign = await createCampaign(t, advertiser, { name: `Spring ${tag}` });
  await createCampaign(t, advertiser, { name: `Other ${tag}` });
  const creative = await t.rest("POST", "/advertiser/creatives", {
    token: advertiser.token,
    body: { campaign_id: campaign.id, name: `Banner ${tag}`, content_url: "https://cdn.example.com/banner.png" },
  });

  expect(await list("campaigns", `{ search: "spring ${tag}", status: PENDING }`, "id name")).toEqual({ items: [{ id: campaign.id, name: `Spring ${tag}` }], totalCount: 1 });
  expect(await list("campaigns", `{ search: "spring ${tag}", status: ACTIVE }`, "id")).toEqual({ items: [], totalCount: 0 });
  const pendingCreative = { items: [{ id: creative.body.id, campaignName: `Spring ${tag}` }], totalCount: 1 };
  expect(await list("creatives", `{ search: "BANNER ${tag}", status: PENDING }`, "id campaignName")).toEqual(pendingCreative);
  expect(await list("creatives", `{ search: "spring ${tag}" }`, "id campaignName")).toEqual(pendingCreative);
});

it("finds payouts by their publisher's name or e-mail, and publishers by theirs", async () => {
  const publisher = await signUp(t, "publisher", { full_name: `Paula ${tag}` });
  await creditEarnings(t, publisher.id, 150_000_000);
  await payoutMethodOnFile(t, publisher);
  const payout = (await t.gql<{ requestPayout: { id: number } }>("mutation { requestPayout { id } }", {}, publisher.token)).data!.requestPayout;

  expect(await list("payouts", `{ search: "paula ${tag}", status: REQUESTED }`, "id amount")).toEqual({ items: [{ id: payout.id, amount: 150 }], totalCount: 1 });
  expect(await list("payouts", `{ search: "${publisher.email.toUpperCase()}", status: PAID }`, "id")).toEqual({ items: [], totalCount: 0 });
  expect(await list("publishers", `{ search: "PAULA ${tag}" }`, "id email")).toEqual({ items: [{ id: publisher.id, email: publisher.email }], totalCount: 1 });
});

it("finds contact messages by the sender's name or e-mail, newest first", async () => {
  const send = (name: string) =>
    t.gql(`mutation { sendContactMessage(input: { name: "${name}", email: "${tag}@example.com", message: "Hello" }) { id } }`);
  await send("First sender");
  await send("Second sender");

  const inbox = await list("contactMessages", `{ search: "${tag}@EXAMPLE" }`, "name");
  expect(inbox).toEqual({ items: [{ name: "Second sender" }, { name: "First sender" }], totalCount: 2 });
  expect((await list("contactMessages", `{ search: "second sender", limit: 100 }`, "name")).items).toContainEqual({ name: "Second sender" });
});

it("lists everything, a first page, when a list is called with input: null", async () => {
  for (const list of ["sites", "creatives", "payouts", "publishers", "contactMessages", "depositRequests", "mailOutbox"]) {
    const result = await t.gql<Record<string, { totalCount: number }>>(`{ ${list}(input: null) { totalCount } }`, {}, admin.token);
    expect({ list, errors: result.errors, counted: typeof result.data?.[list]?.totalCount }).toEqual({ list, errors: undefined, counted: "number" });
  }
});
