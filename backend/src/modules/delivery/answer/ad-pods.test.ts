import { approvedCampaign, BROWSER_UA, liveAd, publisherStats, sendBeacon, type LiveAd } from "../../../../test/ad-fixtures";
import { signUp } from "../../../../test/factories";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { texts, VAST_SCHEMA_REVISION, vastSchemaErrors, xpath } from "../../../../test/vast-schema";
import type { AdvertiserCategory } from "../../campaigns/advertiser-categories";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MIN_CLICK_DELAY_MS: "0" });
});
afterAll(() => t.close());

let shapesHandedOut = 0;
/** Each test's break is a video zone of a shape of its own, so only its own campaigns compete for it. */
const nextShape = (): [number, number] => [640, 400 + ++shapesHandedOut];

const video = (durationSeconds: number) => ({ url: "https://cdn.example.com/spot.webm", durationSeconds });

/**
 * A video zone holding three ads in thirty seconds, filled by: A (general, $9, 10 s), B (general
 * too, $8), a second campaign of A's (education, $7.50), C (automotive, $7, 10 s) and D
 * (education, $6, 15 s). Separation and the break's length leave A then C.
 */
async function crowdedBreak() {
  const shape = nextShape();
  const a = await liveAd(t, { zoneSize: shape, format: "video", creativeType: "video", video: video(10), cpm: 9 });
  await t.gql(`mutation { updateAdZone(id: ${a.zoneId}, input: { podSize: 3, breakSeconds: 30 }) { id } }`, {}, a.publisher.token);
  const campaignOf = async (advertiser: LiveAd["advertiser"], cpm: number, category: AdvertiserCategory, seconds: number) =>
    (await approvedCampaign(t, advertiser, a.admin, { zoneSize: shape, creativeType: "video", video: video(seconds), cpm, category })).campaignId;
  const b = await signUp(t, "advertiser");
  const c = await signUp(t, "advertiser");
  const d = await signUp(t, "advertiser");
  const campaigns = {
    a: a.campaignId,
    b: await campaignOf(b, 8, "general", 10),
    aEducation: await campaignOf(a.advertiser, 7.5, "education", 10),
    c: await campaignOf(c, 7, "automotive", 10),
    d: await campaignOf(d, 6, "education", 15),
  };
  await t.app.services.delivery.inventory.reload();
  return { ...a, advertisers: { a: a.advertiser, b, c, d }, campaigns };
}

/** A player on the publisher's page asks for a break, as vast-client does (a cross-origin fetch). */
async function loadPod(zoneId: number | string, origin: string, query: string) {
  const response = await fetch(`${t.url}/vast?zone=${zoneId}&${query}`, { headers: { "user-agent": BROWSER_UA, origin } });
  return { status: response.status, note: response.headers.get("adnet-pod-note"), text: await response.text() };
}

/** The campaign of each ad in the pod, in sequence: what its signed impression link names, read back by the advertiser's figures. */
const sequences = (xml: string) => xpath(xml, "//*[local-name()='Ad']/@sequence").split(/\s+/).filter(Boolean).map((attribute) => attribute.replace(/\D/g, ""));

async function campaignFigures(advertiser: LiveAd["advertiser"]) {
  const data = (await t.gql(`{ myCampaigns { id impressions spend } }`, {}, advertiser.token)).data!;
  return Object.fromEntries((data.myCampaigns as { id: number; impressions: number; spend: number }[]).map(({ id, impressions, spend }) => [id, { impressions, spend }]));
}

