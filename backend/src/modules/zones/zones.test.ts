import { Account, approvedSite, createSite, signInAdmin, signUp } from "../../../test/factories";
import { recordCounts } from "../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let publisher: Account;
let otherPublisher: Account;
let admin: Account;
let site: { id: number; name: string };

beforeAll(async () => {
  t = await startTestApp();
  publisher = await signUp(t, "publisher");
  otherPublisher = await signUp(t, "publisher");
  admin = await signInAdmin(t);
  site = await approvedSite(t, publisher, admin);
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>, account = publisher) => t.rest("POST", "/publisher/ad-zones", { token: account.token, body });

it("creates a zone on an approved site with the spec's defaults, its site name and its ad tag", async () => {
  const response = await post({ site_id: site.id, name: "Top banner" });
  expect(response.status).toBe(201);
  expect(response.body).toMatchObject({ site_id: site.id, site_name: site.name, name: "Top banner", width: 728, height: 90, format: "banner", position: "header" });
  expect(response.body.ad_tag).toBe(
    `<script async src="${t.url}/ads.js"></script>\n` +
      `<ins class="adnet-zone" data-zone-id="${response.body.id}" data-width="728" data-height="90" style="display:inline-block;width:728px;height:90px"></ins>`,
  );
});

it("lists the publisher's zones with site names and tags, and nobody else's", async () => {
  const created = (await post({ site_id: site.id, name: "Sidebar", width: 300, height: 250, format: "native", position: "sidebar" })).body;
  const mine = (await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body;
  expect(mine.find((zone: { id: number }) => zone.id === created.id)).toMatchObject({ site_name: site.name, width: 300, height: 250, ad_tag: expect.stringContaining(`data-zone-id="${created.id}"`) });
  expect((await t.rest("GET", "/publisher/ad-zones", { token: otherPublisher.token })).body).toEqual([]);
});

it("refuses a zone on a site still pending approval, and stores nothing", async () => {
  const pending = await createSite(t, publisher);
  const before = (await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body.length;
  const response = await post({ site_id: pending.id, name: "Too early" });
  expect(response).toEqual({ status: 422, body: { detail: "Choose an approved site: ad zones can only be added once the site is approved" } });
  expect((await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body).toHaveLength(before);
});

it("answers 404 for another publisher's site, as if it did not exist", async () => {
  expect(await post({ site_id: site.id, name: "Not mine" }, otherPublisher)).toEqual({ status: 404, body: { detail: "Site not found" } });
});

it.each([
  [{ name: "" }, "Name is required"],
  [{ site_id: undefined }, "Site is required"],
  [{ width: 0 }, "Width must be a positive whole number"],
  [{ height: -90 }, "Height must be a positive whole number"],
  [{ height: 5000 }, "Height must be from 1 to 2000"],
  [{ width: 72.5 }, "Width must be a positive whole number"],
  [{ width: "wide" }, "Width must be a number"],
  [{ format: "popunder" }, "Format must be one of banner, video, native"],
  [{ position: "everywhere" }, "Position must be one of header, sidebar, footer, content"],
])("refuses %p with 422 %p", async (change, detail) => {
  expect(await post({ site_id: site.id, name: "Zone", ...change })).toEqual({ status: 422, body: { detail } });
});

it("creates zones over GraphQL too", async () => {
  const result = await t.gql(
    `mutation { createAdZone(input: {siteId: ${site.id}, name: "Video slot", width: 640, height: 360, format: "video", position: "content"}) { siteName width format adTag } }`,
    {},
    publisher.token,
  );
  expect(result.data).toEqual({ createAdZone: { siteName: site.name, width: 640, format: "video", adTag: expect.stringContaining('data-width="640"') } });
});

it("writes the configured public URL into tags when one is set", async () => {
  const configured = await startTestApp({ PUBLIC_URL: "https://ads.example.net" });
  try {
    const owner = await signUp(configured, "publisher");
    const approved = await approvedSite(configured, owner, await signInAdmin(configured));
    const zone = await configured.rest("POST", "/publisher/ad-zones", { token: owner.token, body: { site_id: approved.id, name: "Tagged" } });
    expect(zone.body.ad_tag).toContain('<script async src="https://ads.example.net/ads.js"></script>');
  } finally {
    await configured.close();
  }
});

describe("editing a zone", () => {
  const put = (id: number, body: Record<string, unknown>, account = publisher) => t.rest("PUT", `/publisher/ad-zones/${id}`, { token: account.token, body });
  const listed = async (id: number) => (await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body.find((zone: { id: number }) => zone.id === id);
  const newZone = async () => (await post({ site_id: site.id, name: "Editable", width: 728, height: 90 })).body;

  it("changes name, size, format and position over REST, and the tag follows the new size under the same id", async () => {
    const zone = await newZone();
    const response = await put(zone.id, { name: "Rectangle", width: 300, height: 250, format: "native", position: "content", site_id: 999 });
    expect(response).toMatchObject({ status: 200, body: { id: zone.id, site_id: site.id, name: "Rectangle", width: 300, height: 250, format: "native", position: "content" } });
    expect(response.body.ad_tag).toContain(`data-zone-id="${zone.id}" data-width="300" data-height="250"`);
    expect(await listed(zone.id)).toMatchObject({ name: "Rectangle", width: 300, height: 250 });
  });

  it("changes only what GraphQL sends", async () => {
    const zone = await newZone();
    const result = await t.gql(`mutation($id: Int!) { updateAdZone(id: $id, input: { height: 250, width: 970 }) { name width height format position } }`, { id: zone.id }, publisher.token);
    expect(result.data).toEqual({ updateAdZone: { name: "Editable", width: 970, height: 250, format: "banner", position: "header" } });
  });

  it("takes the default for a blank size or format, and keeps the zone's own floor for a blank one", async () => {
    const zone = (await post({ site_id: site.id, name: "Blanks", width: "", format: " ", floor: "" })).body;
    expect(zone).toMatchObject({ width: 728, format: "banner", floor: 0 });
    await put(zone.id, { width: 300, height: 250, floor: 1.5 });
    expect((await put(zone.id, { width: "", floor: "" })).body).toMatchObject({ width: 728, height: 250, floor: 1.5 });
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ width: 0 }, "Width must be a positive whole number"],
    [{ height: 5000 }, "Height must be from 1 to 2000"],
    [{ format: "popunder" }, "Format must be one of banner, video, native"],
    [{ position: "everywhere" }, "Position must be one of header, sidebar, footer, content"],
  ])("refuses %p with 422 %p and changes nothing", async (change, detail) => {
    const zone = await newZone();
    expect(await put(zone.id, { width: 300, ...change })).toEqual({ status: 422, body: { detail } });
    expect(await listed(zone.id)).toMatchObject({ name: "Editable", width: 728, height: 90, format: "banner", position: "header" });
  });

  it("answers another publisher as if the zone did not exist, through both doors, and refuses advertisers", async () => {
    const zone = await newZone();
    expect(await put(zone.id, { name: "Hijacked" }, otherPublisher)).toEqual({ status: 404, body: { detail: "Ad zone not found" } });
    const gql = await t.gql(`mutation { updateAdZone(id: ${zone.id}, input: { name: "Hijacked" }) { id } }`, {}, otherPublisher.token);
    expect(gql.errors?.[0]).toMatchObject({ extensions: { code: "NOT_FOUND" } });
    const advertiser = await signUp(t, "advertiser");
    expect((await put(zone.id, { name: "Hijacked" }, advertiser)).status).toBe(403);
    expect((await listed(zone.id)).name).toBe("Editable");
  });
});

describe("removing a zone", () => {
  it("takes it out of the list through either door, once, and never another publisher's", async () => {
    const [a, b] = [(await post({ site_id: site.id, name: "A" })).body, (await post({ site_id: site.id, name: "B" })).body];
    expect(await t.rest("PUT", `/publisher/ad-zones/${a.id}/archive`, { token: otherPublisher.token })).toEqual({ status: 404, body: { detail: "Ad zone not found" } });
    expect(await t.rest("PUT", `/publisher/ad-zones/${a.id}/archive`, { token: publisher.token })).toMatchObject({ status: 200, body: { id: a.id } });
    const result = await t.gql(`mutation { archiveAdZone(id: ${b.id}) { id } }`, {}, publisher.token);
    expect(result.data).toEqual({ archiveAdZone: { id: b.id } });
    const ids = (await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body.map((zone: { id: number }) => zone.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect((await t.rest("PUT", `/publisher/ad-zones/${a.id}/archive`, { token: publisher.token })).status).toBe(404);
    expect((await t.rest("PUT", `/publisher/ad-zones/${a.id}`, { token: publisher.token, body: { name: "Ghost" } })).status).toBe(404);
  });
});

describe("a zone card's figures", () => {
  it("shows this month's impressions, clicks, revenue and fill rate from the read model, and nothing of last month", async () => {
    const zone = (await post({ site_id: site.id, name: "Counted" })).body;
    const now = new Date();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 0));
    const lastMonth = new Date(thisMonth.getTime() - 3_600_000);
    await recordCounts(t, [
      { hour: thisMonth, zoneId: zone.id, campaignId: 1, creativeId: 1, requests: 30, impressions: 30, clicks: 2, spendMicros: 120_000, revenueMicros: 84_000 },
      { hour: thisMonth, zoneId: zone.id, requests: 10 },
      { hour: lastMonth, zoneId: zone.id, campaignId: 1, creativeId: 1, requests: 500, impressions: 500, clicks: 50, revenueMicros: 1_400_000 },
    ]);
    const { data } = await t.gql(`{ myAdZones { id monthlyImpressions monthlyClicks monthlyRevenue monthlyFillRate } }`, {}, publisher.token);
    expect(data!.myAdZones.find((z: { id: number }) => z.id === zone.id)).toEqual({ id: zone.id, monthlyImpressions: 30, monthlyClicks: 2, monthlyRevenue: 0.084, monthlyFillRate: 75 });
    const rest = (await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body.find((z: { id: number }) => z.id === zone.id);
    expect(rest).toMatchObject({ monthly_impressions: 30, monthly_clicks: 2, monthly_revenue: 0.084, monthly_fill_rate: 75 });
  });
});
