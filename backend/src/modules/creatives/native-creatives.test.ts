import { approvedCampaign, requestAd, uniqueSize } from "../../../test/ad-fixtures";
import { Account, approvedSite, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { Creative } from "./creative.entity";

let t: TestApp;
let admin: Account;
let advertiser: Account;
let publisher: Account;
let site: { id: number; domain: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
  advertiser = await signUp(t, "advertiser", { full_name: "Acme Outdoor" });
  publisher = await signUp(t, "publisher");
  site = await approvedSite(t, publisher, admin);
});
afterAll(() => t.close());

const NATIVE = { headline: "Tents that pitch in a minute", body: "Light, warm and up before the kettle boils.", callToAction: "Shop tents", logoUrl: "https://cdn.example.com/logo.png" };
const CREATE = `mutation($input: CreateCreativeInput!) { createCreative(input: $input) { id type status width height native { headline body sponsor callToAction logoUrl } } }`;
const nativeInput = (campaignId: number, native: Record<string, unknown> = NATIVE, size: [number, number] = [1200, 627]) => ({
  campaignId,
  name: "Tents native",
  type: "native",
  contentUrl: "https://cdn.example.com/tent.jpg",
  clickUrl: "https://shop.example.com/tents",
  width: size[0],
  height: size[1],
  native,
});
const storedCreatives = () => t.app.dataSource.getRepository(Creative).count();

async function nativeCampaign(sponsor?: string) {
  const { campaignId } = await approvedCampaign(t, advertiser, admin, { creativeSize: uniqueSize() });
  const created = await t.gql(CREATE, { input: nativeInput(campaignId, { ...NATIVE, sponsor }) }, advertiser.token);
  const id = created.data!.createCreative.id as number;
  await t.gql(`mutation { approveCreative(id: ${id}) { status } }`, {}, admin.token);
  return { campaignId, creativeId: id };
}

async function zone(input: Record<string, unknown>) {
  return t.gql(`mutation($input: CreateAdZoneInput!) { createAdZone(input: $input) { id format presentation nativeTemplate } }`, { input: { siteId: site.id, name: "Feed", width: 600, height: 400, ...input } }, publisher.token);
}

