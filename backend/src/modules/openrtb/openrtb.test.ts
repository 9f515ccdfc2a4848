import { advertiserStats, approvedCampaign, BROWSER_UA, consentGained, createZone, liveAd, uniqueSize, LiveAd, publisherStats, trafficQuality } from "../../../test/ad-fixtures";
import { approvedSite, signInAdmin, signUp } from "../../../test/factories";
import { today } from "../campaigns/campaign-settings";
import { startTestApp, TestApp } from "../../../test/test-app";
import { NETWORK_VENDOR, tcString } from "../consent/tc-strings.fixture";
import { MAX_BID_REQUEST_BYTES } from "./bid-answer";
import { VAST_SCHEMA_REVISION, vastSchemaErrors } from "../../../test/vast-schema";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OFFER_TTL_SECONDS: "10", MIN_CLICK_DELAY_MS: "0" });
});
afterAll(() => t.close());

const CRAWLER_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A Prebid-like request for one banner of the ad's zone on its site's page, with `changes` on top. */
function bidRequest(ad: LiveAd, changes: Record<string, unknown> = {}, imp: Record<string, unknown> = {}) {
  return {
    id: "auction-1",
    imp: [{ id: "slot-1", tagid: String(ad.zoneId), banner: { format: [{ w: 300, h: 250 }] }, bidfloor: 0, bidfloorcur: "USD", ...imp }],
    site: { page: ad.page, domain: ad.site.domain },
    device: { ua: BROWSER_UA, language: "en" },
    tmax: 1000,
    someFutureField: { ignored: true },
    ...changes,
  };
}

/** Posts a bid request from the publisher's page, as Prebid.js does (text/plain, credentialed). */
async function auction(ad: LiveAd | null, body: unknown, contentType = "text/plain") {
  const response = await fetch(`${t.url}/openrtb2/auction`, {
    method: "POST",
    headers: { "content-type": contentType, "user-agent": BROWSER_UA, ...(ad ? { origin: `https://${ad.site.domain}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Fires a bid's notice from the page, as Prebid does when the ad renders (an image request, with the browser's cookies in `cookie`). */
const notice = (url: string, ad: LiveAd, cookie?: string) =>
  fetch(url.replace("${AUCTION_PRICE}", "2.5").replace("${AUCTION_LOSS}", "102"), { headers: { "user-agent": BROWSER_UA, referer: ad.page, ...(cookie ? { cookie } : {}) } });

const reasonCount = async (ad: LiveAd, event: string, reason: string) =>
  (await trafficQuality(t, ad.admin)).byReason.find((row) => row.event === event && row.reason === reason)?.events ?? 0;

it("bids the publisher's net in USD with the creative's tracked markup, and counts and bills the impression once when burl is called", async () => {
  // A $4 CPM pays the publisher $2.80 per thousand at the default 70% share: what the bid offers.
  const ad = await liveAd(t, { cpm: 4 });
  const { status, headers, body } = await auction(ad, bidRequest(ad));
  expect(status).toBe(200);
  expect(headers.get("access-control-allow-origin")).toBe(`https://${ad.site.domain}`);
  expect(headers.get("access-control-allow-credentials")).toBe("true");
  expect(body).toMatchObject({ id: "auction-1", cur: "USD", seatbid: [{ seat: "adnet" }] });
  const [bid] = body.seatbid[0].bid;
  expect(bid).toMatchObject({ impid: "slot-1", price: 2.8, crid: String(ad.creativeId), adomain: ["example.com"], mtype: 1, exp: 10 });
  expect(bid.adm).toContain("https://cdn.example.com/banner.png");
  expect(bid.adm).toContain(`${t.url}/t/c?d=`);
  expect(bid.burl).toContain("${AUCTION_PRICE}");
  expect(bid.lurl).toContain("${AUCTION_LOSS}");

  await t.app.services.delivery.flush();
  expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 0, spend: 0 });

  expect((await notice(bid.burl, ad)).status).toBeLessThan(300);
  const second = await notice(bid.burl, ad);
  expect(second.status).toBeLessThan(500);
  await t.app.services.delivery.flush();
  expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 1, spend: 0.004 });
  expect(await publisherStats(t, ad.publisher)).toMatchObject({ impressions: 1, revenue: 0.0028, balance: 0.0028 });
  expect(await reasonCount(ad, "impression", "replay")).toBeGreaterThanOrEqual(1);

  // The publisher's report tells header bidding apart: one bid request, one bid, one win.
  const report = await t.gql(
    `query ($input: ReportInput!) { publisherReport(input: $input) { totals { requests bidRequests bids wins winRate } } }`,
    { input: { from: today(), to: today() } },
    ad.publisher.token,
  );
  expect(report.data?.publisherReport.totals).toEqual({ requests: 1, bidRequests: 1, bids: 1, wins: 1, winRate: 100 });
});

