import { Account, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { MAX_AUDIENCE_WINDOW_DAYS } from "./audience-rules";

let t: TestApp;
let advertiser: Account;
let otherAdvertiser: Account;
let publisher: Account;

beforeAll(async () => {
  t = await startTestApp();
  advertiser = await signUp(t, "advertiser");
  otherAdvertiser = await signUp(t, "advertiser");
  publisher = await signUp(t, "publisher");
});
afterAll(() => t.close());

const valid = { name: "Cart abandoners", rule: "visited_page", page_pattern: "/Cart", window_days: 14, site_domains: ["https://Shop.Example.com/", "shop.example.org"] };
const post = (body: Record<string, unknown>, account = advertiser) => t.rest("POST", "/advertiser/audiences", { token: account.token, body });
const list = (account = advertiser) => t.rest("GET", "/advertiser/audiences", { token: account.token });

describe("creating an audience", () => {
  it("stores the rule, the pattern lower-cased, the window and the domains as host names", async () => {
    const response = await post(valid);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: "Cart abandoners", rule: "visited_page", page_pattern: "/cart", window_days: 14, site_domains: ["shop.example.com", "shop.example.org"], advertiser_id: advertiser.id });
  });

  it("defaults the window to 30 days and keeps no pattern for the other rules", async () => {
    const response = await post({ name: "Visitors", rule: "visited", page_pattern: "/ignored", site_domains: ["shop.example.com"] });
    expect(response.body).toMatchObject({ rule: "visited", page_pattern: null, window_days: 30 });
  });

  it.each([
    [{ name: " " }, "Name is required"],
    [{ rule: "bought" }, "Rule must be one of visited, visited_page, converted"],
    [{ page_pattern: "" }, "Page pattern is required for the rule Visited a page matching"],
    [{ page_pattern: "**" }, "Page pattern * matches every page: use the rule Visited the site instead"],
    [{ window_days: 0 }, "Window days must be a positive whole number"],
    [{ window_days: MAX_AUDIENCE_WINDOW_DAYS + 1 }, `Window days must be from 1 to ${MAX_AUDIENCE_WINDOW_DAYS}`],
    [{ site_domains: [] }, "Site domains: name at least one domain of yours the pixel fires from"],
    [{ site_domains: ["not a domain"] }, 'Site domains must be domains such as shop.example.com: "not a domain" is not one'],
  ])("refuses %p with 422 %p and stores nothing", async (change, detail) => {
    const before = (await list()).body.length;
    expect(await post({ ...valid, ...change })).toEqual({ status: 422, body: { detail } });
    expect((await list()).body).toHaveLength(before);
  });

  it("is for advertisers only", async () => {
    expect((await post(valid, publisher)).status).toBe(403);
  });
});

describe("an advertiser's audiences", () => {
  it("lists only their own, and another advertiser can neither edit nor delete them", async () => {
    const mine = (await post({ ...valid, name: "Mine" })).body;
    expect((await list(otherAdvertiser)).body.map((audience: { id: number }) => audience.id)).not.toContain(mine.id);
    expect(await t.rest("PUT", `/advertiser/audiences/${mine.id}`, { token: otherAdvertiser.token, body: { name: "Taken" } })).toEqual({ status: 404, body: { detail: "Audience not found" } });
    expect((await t.rest("DELETE", `/advertiser/audiences/${mine.id}`, { token: otherAdvertiser.token })).status).toBe(404);
  });

  it("edits only what is sent, with the same checks", async () => {
    const audience = (await post({ ...valid, name: "To edit" })).body;
    const edited = await t.rest("PUT", `/advertiser/audiences/${audience.id}`, { token: advertiser.token, body: { window_days: 60 } });
    expect(edited.body).toMatchObject({ name: "To edit", window_days: 60, page_pattern: "/cart" });
    expect(await t.rest("PUT", `/advertiser/audiences/${audience.id}`, { token: advertiser.token, body: { window_days: 999 } })).toMatchObject({ status: 422 });
  });

  it("deletes once however many identical requests arrive at once, and leaves the list", async () => {
    const audience = (await post({ ...valid, name: "To delete" })).body;
    const answers = await Promise.all([1, 2, 3].map(() => t.rest("DELETE", `/advertiser/audiences/${audience.id}`, { token: advertiser.token })));
    // The later ones find it gone (404), or deleted between their read and their write (409).
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => [200, 404, 409].includes(answer.status))).toBe(true);
    expect((await list()).body.map((each: { id: number }) => each.id)).not.toContain(audience.id);
  });

  it("answers the same through GraphQL", async () => {
    const { data, errors } = await t.gql(
      `mutation { createAudience(input: { name: "Buyers", rule: CONVERTED, windowDays: 90, siteDomains: ["shop.example.com"] }) { id rule windowDays pagePattern siteDomains } }`,
      {},
      advertiser.token,
    );
    expect(errors).toBeUndefined();
    expect(data!.createAudience).toMatchObject({ rule: "CONVERTED", windowDays: 90, pagePattern: null, siteDomains: ["shop.example.com"] });
    const refused = await t.gql(`mutation { createAudience(input: { name: "Bad", rule: VISITED, windowDays: 400, siteDomains: ["shop.example.com"] }) { id } }`, {}, advertiser.token);
    expect(refused.errors?.[0]).toMatchObject({ message: `Window days must be from 1 to ${MAX_AUDIENCE_WINDOW_DAYS}`, extensions: { code: "BAD_USER_INPUT" } });
  });
});