describe("native creatives", () => {
  it("are created through GraphQL with their fields, pending review, and shown to the admin's review with them", async () => {
    const { campaignId } = await approvedCampaign(t, advertiser, admin, { creativeSize: uniqueSize() });
    const created = await t.gql(CREATE, { input: nativeInput(campaignId) }, advertiser.token);
    expect(created.errors).toBeUndefined();
    expect(created.data!.createCreative).toMatchObject({ type: "native", status: "PENDING", width: 1200, height: 627, native: { ...NATIVE, sponsor: null } });
    const review = await t.gql(`{ creatives(input: { status: PENDING }) { items { id native { headline callToAction } } } }`, {}, admin.token);
    expect(review.data!.creatives.items).toContainEqual({ id: created.data!.createCreative.id, native: { headline: NATIVE.headline, callToAction: NATIVE.callToAction } });
  });

  it("are created through REST with the same fields spelled as REST spells them", async () => {
    const { campaignId } = await approvedCampaign(t, advertiser, admin, { creativeSize: uniqueSize() });
    const body = { campaign_id: campaignId, name: "Square", type: "native", content_url: "https://cdn.example.com/sq.jpg", click_url: "https://shop.example.com/", width: 1200, height: 1200 };
    const response = await t.rest("POST", "/advertiser/creatives", { token: advertiser.token, body: { ...body, native: { headline: "Hi", body: "There", call_to_action: "Go", sponsor: "Acme" } } });
    expect(response.status).toBe(201);
    expect(response.body.native).toEqual({ headline: "Hi", body: "There", sponsor: "Acme", call_to_action: "Go", logo_url: null, price: null, currency: null, rating: null });
  });


  it.each([
    ["headline", { ...NATIVE, headline: "x".repeat(91) }, "Headline can be at most 90 characters long"],
    ["body", { ...NATIVE, body: "x".repeat(141) }, "Body can be at most 140 characters long"],
    ["callToAction", { ...NATIVE, callToAction: "Buy it right now" }, "Call to action can be at most 15 characters long"],
    ["sponsor", { ...NATIVE, sponsor: "x".repeat(26) }, "Sponsor can be at most 25 characters long"],
    ["logoUrl", { ...NATIVE, logoUrl: "javascript:alert(1)" }, "Logo URL must start with http:// or https://"],
    ["headline", { ...NATIVE, headline: "   " }, "Headline is required"],
    ["rating", { ...NATIVE, rating: 5.5 }, "Rating must be a number from 0 to 5, in tenths such as 4.5"],
    ["rating", { ...NATIVE, rating: -1 }, "Rating must be a number from 0 to 5, in tenths such as 4.5"],
    ["rating", { ...NATIVE, rating: 4.25 }, "Rating must be a number from 0 to 5, in tenths such as 4.5"],
    ["price", { ...NATIVE, price: 0 }, "Price must be more than $0"],
    ["price", { ...NATIVE, price: 19.999 }, "Price must be in whole cents, such as 12.50"],
    ["currency", { ...NATIVE, price: 10, currency: "XYZ1" }, "Currency must be an ISO 4217 code such as USD, EUR or GBP"],
    ["currency", { ...NATIVE, currency: "EUR" }, "Currency is the price's: give a price with it"],
  ])("refuses a native creative whose %s breaks its limit, naming the field, and stores nothing", async (field, native, message) => {
    const before = await storedCreatives();
    const refused = await t.gql(CREATE, { input: nativeInput(1, native) }, advertiser.token);
    expect(refused.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", field } });
    expect(await storedCreatives()).toBe(before);
  });

  it("refuses a picture that is neither 1.91:1 nor 1:1, and a native creative without its fields, on both doors", async () => {
    const { campaignId } = await approvedCampaign(t, advertiser, admin, { creativeSize: uniqueSize() });
    const wide = await t.gql(CREATE, { input: nativeInput(campaignId, NATIVE, [1280, 720]) }, advertiser.token);
    expect(wide.errors?.[0]).toMatchObject({ message: "A native image must be 1.91:1 (such as 1200×627) or 1:1 (such as 1200×1200); 1280×720 is neither", extensions: { field: "width" } });
    const body = { campaign_id: campaignId, name: "No fields", type: "native", content_url: "https://cdn.example.com/a.jpg", click_url: "https://shop.example.com/", width: 1200, height: 1200 };
    expect(await t.rest("POST", "/advertiser/creatives", { token: advertiser.token, body })).toEqual({
      status: 422,
      body: { detail: "Native is required for a native creative: its headline, body and call to action" },
    });
    const noLanding = await t.rest("POST", "/advertiser/creatives", { token: advertiser.token, body: { ...body, click_url: undefined, native: { headline: "a", body: "b", call_to_action: "c" } } });
    expect(noLanding).toEqual({ status: 422, body: { detail: "Click URL is required" } });
  });
});

describe("native zones", () => {
  it("get native creatives only, and banner zones never get them", async () => {
    const size = uniqueSize();
    const nativeZone = (await zone({ format: "native", width: size[0], height: size[1] })).data!.createAdZone.id;
    // An image creative of the native zone's very size: before native creatives existed, it filled the zone.
    await approvedCampaign(t, advertiser, admin, { creativeSize: size, cpm: 50 });
    await t.app.services.delivery.inventory.reload();
    expect((await requestAd(t, nativeZone, { page: `https://${site.domain}/a` })).body).toEqual({ fill: false });

    const { creativeId } = await nativeCampaign();
    const bannerZone = (await zone({ format: "banner", width: 1200, height: 627 })).data!.createAdZone.id;
    await t.app.services.delivery.inventory.reload();
    for (let i = 0; i < 5; i++) {
      const served = (await requestAd(t, nativeZone, { page: `https://${site.domain}/a` })).body;
      expect(served).toMatchObject({ fill: true, creative: { id: creativeId, type: "native" } });
    }
    expect((await requestAd(t, bannerZone, { page: `https://${site.domain}/a` })).body).toEqual({ fill: false });
  });

  it("answer the native fields, the advertiser's name for the Sponsored label and the zone's template", async () => {
    const template = '<div class="story"><img src="{{image}}" alt=""><a href="{{clickUrl}}">{{headline}}</a><p>{{body}}</p></div>';
    const created = await zone({ format: "native", nativeTemplate: template });
    expect(created.data!.createAdZone).toMatchObject({ presentation: "inline", nativeTemplate: template });
    await t.app.services.delivery.inventory.reload();
    const served = (await requestAd(t, created.data!.createAdZone.id, { page: `https://${site.domain}/a` })).body;
    expect(served.native).toEqual({
      headline: NATIVE.headline,
      body: NATIVE.body,
      sponsor: "Acme Outdoor",
      advertiser: "Acme Outdoor",
      cta: NATIVE.callToAction,
      logo: NATIVE.logoUrl,
      price: null,
      rating: null,
      image: "https://cdn.example.com/tent.jpg",
      imageWidth: 1200,
      imageHeight: 627,
    });
    expect(served.template).toBe(template);
    expect(served.presentation).toBeUndefined();
  });
});

describe("zone templates and presentations", () => {
  it.each([
    ["<div>{{headline}}<script>alert(1)</script></div>", "Native template may not use <script>"],
    ['<div onclick="steal()">{{headline}}</div>', "Native template may not use the attribute onclick on <div>"],
    ['<a href="javascript:alert(1)">{{headline}}</a>', "Native template may link only to a placeholder such as {{clickUrl}} or an http(s) address in href on <a>"],
    ['<div style="background:url(https://x.example/)">{{headline}}</div>', "Native template may not use the attribute style on <div>"],
    ["<div>{{headline}}<!-- <script> --></div>", 'Native template has markup that is not a plain tag near "<!-- <script> --></d" (no comments, scripts or unfinished tags)'],
    ["<div>{{likes}}</div>", "Native template has an unknown placeholder {{likes}}: use {{headline}}, {{body}}, {{image}}, {{logo}}, {{sponsor}}, {{cta}}, {{clickUrl}}, {{price}}, {{rating}}"],
    ["<div><p>{{headline}}</div>", "Native template closes </div> without opening it"],
  ])("refuses the template %p naming the field (the message starts %p), and keeps no zone", async (nativeTemplate, message) => {
    const before = (await t.gql(`{ myAdZones { id } }`, {}, publisher.token)).data!.myAdZones.length;
    const refused = await zone({ format: "native", nativeTemplate });
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "nativeTemplate" } });
    expect(refused.errors?.[0].message.startsWith(message)).toBe(true);
    expect((await t.gql(`{ myAdZones { id } }`, {}, publisher.token)).data!.myAdZones).toHaveLength(before);
  });

  it("refuses a template with script through REST too, and an edit that would add one leaves the zone as it was", async () => {
    const refused = await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Feed", format: "native", native_template: "<script>x</script>" } });
    expect(refused).toEqual({ status: 422, body: { detail: expect.stringMatching(/^Native template may not use <script>/) } });
    const id = (await zone({ format: "native", nativeTemplate: "<p>{{headline}}</p>" })).data!.createAdZone.id;
    const edit = await t.rest("PUT", `/publisher/ad-zones/${id}`, { token: publisher.token, body: { native_template: '<p><img src="x" onerror="alert(1)"></p>' } });
    expect(edit.status).toBe(422);
    const zones = (await t.gql(`{ myAdZones { id nativeTemplate } }`, {}, publisher.token)).data!.myAdZones;
    expect(zones.find((z: { id: number }) => z.id === id)).toEqual({ id, nativeTemplate: "<p>{{headline}}</p>" });
  });

  it("keeps an interstitial or sticky presentation for banner zones, answers it with the ad, and refuses it elsewhere", async () => {
    const sticky = await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Anchor", width: 320, height: 50, format: "banner", presentation: "sticky" } });
    expect(sticky.body).toMatchObject({ presentation: "sticky", native_template: null });
    await approvedCampaign(t, advertiser, admin, { creativeSize: [320, 50] });
    await t.app.services.delivery.inventory.reload();
    expect((await requestAd(t, sticky.body.id, { page: `https://${site.domain}/a` })).body).toMatchObject({ fill: true, presentation: "sticky" });

    const onNative = await zone({ format: "native", presentation: "interstitial" });
    expect(onNative.errors?.[0]).toMatchObject({ message: "Presentation interstitial is for banner zones; a native zone shows its ad inline", extensions: { field: "presentation" } });
    const unknown = await zone({ format: "banner", presentation: "popunder" });
    expect(unknown.errors?.[0]).toMatchObject({ message: "Presentation must be one of inline, interstitial, sticky, floating, pushdown", extensions: { field: "presentation" } });
    const templateOnBanner = await zone({ format: "banner", nativeTemplate: "<p>{{headline}}</p>" });
    expect(templateOnBanner.errors?.[0]).toMatchObject({ message: "Native template is for native zones only", extensions: { field: "nativeTemplate" } });
  });
});