it("bills nothing for a forged burl or one called after the bid's exp", async () => {
  const ad = await liveAd(t, { cpm: 4 });
  const [bid] = (await auction(ad, bidRequest(ad))).body.seatbid[0].bid;
  const forged = bid.burl.replace(/\.([\w-]{22})&/, ".AAAAAAAAAAAAAAAAAAAAAA&");
  expect((await notice(forged, ad)).status).toBeLessThan(500);

  const realNow = Date.now;
  const later = jest.spyOn(Date, "now").mockImplementation(() => realNow() + (bid.exp + 1) * 1000);
  try {
    expect((await notice(bid.burl, ad)).status).toBeLessThan(500);
  } finally {
    later.mockRestore();
  }
  await t.app.services.delivery.flush();
  expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 0, spend: 0 });
  expect(await reasonCount(ad, "impression", "expired")).toBeGreaterThanOrEqual(1);
});

it("bids on a test request but never bills it", async () => {
  const ad = await liveAd(t, { cpm: 4 });
  const [bid] = (await auction(ad, bidRequest(ad, { test: 1 }), "application/json")).body.seatbid[0].bid;
  expect(bid.price).toBe(2.8);
  expect((await notice(bid.burl, ad)).status).toBe(204);
  await t.app.services.delivery.flush();
  expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 0, spend: 0 });
});

