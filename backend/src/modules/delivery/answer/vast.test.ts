import { consentGained, liveAd, publisherStats, sendBeacon } from "../../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { texts, VAST_SCHEMA_REVISION, vastSchemaErrors, xpath } from "../../../../test/vast-schema";
import { BROWSER_UA } from "../../../../test/ad-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MIN_CLICK_DELAY_MS: "0" });
});
afterAll(() => t.close());

const VIDEO = { url: "https://cdn.example.com/spot.webm", durationSeconds: 15 };

/** A video player on the publisher's page asks for the zone's VAST, as vast-client does (a cross-origin fetch). */
async function loadVast(zoneId: number | string, origin: string) {
  const response = await fetch(`${t.url}/vast?zone=${zoneId}`, { headers: { "user-agent": BROWSER_UA, origin } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("GET /vast", () => {
  it(`answers a video zone with a VAST 4.2 InLine ad valid by IAB's schema (revision ${VAST_SCHEMA_REVISION}), carrying the offer's signed links`, async () => {
    const ad = await liveAd(t, { zoneSize: [640, 360], format: "video", creativeType: "video", video: { ...VIDEO, skipAfterSeconds: 5 } });
    const { status, headers, text } = await loadVast(ad.zoneId, `https://${ad.site.domain}`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(headers.get("access-control-allow-origin")).toBe(`https://${ad.site.domain}`);
    expect(vastSchemaErrors(text)).toBe("");

    expect(texts(text, "Duration")).toEqual(["00:00:15.000"]);
    expect(xpath(text, "string(//*[local-name()='Linear']/@skipoffset)")).toBe("00:00:05");
    expect(texts(text, "MediaFile")).toEqual([VIDEO.url]);
    expect(xpath(text, "string(//*[local-name()='MediaFile']/@type)")).toBe("video/webm");
    expect(xpath(text, "string(//*[local-name()='MediaFile']/@width)")).toBe("640");
    const [impression] = texts(text, "Impression");
    expect(impression).toMatch(new RegExp(`^${t.url}/t/i\\?d=`));
    const token = impression.split("d=")[1];
    expect(texts(text, "ClickThrough")).toEqual([`${t.url}/t/c?d=${token}`]);
    expect(texts(text, "Error")).toEqual([`${t.url}/t/e?d=${token}&e=error&code=[ERRORCODE]`]);
    expect(xpath(text, "string(//*[local-name()='Tracking'][@event='firstQuartile'])")).toBe(`${t.url}/t/e?d=${token}&e=firstQuartile`);
  });

  it("counts the impression when the player fires the Impression URL, once", async () => {
    const ad = await liveAd(t, { zoneSize: [640, 361], format: "video", creativeType: "video", video: VIDEO });
    const origin = `https://${ad.site.domain}`;
    const [impression] = texts((await loadVast(ad.zoneId, origin)).text, "Impression");
    // Players fire it as an image request: a GET.
    const fired = await fetch(impression, { headers: { "user-agent": BROWSER_UA, origin } });
    expect(fired.status).toBe(204);
    await sendBeacon(impression, { origin });
    await t.app.services.delivery.flush();
    expect(await publisherStats(t, ad.publisher)).toMatchObject({ impressions: 1 });
  });

  it("counts the player's impression under the consent the VAST request carried: its Impression URL carries none", async () => {
    const ad = await liveAd(t, { zoneSize: [640, 368], format: "video", creativeType: "video", video: VIDEO });
    const origin = `https://${ad.site.domain}`;
    const { result: fired, counted } = await consentGained(t, ad.admin, async () => {
      const response = await fetch(`${t.url}/vast?zone=${ad.zoneId}&gdpr=1`, { headers: { "user-agent": BROWSER_UA, origin } });
      const [impression] = texts(await response.text(), "Impression");
      return (await fetch(impression, { headers: { "user-agent": BROWSER_UA, origin } })).status;
    });
    expect({ fired, counted }).toEqual({ fired: 204, counted: { gdpr_no_consent: 1 } });
  });

  it(`is not skippable unless its creative says so, and valid by IAB's schema (revision ${VAST_SCHEMA_REVISION}) either way`, async () => {
    const ad = await liveAd(t, { zoneSize: [640, 362], format: "video", creativeType: "video", video: VIDEO });
    const { text } = await loadVast(ad.zoneId, `https://${ad.site.domain}`);
    expect(vastSchemaErrors(text)).toBe("");
    expect(xpath(text, "count(//*[local-name()='Linear']/@skipoffset)")).toBe("0");
  });

  it(`answers the empty VAST, valid by IAB's schema (revision ${VAST_SCHEMA_REVISION}), when nothing fills, and for a video whose length nobody said`, async () => {
    const empty = await liveAd(t, { zoneSize: [640, 363], format: "video", creativeType: "video", creativeSize: [640, 364], video: VIDEO });
    const unfilled = await loadVast(empty.zoneId, `https://${empty.site.domain}`);
    expect(unfilled.status).toBe(200);
    expect(vastSchemaErrors(unfilled.text)).toBe("");
    expect(xpath(unfilled.text, "count(//*[local-name()='Ad'])")).toBe("0");
    expect(xpath(unfilled.text, "string(/*/@version)")).toBe("4.2");

    const unknownLength = await liveAd(t, { zoneSize: [640, 365], format: "video", creativeType: "video", video: { url: VIDEO.url } });
    const answer = await loadVast(unknownLength.zoneId, `https://${unknownLength.site.domain}`);
    expect(xpath(answer.text, "count(//*[local-name()='Ad'])")).toBe("0");
    // A video no player could be told the length of never takes the request: it counts unfilled.
    await t.app.services.delivery.flush();
    expect((await publisherStats(t, unknownLength.publisher)).fillRate).toBe(0);
  });

  it("refuses a page off the zone's site, as /serve does", async () => {
    const ad = await liveAd(t, { zoneSize: [640, 366], format: "video", creativeType: "video", video: VIDEO });
    const { text } = await loadVast(ad.zoneId, "https://elsewhere.example.net");
    expect(xpath(text, "count(//*[local-name()='Ad'])")).toBe("0");
  });

  it("refuses bad zone ids and zones that are not video zones, saying why", async () => {
    const banner = await liveAd(t);
    for (const [zone, status, detail] of [
      ["abc", 400, "zone must be a positive integer"],
      ["0", 400, "zone must be a positive integer"],
      ["999999", 404, "No such zone, or its site is not approved"],
      [String(banner.zoneId), 404, `Zone ${banner.zoneId} is a banner zone: only video zones have a VAST URL`],
    ] as const) {
      const answer = await loadVast(zone, `https://${banner.site.domain}`);
      expect({ zone, status: answer.status, body: JSON.parse(answer.text) }).toEqual({ zone, status, body: { detail } });
    }
  });
});

describe("the zone's VAST URL", () => {
  it("is on a video zone's card, and on no other", async () => {
    const video = await liveAd(t, { zoneSize: [640, 367], format: "video", creativeType: "video", video: VIDEO });
    const banner = await liveAd(t);
    const urlOf = async (ad: typeof video) =>
      (await t.gql(`{ myAdZones { id vastUrl } }`, {}, ad.publisher.token)).data!.myAdZones.find((zone: { id: number }) => zone.id === ad.zoneId).vastUrl;
    expect(await urlOf(video)).toBe(`${t.url}/vast?zone=${video.zoneId}`);
    expect(await urlOf(banner)).toBeNull();
    const { text } = await loadVast(video.zoneId, `https://${video.site.domain}`);
    expect(xpath(text, "count(//*[local-name()='InLine'])")).toBe("1");
  });
});

describe("a video's settings", () => {
  it("takes a video creative's skip offset through both doors, null making it unskippable, and names the field it refuses", async () => {
    const ad = await liveAd(t);
    const content = { name: "Spot", type: "video", contentUrl: VIDEO.url, width: 640, height: 360, durationSeconds: 15 };
    const created = await t.gql(`mutation($input: CreateCreativeInput!) { createCreative(input: $input) { id skipAfterSeconds } }`, { input: { ...content, campaignId: ad.campaignId, skipAfterSeconds: 6 } }, ad.advertiser.token);
    expect(created.data?.createCreative.skipAfterSeconds).toBe(6);
    const id = created.data!.createCreative.id;
    await t.gql(`mutation { approveCreative(id: ${id}) { status } }`, {}, ad.admin.token);
    const update = (input: Record<string, unknown>) =>
      t.gql(`mutation($id: Int!, $input: CreativeContentInput!) { updateCreative(id: $id, input: $input) { skipAfterSeconds status } }`, { id, input: { ...content, ...input } }, ad.advertiser.token);
    // How a player lets its viewer leave changes nothing the review judged: the video stays approved.
    expect((await update({ skipAfterSeconds: 0 })).data).toEqual({ updateCreative: { skipAfterSeconds: 0, status: "APPROVED" } });
    expect((await update({ skipAfterSeconds: null })).data).toEqual({ updateCreative: { skipAfterSeconds: null, status: "APPROVED" } });

    for (const [input, message] of [
      [{ skipAfterSeconds: 61 }, "Skip after seconds must be from 0 to 60"],
      [{ skipAfterSeconds: 15 }, "Skippable after must be shorter than the video, which plays 15 seconds"],
      [{ skipAfterSeconds: 5, type: "image", durationSeconds: null }, "Skippable after: only a video can be skipped"],
    ] as const) {
      expect((await update(input)).errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", field: "skipAfterSeconds" } });
    }

    const body = { campaign_id: ad.campaignId, name: "Spot", type: "video", content_url: VIDEO.url, width: 640, height: 360, duration_seconds: 15 };
    const refused = await t.rest("POST", "/advertiser/creatives", { token: ad.advertiser.token, body: { ...body, skip_after_seconds: -1 } });
    expect({ status: refused.status, detail: refused.body.detail }).toEqual({ status: 422, detail: "Skip after seconds must be from 0 to 60" });
    const rest = await t.rest("POST", "/advertiser/creatives", { token: ad.advertiser.token, body: { ...body, skip_after_seconds: 4 } });
    expect({ status: rest.status, skip: rest.body.skip_after_seconds }).toEqual({ status: 201, skip: 4 });
  });

  it("refuses a campaign's skip offset through both doors, naming the field, and changes nothing", async () => {
    const ad = await liveAd(t, { budget: 700 });
    const graphql = await t.gql(`mutation($id: Int!, $input: UpdateCampaignInput!) { updateCampaign(id: $id, input: $input) { id } }`, { id: ad.campaignId, input: { budget: 800, skipAfterSeconds: 5 } }, ad.advertiser.token);
    expect(graphql.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
    expect(graphql.errors?.[0].message).toMatch(/"skipAfterSeconds" is not defined by type "UpdateCampaignInput"/);

    for (const [method, path] of [["PUT", `/advertiser/campaigns/${ad.campaignId}`], ["POST", "/advertiser/campaigns"]] as const) {
      const rest = await t.rest(method, path, { token: ad.advertiser.token, body: { name: "Pre-roll", budget: 800, cpm: 4, skip_after_seconds: 5 } });
      expect({ status: rest.status, detail: rest.body.detail }).toEqual({
        status: 422,
        detail: "skip_after_seconds is no longer a campaign's setting: a video is skippable as its video creative says (skip_after_seconds of POST /advertiser/creatives, skipAfterSeconds of the creative in GraphQL)",
      });
    }
    const campaigns = (await t.gql(`{ myCampaigns { id budget } }`, {}, ad.advertiser.token)).data!.myCampaigns;
    expect(campaigns).toEqual([{ id: ad.campaignId, budget: 700 }]);
  });

  it("takes a duration only for a video, within a minute", async () => {
    const ad = await liveAd(t);
    const create = (type: string, durationSeconds: number) =>
      t.gql(
        `mutation($input: CreateCreativeInput!) { createCreative(input: $input) { durationSeconds } }`,
        { input: { campaignId: ad.campaignId, name: "Spot", type, contentUrl: VIDEO.url, width: 640, height: 360, durationSeconds } },
        ad.advertiser.token,
      );
    expect((await create("video", 30)).data).toEqual({ createCreative: { durationSeconds: 30 } });
    expect((await create("video", 61)).errors?.[0]).toMatchObject({ extensions: { field: "durationSeconds" } });
    expect((await create("image", 30)).errors?.[0]).toMatchObject({ message: "Duration seconds: only a video has a duration", extensions: { field: "durationSeconds" } });
  });
});
