import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { approvedCampaign, createZone, requestAd, uniqueSize } from "../../../test/ad-fixtures";
import { Account, approvedSite, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { pngOf, postFile } from "../../../test/media-fixtures";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let mediaDir: string;
let advertiser: Account;
let other: Account;
let campaign: { id: number };
let picture: Record<string, any>;
let logo: Record<string, any>;

const upload = async (bytes: Buffer, account = advertiser) => (await postFile(`${t.url}/api/advertiser/media`, account.token, bytes, "a.png", "image/png")).body;

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), "adnet-native-media-"));
  t = await startTestApp({ MEDIA_DIR: mediaDir });
  advertiser = await signUp(t, "advertiser", { full_name: "Acme Outdoor" });
  other = await signUp(t, "advertiser");
  campaign = await createCampaign(t, advertiser);
  picture = await upload(await pngOf(1200, 627));
  logo = await upload(await pngOf(100, 100));
});
afterAll(async () => {
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const TEXTS = { headline: "Tents that pitch in a minute", body: "Light and warm.", callToAction: "Shop tents" };
const CREATE = `mutation($input: CreateCreativeInput!) { createCreative(input: $input) { id type mediaId contentUrl width height status native { headline callToAction logoUrl } } }`;
const post = (body: Record<string, unknown>, account = advertiser) => t.rest("POST", "/advertiser/creatives", { token: account.token, body });
const restNative = { headline: TEXTS.headline, body: TEXTS.body, call_to_action: TEXTS.callToAction };

describe("a native creative's uploaded picture and logo", () => {
  it("are taken by media id through GraphQL, keeping the type native and the texts, and the ad server answers them at absolute addresses", async () => {
    const admin = await signInAdmin(t);
    const publisher = await signUp(t, "publisher");
    const site = await approvedSite(t, publisher, admin);
    const { campaignId } = await approvedCampaign(t, advertiser, admin, { creativeSize: uniqueSize() });
    const created = await t.gql(CREATE, { input: { campaignId, name: "Tents", type: "native", mediaId: picture.id, clickUrl: "https://shop.example.com/", native: { ...TEXTS, logoMediaId: logo.id } } }, advertiser.token);

    expect(created.errors).toBeUndefined();
    expect(created.data!.createCreative).toMatchObject({
      type: "native",
      mediaId: picture.id,
      contentUrl: picture.url,
      width: 1200,
      height: 627,
      status: "PENDING",
      native: { headline: TEXTS.headline, callToAction: TEXTS.callToAction, logoUrl: logo.url },
    });

    await t.gql(`mutation { approveCreative(id: ${created.data!.createCreative.id}) { status } }`, {}, admin.token);
    const zoneId = await createZone(t, publisher, site.id, [600, 400], "native");
    await t.app.services.delivery.inventory.reload();
    const served = (await requestAd(t, zoneId, { page: `https://${site.domain}/a` })).body;
    expect(served.native).toMatchObject({ headline: TEXTS.headline, image: `${t.url}${picture.url}`, logo: `${t.url}${logo.url}`, imageWidth: 1200, imageHeight: 627 });
  });

  it("are taken by media_id through REST, the logo as native.logo_media_id", async () => {
    const { status, body } = await post({ campaign_id: campaign.id, name: "Tents", type: "native", media_id: picture.id, click_url: "https://shop.example.com/", native: { ...restNative, logo_media_id: logo.id } });
    expect(status).toBe(201);
    expect(body).toMatchObject({ type: "native", media_id: picture.id, content_url: picture.url, width: 1200, height: 627, native: { headline: TEXTS.headline, logo_url: logo.url } });
  });

  it("may be given by the app's own /media/ addresses wherever a picture address is taken", async () => {
    const { status, body } = await post({ campaign_id: campaign.id, name: "By address", type: "native", content_url: picture.url, click_url: "https://shop.example.com/", native: { ...restNative, logo_url: logo.url } });
    expect(status).toBe(201);
    expect(body).toMatchObject({ type: "native", media_id: picture.id, content_url: picture.url, width: 1200, height: 627, native: { logo_url: logo.url } });

    const image = await t.gql(CREATE, { input: { campaignId: campaign.id, name: "Image by address", contentUrl: picture.url } }, advertiser.token);
    expect(image.data!.createCreative).toMatchObject({ type: "image", mediaId: picture.id, contentUrl: picture.url, width: 1200, height: 627 });
  });

  it.each([
    ["another advertiser's /media/ address", (url: string) => ({ content_url: url }), "is not one of your uploaded files: upload the picture, or give its full web address"],
    ["a path that is not an uploaded file", () => ({ content_url: "/images/tent.png" }), "Content URL must be a full web address such as https://example.com/ad.png, or an uploaded file's /media/ address"],
    ["a logo given both ways", () => ({ media_id: picture.id, native: { ...restNative, logo_url: "https://cdn.example.com/l.png", logo_media_id: logo.id } }), "Give either a logo URL or an uploaded logo (logoMediaId), not both"],
    ["an uploaded picture of neither native shape", () => ({ media_id: logo.id, width: undefined, height: undefined, native: { ...restNative } }), "A native image must be at least 200 pixels high"],
  ])("refuses %p and stores nothing", async (_, change, detail) => {
    const theirs = await upload(await pngOf(1200, 628), other);
    const before = (await t.gql("{ myCreatives { id } }", {}, advertiser.token)).data!.myCreatives.length;
    const refused = await post({ campaign_id: campaign.id, name: "Refused", type: "native", click_url: "https://shop.example.com/", native: restNative, ...change(theirs.url) });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain(detail);
    expect((await t.gql("{ myCreatives { id } }", {}, advertiser.token)).data!.myCreatives).toHaveLength(before);
  });

  it("is kept, and still served at its address, when its creative is archived", async () => {
    const { body } = await post({ campaign_id: campaign.id, name: "Archived", media_id: picture.id });
    expect((await t.rest("PUT", `/advertiser/creatives/${body.id}/archive`, { token: advertiser.token })).status).toBe(200);
    expect((await fetch(`${t.url}${picture.url}`)).status).toBe(200);
    expect((await t.gql("{ myMedia { id } }", {}, advertiser.token)).data!.myMedia).toContainEqual({ id: picture.id });
  });
});