it("records a lost bid from its lurl and refuses a forged one", async () => {
  const ad = await liveAd(t, { cpm: 4 });
  const [bid] = (await auction(ad, bidRequest(ad))).body.seatbid[0].bid;
  expect((await notice(bid.lurl, ad)).status).toBe(204);
  expect((await notice(bid.lurl.replace("d=", "d=x"), ad)).status).toBe(400);
  await t.app.services.delivery.flush();
  expect(await reasonCount(ad, "impression", "auction_lost")).toBeGreaterThanOrEqual(1);
  // The publisher sees the loss and the price that won ($2.50 CPM, from the notice's macro).
  const report = await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { totals { bids wins losses lossCpm } } }`, { input: { from: today(), to: today() } }, ad.publisher.token);
  expect(report.data?.publisherReport.totals).toEqual({ bids: 1, wins: 0, losses: 1, lossCpm: 2.5 });
});

it(`answers a video impression of a video zone with the creative's VAST, valid by IAB's schema (revision ${VAST_SCHEMA_REVISION}), and its tracking`, async () => {
  const ad = await liveAd(t, { zoneSize: [640, 370], format: "video", creativeType: "video", video: { url: "https://cdn.example.com/spot.webm", durationSeconds: 15 } });
  const request = bidRequest(ad, {}, { banner: undefined, video: { mimes: ["video/webm"], w: 640, h: 370 } });
  const [bid] = (await auction(ad, request)).body.seatbid[0].bid;
  expect(bid).toMatchObject({ mtype: 2, w: 640, h: 370 });
  expect(bid.adm).toMatch(/<VAST [^>]*version="4.2"/);
  expect(vastSchemaErrors(bid.adm)).toBe("");
  expect(bid.adm).toContain("https://cdn.example.com/spot.webm");
  expect(bid.adm).toContain(`${t.url}/t/i?d=`);
  expect((await auction(ad, bidRequest(ad))).body).toMatchObject({ nbr: 2 });
});

it("reads consent in both OpenRTB places: where GDPR applies without storage consent, a campaign with frequency caps does not bid", async () => {
  const ad = await liveAd(t, { cpm: 4, frequencyCaps: [{ count: 3, per: "day" }] });
  const refused = tcString({ purposes: [], vendors: [] });
  const granted = tcString({ purposes: [1, 2, 3, 4], vendors: [NETWORK_VENDOR] });
  expect((await auction(ad, bidRequest(ad, { regs: { gdpr: 1 }, user: { consent: refused } }))).status).toBe(204);
  expect((await auction(ad, bidRequest(ad, { regs: { ext: { gdpr: 1 } }, user: { ext: { consent: refused } } }))).status).toBe(204);
  expect((await auction(ad, bidRequest(ad, { regs: { gdpr: 1 } }))).status).toBe(204);
  expect((await auction(ad, bidRequest(ad, { regs: { gdpr: 1 }, user: { consent: granted } }))).status).toBe(200);
  expect((await auction(ad, bidRequest(ad, { regs: { ext: { gdpr: 1 } }, user: { ext: { consent: granted } } }))).status).toBe(200);
  expect((await auction(ad, bidRequest(ad, { regs: { gdpr: 0 } }))).status).toBe(200);
  expect((await auction(null, bidRequest(ad, { regs: { gdpr: "yes" } }))).body).toEqual({ detail: "regs.gdpr must be a number" });
});

describe("the billing notice of a won bid, under the bid request's consent", () => {
  let capped: LiveAd;
  let uncapped: LiveAd;
  /** The network's cookie of a visitor it knows, as a burl of a request without privacy signals set it. */
  let knownVisitor: string;
  beforeAll(async () => {
    capped = await liveAd(t, { cpm: 4, frequencyCaps: [{ count: 100, per: "day" }] });
    uncapped = await liveAd(t, { cpm: 4 });
    const [bid] = (await auction(capped, bidRequest(capped))).body.seatbid[0].bid;
    knownVisitor = /^adnet_visitor=[^;]+/.exec((await notice(bid.burl, capped)).headers.get("set-cookie") ?? "")![0];
  });

  /** Wins a bid for `changes` and fires its burl from a browser that has the network's cookie: what the burl answered, and which consent states it counted. */
  async function billed(ad: LiveAd, changes: Record<string, unknown>) {
    const { result, counted } = await consentGained(t, ad.admin, async () => {
      const [bid] = (await auction(ad, bidRequest(ad, changes))).body.seatbid[0].bid;
      const answer = await notice(bid.burl, ad, knownVisitor);
      return { bid, status: answer.status, setCookie: answer.headers.get("set-cookie"), body: await answer.text() };
    });
    return { ...result, counted };
  }

  it("counts GDPR without consent as gdpr_no_consent, and neither reads nor sets the network's cookie, on the burl nor on the click", async () => {
    const { bid, ...answer } = await billed(uncapped, { regs: { gdpr: 1 } });
    expect(answer).toMatchObject({ status: 204, setCookie: null, counted: { gdpr_no_consent: 1 } });
    const clickUrl = /href="([^"]+)"/.exec(bid.adm)![1].replace(/&amp;/g, "&");
    const click = await fetch(clickUrl, { redirect: "manual", headers: { "user-agent": BROWSER_UA, referer: uncapped.page, cookie: knownVisitor } });
    expect(click.status).toBe(302);
    expect(click.headers.get("set-cookie")).toBeNull();
  });

  it("counts a US Privacy opt-out (us_privacy 1YYN) as opted_out: the network's cookie neither read nor set, the caps kept in the page's own copy", async () => {
    for (const regs of [{ us_privacy: "1YYN" }, { ext: { us_privacy: "1YYN" } }]) {
      const { body, ...answer } = await billed(capped, { regs });
      expect({ regs, ...answer }).toMatchObject({ regs, status: 200, setCookie: null, counted: { opted_out: 1 } });
      // The cookie it came with was not read: the answer carries a history of the page's own.
      expect(JSON.parse(body).history).toEqual(expect.any(String));
    }
  });

  it("reads Prebid's regs.ext.gpc (Global Privacy Control) as an opt-out, and refuses a gpc that is not a flag", async () => {
    const answer = await billed(capped, { regs: { ext: { gpc: "1" } } });
    expect(answer).toMatchObject({ status: 200, setCookie: null, counted: { opted_out: 1 } });
    expect((await billed(capped, { regs: { ext: { gpc: "0" } } })).counted).toEqual({ not_applicable: 1 });
    expect((await auction(null, bidRequest(capped, { regs: { ext: { gpc: "yes" } } }))).body).toEqual({ detail: 'regs.ext.gpc must be "1" or "0"' });
  });

  it("counts a TCF string with storage consent as gdpr_consented, and keeps the network's cookie", async () => {
    const consent = tcString({ purposes: [1, 2, 3, 4], vendors: [NETWORK_VENDOR] });
    const answer = await billed(capped, { regs: { gdpr: 1 }, user: { consent } });
    expect(answer).toMatchObject({ status: 204, counted: { gdpr_consented: 1 } });
    expect(answer.setCookie).toMatch(/^adnet_visitor=/);
  });

  it("bills nothing when the consent in the burl is edited: the offer's signature covers it", async () => {
    const [bid] = (await auction(capped, bidRequest(capped, { regs: { us_privacy: "1YYN" } }))).body.seatbid[0].bid;
    const widened = bid.burl.replace(/\.O\d\./, ".A7.");
    expect(widened).not.toBe(bid.burl);
    await t.app.services.delivery.flush();
    const before = await reasonCount(capped, "impression", "bad_signature");
    const answer = await notice(widened, capped, knownVisitor);
    expect(answer.headers.get("set-cookie")).toBeNull();
    await t.app.services.delivery.flush();
    expect(await reasonCount(capped, "impression", "bad_signature")).toBe(before + 1);
  });
});

it("answers a native impression with a Native 1.2 response of the assets asked for, the click tracked", async () => {
  const admin = await signInAdmin(t);
  const publisher = await signUp(t, "publisher");
  const advertiser = await signUp(t, "advertiser", { full_name: "Acme Outdoor" });
  const site = await approvedSite(t, publisher, admin);
  const zoneId = await createZone(t, publisher, site.id, uniqueSize(), "native");
  const { campaignId } = await approvedCampaign(t, advertiser, admin, { creativeSize: uniqueSize() });
  const created = await t.gql(`mutation($input: CreateCreativeInput!) { createCreative(input: $input) { id } }`, {
    input: { campaignId, name: "Tents", type: "native", contentUrl: "https://cdn.example.com/tent.jpg", clickUrl: "https://shop.example.com/tents", width: 1200, height: 627, native: { headline: "Tents that pitch in a minute", body: "Light and warm.", callToAction: "Shop tents", price: 129, currency: "EUR", rating: 4.5 } },
  }, advertiser.token);
  await t.gql(`mutation { approveCreative(id: ${created.data!.createCreative.id}) { status } }`, {}, admin.token);
  await t.app.services.delivery.inventory.reload();
  const ad = { site, zoneId, page: `https://${site.domain}/feed` } as LiveAd;
  const nativeRequest = { ver: "1.2", assets: [{ id: 1, required: 1, title: { len: 90 } }, { id: 2, required: 1, img: { type: 3, wmin: 300 } }, { id: 3, data: { type: 1 } }, { id: 4, img: { type: 1 } }, { id: 5, data: { type: 6 } }, { id: 6, data: { type: 3 } }] };
  const [bid] = (await auction(ad, bidRequest(ad, {}, { banner: undefined, native: { request: JSON.stringify(nativeRequest), ver: "1.2" } }))).body.seatbid[0].bid;
  expect(bid.mtype).toBe(4);
  const response = JSON.parse(bid.adm);
  expect(response.assets).toEqual([
    { id: 1, title: { text: "Tents that pitch in a minute" } },
    { id: 2, img: { url: "https://cdn.example.com/tent.jpg", w: 1200, h: 627 } },
    { id: 3, data: { value: "Acme Outdoor" } },
    // A promoted listing's price with its currency's sign, and its rating out of 5 (Native 1.2 data types 6 and 3).
    { id: 5, data: { value: "€129.00" } },
    { id: 6, data: { value: "4.5" } },
  ]);
  expect(response.link.url).toContain(`${t.url}/t/c?d=`);

  const needsVideo = { ver: "1.2", assets: [{ id: 1, required: 1, video: { mimes: ["video/mp4"] } }] };
  expect((await auction(ad, bidRequest(ad, {}, { banner: undefined, native: { request: JSON.stringify(needsVideo) } }))).status).toBe(204);
  expect((await auction(ad, bidRequest(ad, {}, { native: { request: "{" } }))).body).toEqual({ detail: "imp[0].native.request is not JSON" });
});

