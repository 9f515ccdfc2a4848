import { approvedCampaign, requestAd, sendBeacon, uniqueSize } from "../../../test/ad-fixtures";
import { Account, approvedSite, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { AdZone } from "../zones/ad-zone.entity";
import { Creative } from "./creative.entity";

let t: TestApp;
let admin: Account;
let advertiser: Account;
let publisher: Account;
let site: { id: number; domain: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
  advertiser = await signUp(t, "advertiser");
  publisher = await signUp(t, "publisher");
  site = await approvedSite(t, publisher, admin);
});
afterAll(() => t.close());

const CREATE = `mutation($input: CreateCreativeInput!) { createCreative(input: $input) { id type width height expandedWidth expandedHeight } }`;
const banner = (campaignId: number, size: [number, number], more: Record<string, unknown> = {}) => ({
  campaignId,
  name: "Expandable tent banner",
  type: "image",
  contentUrl: "https://cdn.example.com/tent.png",
  clickUrl: "https://shop.example.com/tents",
  width: size[0],
  height: size[1],
  ...more,
});
const storedCreatives = () => t.app.dataSource.getRepository(Creative).count();
const storedZones = () => t.app.dataSource.getRepository(AdZone).count();
const zoneBody = (size: [number, number], presentation: string) => ({ site_id: site.id, name: "Rich zone", width: size[0], height: size[1], format: "banner", presentation });
const today = () => new Date().toISOString().slice(0, 10);

/** A live expandable banner of a size no other test's ad has, in a zone of its own. */
async function liveExpandable() {
  const size = uniqueSize();
  const { campaignId } = await approvedCampaign(t, advertiser, admin, { creativeSize: uniqueSize() });
  const created = await t.gql(CREATE, { input: banner(campaignId, size, { expandedWidth: size[0] * 2, expandedHeight: size[1] * 2 }) }, advertiser.token);
  const creativeId = created.data!.createCreative.id as number;
  await t.gql(`mutation { approveCreative(id: ${creativeId}) { status } }`, {}, admin.token);
  const zone = await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Article", width: size[0], height: size[1] } });
  await t.app.services.delivery.inventory.reload();
  return { size, creativeId, zoneId: zone.body.id as number };
}

const beacon = (url: string) => sendBeacon(url, { origin: `https://${site.domain}` });

/** The creative's expansions today, as the advertiser's campaign report reads them from the read model. */
async function expansionsOf(creativeId: number): Promise<number> {
  await t.app.services.delivery.flush();
  const input = { from: today(), to: today(), breakdown: "CREATIVE" };
  const report = await t.gql(`query ($input: ReportInput!) { advertiserReport(input: $input) { rows { key impressions expansions } } }`, { input }, advertiser.token);
  return report.data!.advertiserReport.rows.find((row: { key: string }) => row.key === String(creativeId))?.expansions ?? 0;
}

describe("floating and push-down zones", () => {
  it("keep their presentation and answer it with the ad", async () => {
    const floating = await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: zoneBody([300, 250], "floating") });
    expect(floating).toMatchObject({ status: 201, body: { presentation: "floating", shows: "Floating banner (corner of the window)" } });
    // Its ad leaves the page's flow, so its tag keeps no room there that would close up behind it.
    expect(floating.body.ad_tag).toContain(`data-zone-id="${floating.body.id}" data-width="300" data-height="250" style="display:block;height:0"></ins>`);
    const pushdown = await t.gql(`mutation($input: CreateAdZoneInput!) { createAdZone(input: $input) { presentation shows } }`, {
      input: { siteId: site.id, name: "Masthead", width: 970, height: 250, presentation: "pushdown" },
    }, publisher.token);
    expect(pushdown.data!.createAdZone).toEqual({ presentation: "pushdown", shows: "Push-down banner (top of the page)" });
    await approvedCampaign(t, advertiser, admin, { creativeSize: [300, 250] });
    await t.app.services.delivery.inventory.reload();
    expect((await requestAd(t, floating.body.id, { page: `https://${site.domain}/a` })).body).toMatchObject({ fill: true, presentation: "floating" });
  });

  it.each([
    [[728, 90], "pushdown", "width", "Push down zones are at least 970×250 pixels: a width of 728 is under 970"],
    [[970, 90], "pushdown", "height", "Push down zones are at least 970×250 pixels: a height of 90 is under 250"],
    [[728, 90], "floating", "width", "Floating zones are at most 336×280 pixels: a width of 728 is over 336"],
  ] as const)("refuse a %p zone as %p naming its %p, and keep no zone", async (size, presentation, field, message) => {
    const before = await storedZones();
    expect(await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: zoneBody([...size], presentation) })).toEqual({ status: 422, body: { detail: message } });
    const graphql = await t.gql(`mutation($input: CreateAdZoneInput!) { createAdZone(input: $input) { id } }`, { input: { siteId: site.id, name: "Rich", width: size[0], height: size[1], presentation } }, publisher.token);
    expect(graphql.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", field } });
    expect(await storedZones()).toBe(before);
  });

  it("refuse shrinking a push-down zone below a billboard", async () => {
    const created = await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: zoneBody([970, 250], "pushdown") });
    const shrunk = await t.rest("PUT", `/publisher/ad-zones/${created.body.id}`, { token: publisher.token, body: { width: 728 } });
    expect(shrunk).toEqual({ status: 422, body: { detail: "Push down zones are at least 970×250 pixels: a width of 728 is under 970" } });
    expect(await t.app.dataSource.getRepository(AdZone).findOneByOrFail({ id: created.body.id })).toMatchObject({ width: 970, presentation: "pushdown" });
  });
});