describe("a duplicated campaign's creatives", () => {
  it("come back with every field of the original, the native texts among them, waiting for review", async () => {
    const { campaignId, creativeId } = await nativeCampaign("Acme Outdoor");
    const duplicated = await t.gql(`mutation { duplicateCampaign(id: ${campaignId}) { id } }`, {}, advertiser.token);
    const copyCampaignId = duplicated.data!.duplicateCampaign.id as number;
    const creatives = t.app.dataSource.getRepository(Creative);
    const original = await creatives.findOneByOrFail({ id: creativeId });
    const [copy] = await creatives.findBy({ campaignId: copyCampaignId, type: "native" });
    const { id, campaignId: _campaign, status, rejectionReason, createdAt, updatedAt, ...copiedFields } = original;
    expect(copy).toMatchObject({ ...copiedFields, campaignId: copyCampaignId, status: "pending", rejectionReason: null });
    expect(copy.nativeFields).toEqual({ ...NATIVE, sponsor: "Acme Outdoor", priceMicros: null, currency: null, rating: null });
    expect(copy.id).not.toBe(id);
  });
});

// Last: an approved listing fills every native zone of the file from here on.
describe("promoted listings", () => {
  it("keep a promoted listing's price, currency and rating, and the ad answers the price in its currency and the rating", async () => {
    const { campaignId } = await approvedCampaign(t, advertiser, admin, { creativeSize: uniqueSize() });
    const body = { campaign_id: campaignId, name: "Listing", type: "native", content_url: "https://cdn.example.com/sq.jpg", click_url: "https://shop.example.com/", width: 1200, height: 1200 };
    const listing = { headline: "Two-person tent", body: "Pitches in a minute.", call_to_action: "Buy", price: "149.50", currency: "eur", rating: "4.5" };
    const response = await t.rest("POST", "/advertiser/creatives", { token: advertiser.token, body: { ...body, native: listing } });
    expect(response.body.native).toMatchObject({ price: 149.5, currency: "EUR", rating: 4.5 });
    await t.gql(`mutation { approveCreative(id: ${response.body.id}) { status } }`, {}, admin.token);
    // A price without a currency is in dollars.
    const dollars = await t.gql(`mutation($input: CreateCreativeInput!) { createCreative(input: $input) { native { price currency rating } } }`, { input: nativeInput(campaignId, { ...NATIVE, price: 20 }) }, advertiser.token);
    expect(dollars.data!.createCreative.native).toEqual({ price: 20, currency: "USD", rating: null });

    const listingZone = (await zone({ format: "native", nativeTemplate: "<p>{{headline}} {{price}} {{rating}}</p>" })).data!.createAdZone.id;
    await t.app.services.delivery.inventory.reload();
    // The file's other approved native ads fill native zones too: the listing is among what they serve.
    const listings = new Map<string, unknown>();
    for (let i = 0; i < 30 && !listings.has("Two-person tent"); i++) {
      const { native } = (await requestAd(t, listingZone, { page: `https://${site.domain}/a` })).body;
      listings.set(native.headline, native);
    }
    expect(listings.get("Two-person tent")).toMatchObject({ price: "€149.50", rating: 4.5 });
  });
});