describe("an ad pod: GET /vast?zone=ID&pod=N&podDuration=SECONDS", () => {
  it(`fills a break with ads of different advertisers and categories that fit its length, in sequence, valid by IAB's schema (revision ${VAST_SCHEMA_REVISION})`, async () => {
    const pod = await crowdedBreak();
    const { status, note, text } = await loadPod(pod.zoneId, `https://${pod.site.domain}`, "pod=3&podDuration=30");
    expect(status).toBe(200);
    expect(vastSchemaErrors(text)).toBe("");
    expect(sequences(text)).toEqual(["1", "2"]);
    expect(texts(text, "Duration")).toEqual(["00:00:10.000", "00:00:10.000"]);
    expect(note).toBe("AdNet pod: 2 of 3 ads: no other ad, of an advertiser and a category not yet in the break, fits its 10 seconds left");
    expect(xpath(text, "count(//comment())")).toBe("1");

    // Each ad is an offer of its own: its impression, events and clicks carry a token of their own.
    const impressions = texts(text, "Impression");
    expect(new Set(impressions.map((url) => url.split("d=")[1])).size).toBe(2);
    for (const [index, impression] of impressions.entries()) {
      const token = impression.split("d=")[1];
      expect(xpath(text, `string((//*[local-name()='Ad'])[${index + 1}]//*[local-name()='Tracking'][@event='complete'])`)).toBe(`${t.url}/t/e?d=${token}&e=complete`);
    }

    // A and C are shown: one impression each, and no other campaign's.
    await Promise.all(impressions.map((url) => sendBeacon(url, { origin: `https://${pod.site.domain}` })));
    await t.app.services.delivery.flush();
    const [a, b, c, d] = await Promise.all([pod.advertisers.a, pod.advertisers.b, pod.advertisers.c, pod.advertisers.d].map(campaignFigures));
    expect({ a: a[pod.campaigns.a].impressions, aEducation: a[pod.campaigns.aEducation].impressions, b: b[pod.campaigns.b].impressions, c: c[pod.campaigns.c].impressions, d: d[pod.campaigns.d].impressions }).toEqual({
      a: 1,
      aEducation: 0,
      b: 0,
      c: 1,
      d: 0,
    });
  });

  it("counts and bills each ad of a pod once, on its own, however often and at once the player fires its links", async () => {
    const pod = await crowdedBreak();
    const origin = `https://${pod.site.domain}`;
    const { text } = await loadPod(pod.zoneId, origin, "pod=2");
    const impressions = texts(text, "Impression");
    const events = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"];
    const tracking = (index: number, event: string) => xpath(text, `string((//*[local-name()='Ad'])[${index + 1}]//*[local-name()='Tracking'][@event='${event}'])`);
    // Every link three times at once, as a player retrying on a flaky network might.
    await Promise.all(impressions.flatMap((url) => [1, 2, 3].map(() => fetch(url, { headers: { "user-agent": BROWSER_UA, origin } }))));
    for (const event of events) await Promise.all([0, 1].flatMap((index) => [1, 2, 3].map(() => fetch(tracking(index, event), { headers: { "user-agent": BROWSER_UA, origin } }))));
    await t.app.services.delivery.flush();

    // $9 and $7 per thousand: each advertiser pays for its own one impression.
    expect((await campaignFigures(pod.advertisers.a))[pod.campaigns.a]).toEqual({ impressions: 1, spend: 0.009 });
    expect((await campaignFigures(pod.advertisers.c))[pod.campaigns.c]).toEqual({ impressions: 1, spend: 0.007 });
    const report = async (advertiser: LiveAd["advertiser"]) =>
      (await t.gql(`query($input: ReportInput!) { advertiserReport(input: $input) { totals { impressions videoStarts completes } } }`, { input: aroundToday() }, advertiser.token)).data!.advertiserReport.totals;
    expect(await report(pod.advertisers.a)).toEqual({ impressions: 1, videoStarts: 1, completes: 1 });
    expect(await report(pod.advertisers.c)).toEqual({ impressions: 1, videoStarts: 1, completes: 1 });
    expect(await publisherStats(t, pod.publisher)).toMatchObject({ impressions: 2 });
  });

  it("answers a request for more than the break holds with what fits and the reason, and an empty pod, without an Error, where nothing fits", async () => {
    const pod = await crowdedBreak();
    const origin = `https://${pod.site.domain}`;
    const tooMany = await loadPod(pod.zoneId, origin, "pod=9&podDuration=600");
    expect(vastSchemaErrors(tooMany.text)).toBe("");
    expect(sequences(tooMany.text)).toEqual(["1", "2"]);
    expect(tooMany.note).toBe(
      "AdNet pod: asked for 9 ads: this zone's breaks hold at most 3; asked for 600 seconds: this zone's breaks play at most 30; 2 of 3 ads: no other ad, of an advertiser and a category not yet in the break, fits its 10 seconds left",
    );

    const nothingFits = await loadPod(pod.zoneId, origin, "pod=2&podDuration=5");
    expect(nothingFits.status).toBe(200);
    expect(vastSchemaErrors(nothingFits.text)).toBe("");
    expect(xpath(nothingFits.text, "count(//*[local-name()='Ad'])")).toBe("0");
    expect(xpath(nothingFits.text, "count(//*[local-name()='Error'])")).toBe("0");
    expect(nothingFits.note).toBe("AdNet pod: no ad fills this break of 5 seconds");
    await t.app.services.delivery.flush();
    expect(await publisherStats(t, pod.publisher)).toMatchObject({ impressions: 0 });
  });

  it("refuses a pod or break length that is not a whole number, and zones that are not video zones, saying why", async () => {
    const banner = await liveAd(t);
    const videoZone = await liveAd(t, { zoneSize: nextShape(), format: "video", creativeType: "video", video: video(10) });
    for (const [zone, query, status, detail] of [
      [videoZone.zoneId, "pod=abc", 400, "pod must be a whole number of ads, at least 1"],
      [videoZone.zoneId, "pod=0", 400, "pod must be a whole number of ads, at least 1"],
      [videoZone.zoneId, "pod=2&podDuration=1.5", 400, "podDuration must be a whole number of seconds, at least 1"],
      [banner.zoneId, "pod=2", 404, `Zone ${banner.zoneId} is a banner zone: only video zones have a VAST URL`],
    ] as const) {
      const answer = await loadPod(zone, `https://${videoZone.site.domain}`, query);
      expect({ query, status: answer.status, body: JSON.parse(answer.text) }).toEqual({ query, status, body: { detail } });
    }
  });
});

