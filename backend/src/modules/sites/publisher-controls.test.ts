import { Account, approvedSite, createSite, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { MAX_BLOCKED_DOMAINS } from "./site-blocks";

let t: TestApp;
let publisher: Account;
let site: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  publisher = await signUp(t, "publisher");
  site = await approvedSite(t, publisher, await signInAdmin(t));
});
afterAll(() => t.close());

const postZone = (body: Record<string, unknown>) => t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Zone", ...body } });

describe("a zone's floor price", () => {
  it("is 0 (any price) unless set, and is kept in dollars per thousand through both doors", async () => {
    expect((await postZone({})).body.floor).toBe(0);
    const created = await postZone({ floor: "2.50" });
    expect(created).toMatchObject({ status: 201, body: { floor: 2.5 } });

    const edited = await t.gql(`mutation { updateAdZone(id: ${created.body.id}, input: { floor: 3.75 }) { floor name } }`, {}, publisher.token);
    expect(edited.data).toEqual({ updateAdZone: { floor: 3.75, name: "Zone" } });
    // Another edit that leaves the floor out keeps it.
    expect((await t.rest("PUT", `/publisher/ad-zones/${created.body.id}`, { token: publisher.token, body: { name: "Renamed" } })).body).toMatchObject({ name: "Renamed", floor: 3.75 });
    expect((await t.rest("PUT", `/publisher/ad-zones/${created.body.id}`, { token: publisher.token, body: { floor: 0 } })).body.floor).toBe(0);
  });

  it.each([
    [-1, "Floor price must be from $0 to $1,000"],
    [1000.01, "Floor price must be from $0 to $1,000"],
    [1.005, "Floor price must be in whole cents, such as 1.50"],
    ["cheap", "Floor price must be a number"],
  ])("refuses %p with 422 naming the floor", async (floor, detail) => {
    expect(await postZone({ floor })).toEqual({ status: 422, body: { detail } });
  });

  it("refuses a bad floor over GraphQL naming the field, and saves none of the edit", async () => {
    const zone = (await postZone({ floor: 1 })).body;
    const result = await t.gql(`mutation { updateAdZone(id: ${zone.id}, input: { name: "Half", floor: -0.5 }) { id } }`, {}, publisher.token);
    expect(result.errors?.[0]).toMatchObject({ message: "Floor price must be from $0 to $1,000", extensions: { code: "BAD_USER_INPUT", field: "floor" } });
    const mine = (await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body as { id: number; name: string; floor: number }[];
    expect(mine.find((each) => each.id === zone.id)).toMatchObject({ name: "Zone", floor: 1 });
  });
});

describe("a site's blocks", () => {
  it("stores categories once each and landing domains as lower-case host names, through both doors", async () => {
    const created = await createSite(t, publisher, { blocked_categories: ["gambling", "Dating", "gambling"], blocked_domains: ["HTTPS://Rival.Example/deals", "rival.example", "bücher.example"] });
    expect(created).toMatchObject({ blocked_categories: ["dating", "gambling"], blocked_domains: ["rival.example", "bücher.example"] });

    const edited = await t.gql(`mutation { updateSite(id: ${created.id}, input: { blockedCategories: ["politics"] }) { blockedCategories blockedDomains status } }`, {}, publisher.token);
    expect(edited.data).toEqual({ updateSite: { blockedCategories: ["politics"], blockedDomains: ["rival.example", "bücher.example"], status: "PENDING" } });
    const cleared = await t.rest("PUT", `/publisher/sites/${created.id}`, { token: publisher.token, body: { blocked_domains: [] } });
    expect(cleared.body).toMatchObject({ blocked_categories: ["politics"], blocked_domains: [] });
  });

  it("keeps an approved site approved when only its blocks change", async () => {
    const edited = await t.rest("PUT", `/publisher/sites/${site.id}`, { token: publisher.token, body: { blocked_categories: ["alcohol"] } });
    expect(edited.body).toMatchObject({ status: "approved", blocked_categories: ["alcohol"] });
  });

  it.each([
    [{ blocked_categories: ["casinos"] }, "Blocked categories must be one of general, automotive"],
    [{ blocked_categories: "gambling" }, "Blocked categories must be a list"],
    [{ blocked_domains: ["not a domain"] }, 'Blocked domains must be domains such as example.com: "not a domain" is not one'],
    [{ blocked_domains: [42] }, "Blocked domains must be domains such as example.com: 42 is not one"],
    [{ blocked_domains: Array.from({ length: MAX_BLOCKED_DOMAINS + 1 }, (_, index) => `rival${index}.example`) }, `Blocked domains can hold at most ${MAX_BLOCKED_DOMAINS} domains`],
  ])("refuses %p with 422, and saves none of the edit", async (blocks, detail) => {
    const response = await t.rest("PUT", `/publisher/sites/${site.id}`, { token: publisher.token, body: { name: "Half saved", ...blocks } });
    expect(response.status).toBe(422);
    expect(response.body.detail).toContain(detail);
    const mine = (await t.rest("GET", "/publisher/sites", { token: publisher.token })).body as { id: number; name: string }[];
    expect(mine.find((each) => each.id === site.id)?.name).not.toBe("Half saved");
  });

  it("names the field over GraphQL", async () => {
    const result = await t.gql(`mutation { updateSite(id: ${site.id}, input: { blockedDomains: ["http://"] }) { id } }`, {}, publisher.token);
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "blockedDomains" } });
  });

  it("offers the advertiser categories with labels in formOptions", async () => {
    const options = (await t.gql(`{ formOptions { advertiserCategories { value label } } }`, {}, publisher.token)).data!.formOptions.advertiserCategories;
    expect(options).toContainEqual({ value: "food_and_drink", label: "Food and drink" });
    expect(options).toContainEqual({ value: "gambling", label: "Gambling" });
  });
});

it("refuses a campaign of a category publishers could not block, naming the field", async () => {
  const advertiser = await signUp(t, "advertiser");
  const response = await t.rest("POST", "/advertiser/campaigns", { token: advertiser.token, body: { name: "Spin", budget: 1000, cpm: 2, category: "casinos" } });
  expect(response.status).toBe(422);
  expect(response.body.detail).toMatch(/^Category must be one of general, automotive/);
  const result = await t.gql(`mutation { createCampaign(input: { name: "Spin", budget: 1000, cpm: 2, category: "casinos" }) { id } }`, {}, advertiser.token);
  expect(result.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "category" } });
});
