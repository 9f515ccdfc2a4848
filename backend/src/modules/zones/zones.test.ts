import { Account, approvedSite, createSite, signInAdmin, signUp } from "../../../test/factories";
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
