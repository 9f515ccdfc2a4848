import { Account, approvedSite, createSite, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let advertiser: Account;
let publisher: Account;
let admin: Account;
const ids: Record<string, number> = {};

const APPROVED_SITES = `{ approvedSites { id name domain category zones { id name width height format shows } } }`;

const zone = async (siteId: number, body: Record<string, unknown>) => {
  const response = await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: siteId, ...body } });
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body.id as number;
};

beforeAll(async () => {
  t = await startTestApp();
  [advertiser, publisher, admin] = await Promise.all([signUp(t, "advertiser"), signUp(t, "publisher"), signInAdmin(t)]);
  const news = await approvedSite(t, publisher, admin);
  await t.rest("PUT", `/publisher/sites/${news.id}`, { token: publisher.token, body: { name: "Daily Planet", category: "news" } });
  ids.news = news.id;
  ids.sticky = await zone(news.id, { name: "Bottom bar", width: 320, height: 50, presentation: "sticky" });
  ids.native = await zone(news.id, { name: "Article feed", width: 300, height: 250, format: "native", native_template: "<div>{{headline}}</div>" });
  const removedZone = await zone(news.id, { name: "Old header" });
  await t.rest("PUT", `/publisher/ad-zones/${removedZone}/archive`, { token: publisher.token });

  const sports = await approvedSite(t, publisher, admin);
  await t.rest("PUT", `/publisher/sites/${sports.id}`, { token: publisher.token, body: { name: "Arena Sports", category: "sports" } });
  ids.sports = sports.id;
  // Neither a site still in review nor one its publisher removed can be targeted.
  await createSite(t, publisher, { name: "Pending Blog" });
  const removed = await approvedSite(t, publisher, admin);
  await t.rest("PUT", `/publisher/sites/${removed.id}/archive`, { token: publisher.token });
});
afterAll(() => t.close());

it("lists the approved live sites by name, with their live zones in words, for an advertiser", async () => {
  const { data, errors } = await t.gql<{ approvedSites: Record<string, unknown>[] }>(APPROVED_SITES, {}, advertiser.token);
  expect(errors).toBeUndefined();
  expect(data!.approvedSites).toEqual([
    { id: ids.sports, name: "Arena Sports", domain: expect.stringMatching(/\.example\.com$/), category: "sports", zones: [] },
    {
      id: ids.news,
      name: "Daily Planet",
      domain: expect.stringMatching(/\.example\.com$/),
      category: "news",
      zones: [
        { id: ids.native, name: "Article feed", width: 300, height: 250, format: "native", shows: "Native ad, site's own template" },
        { id: ids.sticky, name: "Bottom bar", width: 320, height: 50, format: "banner", shows: "Sticky banner (bottom of the window)" },
      ],
    },
  ]);
});

it("tells nothing of the publisher or of earnings", async () => {
  const fields = async (type: string) =>
    ((await t.gql<{ __type: { fields: { name: string }[] } }>(`{ __type(name: "${type}") { fields { name } } }`)).data!.__type.fields.map((field) => field.name));
  expect(await fields("ApprovedSite")).toEqual(["id", "name", "domain", "category", "zones"]);
  expect(await fields("ApprovedZone")).toEqual(["id", "name", "width", "height", "format", "shows"]);
});

it("answers an admin too and the same through REST, and refuses a publisher", async () => {
  const asAdmin = await t.gql<{ approvedSites: { id: number }[] }>(APPROVED_SITES, {}, admin.token);
  expect(asAdmin.data!.approvedSites.map((site) => site.id)).toEqual([ids.sports, ids.news]);
  const rest = await t.rest("GET", "/advertiser/approved-sites", { token: advertiser.token });
  expect(rest.status).toBe(200);
  expect(rest.body[1]).toMatchObject({ name: "Daily Planet", zones: [{ id: ids.native, shows: "Native ad, site's own template" }, { id: ids.sticky, format: "banner" }] });
  const refused = await t.gql(APPROVED_SITES, {}, publisher.token);
  expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  expect((await t.rest("GET", "/advertiser/approved-sites", { token: publisher.token })).status).toBe(403);
});

it("shows the publisher each zone's presentation in words", async () => {
  const zones = (await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body as { id: number; shows: string }[];
  expect(zones.find((z) => z.id === ids.sticky)?.shows).toBe("Sticky banner (bottom of the window)");
  expect(zones.find((z) => z.id === ids.native)?.shows).toBe("Native ad, site's own template");
});