describe("no bid", () => {
  let ad: LiveAd;
  beforeAll(async () => {
    ad = await liveAd(t, { cpm: 4 });
  });

  it("answers 204 when the floor is above what the publisher would earn", async () => {
    expect((await auction(ad, bidRequest(ad, {}, { bidfloor: 2.81 }))).status).toBe(204);
    expect((await auction(ad, bidRequest(ad, {}, { bidfloor: 2.8 }))).status).toBe(200);
  });

  it("takes a site.domain with the page's port, as Prebid sends it", async () => {
    const answer = await auction(ad, bidRequest(ad, { site: { page: ad.page, domain: `${ad.site.domain}:8443` } }));
    expect(answer.status).toBe(200);
    expect(answer.body.seatbid?.[0]?.bid).toHaveLength(1);
  });

  it("refuses a floor in another currency with a no-bid reason", async () => {
    expect(await auction(ad, bidRequest(ad, {}, { bidfloor: 1, bidfloorcur: "EUR" }))).toMatchObject({ status: 200, body: { id: "auction-1", nbr: 2 } });
  });

  it("refuses a page or domain of another site, and a zone of a site no longer approved, as a blocked site", async () => {
    expect((await auction(ad, bidRequest(ad, { site: { page: "https://elsewhere.example.org/a" } }))).body).toMatchObject({ nbr: 7 });
    expect((await auction(ad, bidRequest(ad, { site: { page: ad.page, domain: "elsewhere.example.org" } }))).body).toMatchObject({ nbr: 7 });
    expect((await auction(ad, bidRequest(ad, { site: { page: ad.page, domain: "elsewhere.example.org:8443" } }))).body).toMatchObject({ nbr: 7 });
    const publisher = await signUp(t, "publisher");
    const rejected = await approvedSite(t, publisher, ad.admin);
    const zoneId = await createZone(t, publisher, rejected.id, [300, 250]);
    const rejection = await t.gql(`mutation { rejectSite(id: ${rejected.id}, reason: "Not the site it claims") { status } }`, {}, ad.admin.token);
    expect(rejection.errors).toBeUndefined();
    await t.app.services.delivery.inventory.reload();
    const onRejected = bidRequest(ad, { site: { page: `https://${rejected.domain}/a`, domain: rejected.domain } }, { tagid: String(zoneId) });
    expect((await auction(null, onRejected)).body).toMatchObject({ nbr: 7 });
    expect((await auction(ad, bidRequest(ad, {}, { tagid: "999999" }))).body).toMatchObject({ nbr: 7 });
  });

  it("refuses a crawler's user agent", async () => {
    expect((await auction(ad, bidRequest(ad, { device: { ua: CRAWLER_UA } }))).body).toMatchObject({ nbr: 3 });
  });

  it("leaves out campaigns of blocked categories and advertiser domains", async () => {
    expect((await auction(ad, bidRequest(ad, { badv: ["example.com"] }))).status).toBe(204);
    const gambling = await liveAd(t, { cpm: 4, category: "gambling" });
    const [bid] = (await auction(gambling, bidRequest(gambling))).body.seatbid[0].bid;
    expect(bid.cat).toEqual(["IAB9-7"]);
    expect((await auction(gambling, bidRequest(gambling, { bcat: ["IAB9"] }))).status).toBe(204);
    expect((await auction(gambling, bidRequest(gambling, { bcat: ["IAB13"] }))).status).toBe(200);
  });
});

