import { approvedCampaign, BROWSER_UA, LiveAd, liveAd } from "../../../test/ad-fixtures";
import { signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { tcString } from "../consent/tc-strings.fixture";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const TWICE_A_DAY = [{ count: 2, per: "day" }];

/** A zone where a capped campaign at $8 outbids an uncapped one at $2 of another advertiser. */
async function cappedAndFiller(): Promise<LiveAd & { fillerId: number }> {
  const ad = await liveAd(t, { cpm: 8, frequencyCaps: TWICE_A_DAY });
  const fillerAdvertiser = await signUp(t, "advertiser");
  const filler = await approvedCampaign(t, fillerAdvertiser, ad.admin, { cpm: 2, zoneSize: zoneSizeOf(ad) });
  await t.app.services.delivery.inventory.reload();
  return { ...ad, fillerId: filler.campaignId };
}

function zoneSizeOf(ad: LiveAd): [number, number] {
  const zone = t.app.services.delivery.inventory.zone(ad.zoneId)!;
  return [zone.width, zone.height];
}

/** What the network script sends: the page, the cookie the browser keeps for the ad server, the page's copy of the history. */
interface Browser {
  cookie?: string;
  history?: string;
  nocap?: boolean;
  /** The privacy signals the tag read from the page's CMP, as query parameters (gdpr=1&gdpr_consent=…). */
  consent?: string;
  origin?: string;
  /** Campaigns the page shows whose beacons are not answered yet. */
  shown?: number[];
}

function headersOf(browser: Browser): Record<string, string> {
  return { "user-agent": BROWSER_UA, ...(browser.cookie ? { cookie: `adnet_visitor=${browser.cookie}` } : {}), ...(browser.origin ? { origin: browser.origin } : {}) };
}

const historyParams = (browser: Browser) =>
  `${browser.history ? `&h=${encodeURIComponent(browser.history)}` : ""}${browser.nocap ? "&nocap=1" : ""}${browser.consent ? `&${browser.consent}` : ""}${browser.shown ? `&shown=${browser.shown.join(",")}` : ""}`;

async function serve(ad: LiveAd, browser: Browser) {
  const response = await fetch(`${t.url}/serve?zone=${ad.zoneId}&page=${encodeURIComponent(ad.page)}${historyParams(browser)}`, { headers: headersOf(browser) });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { fill: boolean; impressionUrl?: string; creative?: { id: number } };
  // The offer token names the campaign: offerId.zone.campaign...
  const campaignId = body.fill ? Number(new URL(body.impressionUrl!).searchParams.get("d")!.split(".")[2]) : null;
  return { ...body, campaignId, headers: response.headers };
}

/** Shows the ad, as the tag's beacon does, and keeps what the answer tells the browser to keep. */
async function view(ad: LiveAd, browser: Browser, { keepCookie = true } = {}) {
  const served = await serve(ad, browser);
  const response = await fetch(`${served.impressionUrl}${historyParams(browser)}`, { method: "POST", headers: headersOf(browser) });
  const setCookie = response.headers.get("set-cookie");
  const cookie = /^adnet_visitor=([^;]+)/.exec(setCookie ?? "")?.[1];
  const history = response.status === 200 ? ((await response.json()) as { history: string }).history : undefined;
  return {
    campaignId: served.campaignId,
    status: response.status,
    setCookie,
    browser: { ...browser, ...(keepCookie && cookie ? { cookie } : {}), ...(history ? { history } : {}) },
  };
}

describe("a cap of 2 per day", () => {
  it("with the ad server's cookie: two impressions, then the other campaign fills for that visitor only", async () => {
    const ad = await cappedAndFiller();
    const first = await view(ad, {});
    expect(first.campaignId).toBe(ad.campaignId);
    expect(first.setCookie).toMatch(/^adnet_visitor=[\w-]{16}\.\d+\.\d+:[\d:]+\.[\w-]{22}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=None$/);
    expect(Number(/Max-Age=(\d+)/.exec(first.setCookie!)![1])).toBe(395 * 86_400);
    const second = await view(ad, { cookie: first.browser.cookie });
    expect(second.campaignId).toBe(ad.campaignId);
    // The cookie came back: third-party storage works, the page keeps nothing.
    expect(second.status).toBe(204);
    for (let i = 0; i < 3; i++) expect((await serve(ad, { cookie: second.browser.cookie })).campaignId).toBe(ad.fillerId);
    // Another visitor, and the same one without its cookie, still get the capped campaign.
    expect((await serve(ad, {})).campaignId).toBe(ad.campaignId);
  });

  it("with the page's own copy when third-party cookies are blocked", async () => {
    const ad = await cappedAndFiller();
    const first = await view(ad, {}, { keepCookie: false });
    expect(first.campaignId).toBe(ad.campaignId);
    expect(first.status).toBe(200);
    const second = await view(ad, { history: first.browser.history }, { keepCookie: false });
    expect(second.campaignId).toBe(ad.campaignId);
    expect((await serve(ad, { history: second.browser.history })).campaignId).toBe(ad.fillerId);
    // The page's copy has an identifier of its own, not the network's.
    expect(first.browser.history!.split(".")[0]).not.toBe(/^adnet_visitor=([\w-]+)/.exec(first.setCookie!)![1]);
  });

  it("holds across the zones of one page, which name the ads they show before their beacons are answered", async () => {
    const ad = await cappedAndFiller();
    const first = await serve(ad, {});
    expect(first).toMatchObject({ fill: true, campaignId: ad.campaignId });
    expect((await serve(ad, { shown: [ad.campaignId] })).campaignId).toBe(ad.campaignId);
    expect((await serve(ad, { shown: [ad.campaignId, ad.fillerId, ad.campaignId] })).campaignId).toBe(ad.fillerId);
    // Counted once in the history and shown once more on the page: two.
    const { browser } = await view(ad, {});
    expect((await serve(ad, { ...browser, shown: [ad.campaignId] })).campaignId).toBe(ad.fillerId);
    // A list that is not the tag's is ignored.
    expect((await serve(ad, { ...browser, shown: ["x", 1] as never })).campaignId).toBe(ad.campaignId);
  });

  it("counts only counted impressions: a replayed beacon moves nothing", async () => {
    const ad = await cappedAndFiller();
    const served = await serve(ad, {});
    const beacon = () => fetch(served.impressionUrl!, { method: "POST", headers: headersOf({}) });
    const counted = await beacon();
    const cookie = /^adnet_visitor=([^;]+)/.exec(counted.headers.get("set-cookie")!)![1];
    const replay = await fetch(served.impressionUrl!, { method: "POST", headers: headersOf({ cookie }) });
    expect(replay.status).toBe(204);
    expect(replay.headers.get("set-cookie")).toBeNull();
    expect((await serve(ad, { cookie })).campaignId).toBe(ad.campaignId);
  });
});

describe("a history the ad server did not sign", () => {
  it("is ignored: uncapped campaigns fill, capped ones do not serve, and nothing fails", async () => {
    const ad = await cappedAndFiller();
    const { browser } = await view(ad, {});
    const lowered = browser.cookie!.replace(/:1:1:1:1\./, ":0:0:0:0.");
    expect(lowered).not.toBe(browser.cookie);
    for (const forged of [lowered, "forged", "a.b.c.d", "x".repeat(4000)]) {
      expect((await serve(ad, { cookie: forged })).campaignId).toBe(ad.fillerId);
      expect((await serve(ad, { history: forged })).campaignId).toBe(ad.fillerId);
    }
  });

  it("is replaced by an empty one at the next counted impression, so a mangled cookie does not shut capped ads out for 13 months", async () => {
    const ad = await cappedAndFiller();
    const mangled = await view(ad, { cookie: "mangled", history: "mangled" });
    expect(mangled.campaignId).toBe(ad.fillerId);
    expect(mangled.browser.cookie).not.toBe("mangled");
    expect((await serve(ad, { cookie: mangled.browser.cookie })).campaignId).toBe(ad.campaignId);
    expect((await serve(ad, { history: mangled.browser.history })).campaignId).toBe(ad.campaignId);
    // A readable history is left alone by an uncapped impression.
    const uncapped = await liveAd(t);
    const served = await serve(uncapped, { cookie: mangled.browser.cookie });
    const beacon = await fetch(served.impressionUrl!, { method: "POST", headers: headersOf({ cookie: mangled.browser.cookie }) });
    expect(beacon.status).toBe(204);
    expect(beacon.headers.get("set-cookie")).toBeNull();
  });
});

describe("a page whose consent signal refuses storage", () => {
  it("gets no capped campaign, and its beacons keep nothing", async () => {
    const ad = await cappedAndFiller();
    const withheld = await view(ad, { nocap: true });
    expect(withheld.campaignId).toBe(ad.fillerId);
    expect(withheld.status).toBe(204);
    expect(withheld.setCookie).toBeNull();
    // Without consent the capped campaign does not serve even with a good history.
    const { browser } = await view(ad, {});
    expect((await serve(ad, { ...browser, nocap: true })).campaignId).toBe(ad.fillerId);
  });

  it("leaves the zone unfilled when only capped campaigns fit it", async () => {
    const ad = await liveAd(t, { frequencyCaps: TWICE_A_DAY });
    expect((await serve(ad, { nocap: true })).fill).toBe(false);
    expect((await serve(ad, {})).fill).toBe(true);
  });
});

describe("a page whose CMP answers", () => {
  const consented = `gdpr=1&gdpr_consent=${tcString({ purposes: [1, 3, 4], vendors: [] })}`;
  const refused = `gdpr=1&gdpr_consent=${tcString({ purposes: [2], vendors: [] })}`;

  it("without consent to store: an ad, but no capped campaign, no cookie read or set, no history kept", async () => {
    const ad = await cappedAndFiller();
    const { browser } = await view(ad, {});
    const withheld = await view(ad, { ...browser, consent: refused });
    expect(withheld.campaignId).toBe(ad.fillerId);
    expect(withheld.status).toBe(204);
    expect(withheld.setCookie).toBeNull();
    for (const consent of ["gdpr=1", "gdpr=1&gdpr_consent=%%%garbage", `gpp=DBABMA~${tcString({ purposes: [], vendors: [] })}&gpp_sid=2`]) {
      expect((await serve(ad, { consent })).campaignId).toBe(ad.fillerId);
    }
  });

  it("with consent: caps work as without a CMP", async () => {
    const ad = await cappedAndFiller();
    const first = await view(ad, { consent: consented });
    expect(first.campaignId).toBe(ad.campaignId);
    expect(first.setCookie).toMatch(/^adnet_visitor=/);
    const second = await view(ad, first.browser);
    expect(second.campaignId).toBe(ad.campaignId);
    expect((await serve(ad, second.browser)).campaignId).toBe(ad.fillerId);
  });

  it("with a US opt-out or Global Privacy Control: caps kept in the page's copy, no cross-site cookie", async () => {
    const ad = await cappedAndFiller();
    for (const consent of ["gpc=1", "us_privacy=1YYN"]) {
      const first = await view(ad, { consent, cookie: "stale" });
      expect(first.campaignId).toBe(ad.campaignId);
      expect(first.setCookie).toBeNull();
      expect(first.browser.history).toEqual(expect.any(String));
      const second = await view(ad, { consent, history: first.browser.history });
      expect(second.campaignId).toBe(ad.campaignId);
      expect((await serve(ad, { consent, history: second.browser.history })).campaignId).toBe(ad.fillerId);
    }
  });
});

describe("the tag's credentialed requests", () => {
  it("are answered to the page's origin, with credentials allowed", async () => {
    const ad = await cappedAndFiller();
    const origin = `https://${ad.site.domain}`;
    const served = await serve(ad, { origin });
    expect(served.headers.get("access-control-allow-origin")).toBe(origin);
    expect(served.headers.get("access-control-allow-credentials")).toBe("true");
    const beacon = await fetch(served.impressionUrl!, { method: "POST", headers: headersOf({ origin }) });
    expect(beacon.headers.get("access-control-allow-origin")).toBe(origin);
    expect(beacon.headers.get("access-control-allow-credentials")).toBe("true");
  });
});

describe("the campaign's caps", () => {
  it("are set at creation through both doors and shown on the campaign", async () => {
    const advertiser = await signUp(t, "advertiser");
    const created = await t.gql(
      `mutation { createCampaign(input: {name: "Capped", budget: 500, cpm: 4, frequencyCaps: [{count: 2, per: "day"}, {count: 5, per: "week"}]}) { frequencyCaps { count per } } }`,
      {},
      advertiser.token,
    );
    expect(created.data).toEqual({ createCampaign: { frequencyCaps: [{ count: 2, per: "day" }, { count: 5, per: "week" }] } });
    const rest = await t.rest("POST", "/advertiser/campaigns", { token: advertiser.token, body: { name: "Capped", budget: 500, cpm: 4, frequency_caps: [{ count: 1, per: "hour" }] } });
    expect(rest).toMatchObject({ status: 201, body: { frequency_caps: [{ count: 1, per: "hour" }] } });
    const uncapped = await t.rest("POST", "/advertiser/campaigns", { token: advertiser.token, body: { name: "Free", budget: 500, cpm: 4 } });
    expect(uncapped.body.frequency_caps).toEqual([]);
  });

  it("are refused when impossible, naming the cap's field, and nothing is saved", async () => {
    const advertiser = await signUp(t, "advertiser");
    const zero = await t.gql(`mutation { createCampaign(input: {name: "Zero", budget: 500, cpm: 4, frequencyCaps: [{count: 0, per: "day"}]}) { id } }`, {}, advertiser.token);
    expect(zero.errors?.[0]).toMatchObject({ message: "A frequency cap allows from 1 to 1000 impressions", extensions: { code: "BAD_USER_INPUT", field: "frequencyCaps[0].count" } });
    const twice = await t.rest("POST", "/advertiser/campaigns", {
      token: advertiser.token,
      body: { name: "Twice", budget: 500, cpm: 4, frequency_caps: [{ count: 2, per: "day" }, { count: 3, per: "day" }] },
    });
    expect(twice).toEqual({ status: 422, body: { detail: "There is already a cap per day: one cap per period" } });
    const monthly = await t.rest("POST", "/advertiser/campaigns", { token: advertiser.token, body: { name: "Monthly", budget: 500, cpm: 4, frequency_caps: [{ count: 2, per: "month" }] } });
    expect(monthly).toEqual({ status: 422, body: { detail: "A frequency cap is per hour, day, week, flight" } });
    expect((await t.rest("GET", "/advertiser/campaigns", { token: advertiser.token })).body).toEqual([]);
  });
});