describe("an expandable banner's expanded size", () => {
  it("is kept through GraphQL and REST (snake_case) and answered with its ad", async () => {
    const { campaignId } = await approvedCampaign(t, advertiser, admin, { creativeSize: uniqueSize() });
    const created = await t.gql(CREATE, { input: banner(campaignId, [300, 250], { expandedWidth: 600, expandedHeight: 500 }) }, advertiser.token);
    expect(created.data!.createCreative).toMatchObject({ width: 300, height: 250, expandedWidth: 600, expandedHeight: 500 });
    const rest = await t.rest("POST", "/advertiser/creatives", {
      token: advertiser.token,
      body: { campaign_id: campaignId, name: "HTML", type: "html", content_url: "https://cdn.example.com/ad.html", width: 300, height: 250, expanded_width: 300, expanded_height: 500 },
    });
    expect(rest).toMatchObject({ status: 201, body: { expanded_width: 300, expanded_height: 500 } });

    const live = await liveExpandable();
    const served = (await requestAd(t, live.zoneId, { page: `https://${site.domain}/a` })).body;
    expect(served).toMatchObject({ fill: true, width: live.size[0], height: live.size[1], expanded: { width: live.size[0] * 2, height: live.size[1] * 2 } });
  });

  it.each([
    [{ expandedWidth: 600 }, "expandedHeight", "Expanded height is required with an expanded width"],
    [{ expandedWidth: 200, expandedHeight: 500 }, "expandedWidth", "Expanded width must be from the banner's own width (300) to 2 times it (600)"],
    [{ expandedWidth: 600, expandedHeight: 501 }, "expandedHeight", "Expanded height must be from the banner's own height (250) to 2 times it (500)"],
    [{ expandedWidth: 300, expandedHeight: 250 }, "expandedWidth", "Expanded size must be larger than the banner's own 300×250"],
    [{ type: "video", contentUrl: "https://cdn.example.com/spot.mp4", durationSeconds: 15, expandedWidth: 600, expandedHeight: 500 }, "expandedWidth", "Expanded size: only an image or HTML banner can expand"],
    [{ expandedWidth: "wide", expandedHeight: 500 }, "expandedWidth", "Expanded width must be a number"],
  ])("refuses %p naming %p, and keeps no creative", async (more, field, message) => {
    const { campaignId } = await approvedCampaign(t, advertiser, admin, { creativeSize: uniqueSize() });
    const before = await storedCreatives();
    const refused = await t.gql(CREATE, { input: banner(campaignId, [300, 250], more) }, advertiser.token);
    // GraphQL itself refuses a side that is not an Int; the service's rules answer the rest.
    expect(refused.errors?.[0]).toMatchObject(typeof more.expandedWidth === "string" ? { extensions: { code: "BAD_USER_INPUT" } } : { message, extensions: { code: "BAD_USER_INPUT", field } });
    const rest = await t.rest("POST", "/advertiser/creatives", {
      token: advertiser.token,
      body: { campaign_id: campaignId, name: "Banner", type: "image", content_url: "https://cdn.example.com/b.png", width: 300, height: 250, ...snakeCase(more) },
    });
    expect(rest).toEqual({ status: 422, body: { detail: message } });
    expect(await storedCreatives()).toBe(before);
  });
});

const snakeCase = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));

describe("an expansion", () => {
  it("counts once per impression however many identical beacons arrive at once, and only after the impression", async () => {
    const live = await liveExpandable();
    const served = (await requestAd(t, live.zoneId, { page: `https://${site.domain}/a` })).body;
    const expand = `${served.eventUrl}&e=expand`;
    await beacon(expand);
    expect(await expansionsOf(live.creativeId)).toBe(0);
    await beacon(served.impressionUrl);
    const answers = await Promise.all(Array.from({ length: 8 }, () => beacon(expand)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(204));
    expect(await expansionsOf(live.creativeId)).toBe(1);
    // A second impression's opening is an expansion of its own.
    const again = (await requestAd(t, live.zoneId, { page: `https://${site.domain}/b` })).body;
    await beacon(again.impressionUrl);
    await beacon(`${again.eventUrl}&e=expand`);
    expect(await expansionsOf(live.creativeId)).toBe(2);
  });

  it("of a banner that declared no expanded size is not counted", async () => {
    const size = uniqueSize();
    const { creativeId } = await approvedCampaign(t, advertiser, admin, { creativeSize: size });
    const zone = await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Plain", width: size[0], height: size[1] } });
    await t.app.services.delivery.inventory.reload();
    const served = (await requestAd(t, zone.body.id, { page: `https://${site.domain}/a` })).body;
    expect(served.expanded).toBeUndefined();
    await beacon(served.impressionUrl);
    await beacon(`${served.eventUrl}&e=expand`);
    expect(await expansionsOf(creativeId)).toBe(0);
  });
});