describe("bad input", () => {
  it("answers 400 with a reason for malformed JSON and wrong types, and 413 for an oversized body", async () => {
    expect(await auction(null, "{not json")).toMatchObject({ status: 400, body: { detail: "The bid request is not JSON" } });
    expect(await auction(null, { id: "a", imp: [{ id: 1 }] })).toMatchObject({ status: 400, body: { detail: "imp[0].id must be a string" } });
    expect(await auction(null, { id: "a", imp: [{ id: "1", bidfloor: "2" }] })).toMatchObject({ status: 400, body: { detail: "imp[0].bidfloor must be a number" } });
    expect(await auction(null, { id: "a", imp: [] })).toMatchObject({ status: 400, body: { detail: "imp must hold at least one impression" } });
    const oversized = await auction(null, { id: "a", imp: [{ id: "1" }], padding: "x".repeat(MAX_BID_REQUEST_BYTES) });
    expect(oversized.status).toBe(413);
    expect(oversized.body.detail).toMatch(/at most/);
  });

  it("answers Prebid's preflight with the page's origin and credentials", async () => {
    const response = await fetch(`${t.url}/openrtb2/auction`, { method: "OPTIONS", headers: { origin: "https://news.example", "access-control-request-method": "POST" } });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://news.example");
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
  });
});