describe("a zone's breaks", () => {
  it("takes its pod size, break length and mid-roll offsets through both doors, within the server's limits, naming the field it refuses", async () => {
    const ad = await liveAd(t, { zoneSize: nextShape(), format: "video", creativeType: "video", video: video(10) });
    const update = (input: Record<string, unknown>) =>
      t.gql(`mutation($input: UpdateAdZoneInput!) { updateAdZone(id: ${ad.zoneId}, input: $input) { podSize breakSeconds midrollOffsets } }`, { input }, ad.publisher.token);
    expect((await update({ podSize: 4, breakSeconds: 60, midrollOffsets: [300, 600] })).data).toEqual({ updateAdZone: { podSize: 4, breakSeconds: 60, midrollOffsets: [300, 600] } });
    for (const [input, field, message] of [
      [{ podSize: 6 }, "podSize", "Pod size must be from 1 to 5"],
      [{ breakSeconds: 181 }, "breakSeconds", "Break seconds must be from 5 to 180"],
      [{ midrollOffsets: [600, 300] }, "midrollOffsets", "Mid-roll offsets must rise, each later than the one before"],
      [{ midrollOffsets: [0] }, "midrollOffsets", "Mid-roll offsets must be whole seconds from 1 to 43200"],
    ] as const) {
      expect((await update(input)).errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", field } });
    }
    const rest = await t.rest("PUT", `/publisher/ad-zones/${ad.zoneId}`, { token: ad.publisher.token, body: { midroll_offsets: [120], pod_size: 3 } });
    expect({ status: rest.status, offsets: rest.body.midroll_offsets, pod: rest.body.pod_size, breakSeconds: rest.body.break_seconds }).toEqual({ status: 200, offsets: [120], pod: 3, breakSeconds: 60 });
    const refused = await t.rest("PUT", `/publisher/ad-zones/${ad.zoneId}`, { token: ad.publisher.token, body: { pod_size: 9 } });
    expect({ status: refused.status, detail: refused.body.detail }).toEqual({ status: 422, detail: "Pod size must be from 1 to 5" });

    const banner = await liveAd(t);
    const onBanner = await t.gql(`mutation { updateAdZone(id: ${banner.zoneId}, input: { midrollOffsets: [30] }) { id } }`, {}, banner.publisher.token);
    expect(onBanner.errors?.[0]).toMatchObject({ message: "Mid-roll offsets are for video zones; a banner zone has no player to break", extensions: { field: "midrollOffsets" } });
    const zones = (await t.gql(`{ myAdZones { id midrollOffsets vmapUrl } }`, {}, banner.publisher.token)).data!.myAdZones;
    expect(zones).toEqual([{ id: banner.zoneId, midrollOffsets: [], vmapUrl: null }]);
  });
});

/** Yesterday to tomorrow: today in any reporting time zone. */
function aroundToday() {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-1), to: day(1) };
}
