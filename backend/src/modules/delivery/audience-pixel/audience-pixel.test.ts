import { Account, signUp } from "../../../../test/factories";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { NETWORK_VENDOR, tcString } from "../../consent/tc-strings.fixture";
import { trackingKey } from "../counting/offer-token";
import { dayNumber, MembershipReader, membershipsKey, MEMBERSHIPS_COOKIE, openMemberships } from "../../audiences/memberships";

let t: TestApp;
let advertiser: Account;
let visitors: { id: number; window_days: number };
let cartVisitors: { id: number };
let buyers: { id: number };

const SHOP = "https://www.shop.example.com";

beforeAll(async () => {
  t = await startTestApp();
  advertiser = await signUp(t, "advertiser");
  const create = async (body: Record<string, unknown>) => (await t.rest("POST", "/advertiser/audiences", { token: advertiser.token, body: { site_domains: ["shop.example.com"], ...body } })).body;
  visitors = await create({ name: "Visitors", rule: "visited", window_days: 7 });
  cartVisitors = await create({ name: "Cart", rule: "visited_page", page_pattern: "/cart*/checkout", window_days: 30 });
  buyers = await create({ name: "Buyers", rule: "converted", window_days: 90 });
  await t.app.services.delivery.inventory.reload();
});
afterAll(() => t.close());

interface PixelAnswer {
  status: number;
  body: { stored?: boolean; audiences?: number[]; reason?: string; detail?: string };
  cookie: string | null;
}

/** Fires the pixel as audience.js does, with the page's consent signals and the browser's cookie. */
async function fire(params: Record<string, string>, { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {}): Promise<PixelAnswer> {
  const query = new URLSearchParams({ advertiser: String(advertiser.id), page: `${SHOP}/products`, ...params });
  const response = await fetch(`${t.url}/t/audience?${query}`, { headers: { origin: SHOP, referer: `${SHOP}/`, ...(cookie ? { cookie: `${MEMBERSHIPS_COOKIE}=${cookie}` } : {}), ...headers } });
  return { status: response.status, body: (await response.json()) as PixelAnswer["body"], cookie: response.headers.get("set-cookie") };
}

const valueOf = (setCookie: string | null) => /adnet_audiences=([^;]*)/.exec(setCookie ?? "")?.[1] ?? null;
const maxAgeOf = (setCookie: string | null) => Number(/Max-Age=(\d+)/.exec(setCookie ?? "")?.[1]);
const key = () => membershipsKey(trackingKey(t.config.jwtSecret));
const sizes = async () => {
  const { data } = await t.gql<{ myAudiences: { id: number; members: number; joinedToday: number }[] }>("{ myAudiences { id members joinedToday } }", {}, advertiser.token);
  return new Map(data!.myAudiences.map((audience) => [audience.id, audience.members]));
};

describe("the audience pixel where consent allows retargeting", () => {
  it("adds a visitor of a page of the site to the visited audience only, for its window, in a signed cookie", async () => {
    const answer = await fire({});
    expect(answer.body).toEqual({ stored: true, audiences: [visitors.id] });
    expect(answer.cookie).toMatch(/HttpOnly; Secure; SameSite=None/);
    expect(maxAgeOf(answer.cookie)).toBeLessThanOrEqual(visitors.window_days * 86_400);
    expect(maxAgeOf(answer.cookie)).toBeGreaterThan((visitors.window_days - 1) * 86_400);
    const memberships = openMemberships(valueOf(answer.cookie), key())!;
    expect([...memberships.until]).toEqual([[visitors.id, dayNumber(Date.now()) + visitors.window_days - 1]]);
  });

  it("adds a visitor of a page matching the pattern, and a conversion, to those audiences too, keeping the earlier memberships", async () => {
    const first = valueOf((await fire({})).cookie)!;
    const cart = await fire({ page: `${SHOP}/cart/step-2/checkout` }, { cookie: first });
    expect(cart.body.audiences).toEqual([visitors.id, cartVisitors.id]);
    const bought = await fire({ page: `${SHOP}/thanks`, e: "conversion" }, { cookie: valueOf(cart.cookie)! });
    expect(bought.body.audiences).toEqual([visitors.id, buyers.id]);
    expect([...openMemberships(valueOf(bought.cookie), key())!.until.keys()].sort()).toEqual([visitors.id, cartVisitors.id, buyers.id].sort());
  });

  it("stores with a TC string consenting to purposes 1, 3 and 4 for the network", async () => {
    const consented = await fire({ gdpr: "1", gdpr_consent: tcString({ purposes: [1, 3, 4], vendors: [NETWORK_VENDOR] }) });
    expect(consented.body.stored).toBe(true);
  });

  it("counts each visitor once a day towards the audience's size, however often the pixel fires", async () => {
    const before = (await sizes()).get(visitors.id)!;
    const visitor = valueOf((await fire({})).cookie)!;
    await fire({}, { cookie: visitor });
    await fire({}, { cookie: visitor });
    expect((await sizes()).get(visitors.id)).toBe(before + 1);
  });

  it("lets a membership lapse after the audience's window", async () => {
    const cookie = valueOf((await fire({})).cookie)!;
    const reader = new MembershipReader(trackingKey(t.config.jwtSecret));
    const live = () => true;
    const lastDayMs = (dayNumber(Date.now()) + visitors.window_days - 1) * 86_400_000;
    expect(reader.audienceIds(cookie, lastDayMs + 86_399_000, live)).toEqual([visitors.id]);
    expect(reader.audienceIds(cookie, lastDayMs + 86_400_000, live)).toEqual([]);
  });
});

describe("the audience pixel where consent does not allow retargeting", () => {
  const member = async () => valueOf((await fire({})).cookie)!;

  it.each([
    ["GDPR applies and no TC string", { gdpr: "1" }, "GDPR applies and the consent string gives the network no consent to store on the device (TCF purpose 1 and vendor consent)"],
    ["no purpose 1", { gdpr: "1", gdpr_consent: tcString({ purposes: [3, 4], vendors: [NETWORK_VENDOR] }) }, "GDPR applies and the consent string gives the network no consent to store on the device (TCF purpose 1 and vendor consent)"],
    ["purpose 1 without 3 and 4", { gdpr: "1", gdpr_consent: tcString({ purposes: [1], vendors: [NETWORK_VENDOR] }) }, "GDPR applies and the consent string gives the network no consent to personalised ads (TCF purposes 3 and 4), or the visitor opted out"],
    ["purposes 1 and 3 without 4", { gdpr: "1", gdpr_consent: tcString({ purposes: [1, 3], vendors: [NETWORK_VENDOR] }) }, "GDPR applies and the consent string gives the network no consent to personalised ads (TCF purposes 3 and 4), or the visitor opted out"],
    ["Global Privacy Control", { gpc: "1" }, "The visitor opted out of targeted advertising (US Privacy, GPP or Global Privacy Control)"],
    ["a US Privacy opt-out of sale", { us_privacy: "1YYN" }, "The visitor opted out of targeted advertising (US Privacy, GPP or Global Privacy Control)"],
    ["a GPP US Privacy section opting out", { gpp: "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YYN", gpp_sid: "6" }, "The visitor opted out of targeted advertising (US Privacy, GPP or Global Privacy Control)"],
  ])("stores nothing with %s, says why, and forgets the visitor's memberships", async (_case, signals, reason) => {
    const answer = await fire(signals, { cookie: await member() });
    expect(answer.body).toEqual({ stored: false, reason });
    expect(answer.cookie).toMatch(/^adnet_audiences=; Max-Age=0;/);
  });

  it("stores nothing for a browser sending Sec-GPC, and sets no cookie for a visitor who had none", async () => {
    const answer = await fire({}, { headers: { "sec-gpc": "1" } });
    expect(answer.body.stored).toBe(false);
    expect(answer.cookie).toBeNull();
  });
});

describe("a pixel that is not the advertiser's", () => {
  it.each([
    ["a page of another site", { page: "https://rival.example.org/shop" }, {}],
    ["a page of the site sent from another site's frame", {}, { referer: "https://rival.example.org/", origin: "https://rival.example.org" }],
    ["a look-alike domain", { page: "https://shop.example.com.evil.example/" }, { referer: "", origin: "" }],
  ])("is refused from %s with 403, adding nobody", async (_case, params, headers) => {
    const answer = await fire(params, { headers });
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toMatch(/is not one of the site domains of your audiences: nobody was added$/);
    expect(answer.cookie).toBeNull();
  });

  it("is refused without a page, or for an advertiser without audiences, or a malformed one", async () => {
    expect((await fire({ page: "" }, { headers: { referer: "", origin: "" } })).body).toEqual({ detail: "The pixel names no page: fire it from a page of your site, with the script's page parameter" });
    expect(await fire({ advertiser: "999999" })).toMatchObject({ status: 404, body: { detail: "This advertiser has no audiences" } });
    expect(await fire({ advertiser: "1 OR 1=1" })).toMatchObject({ status: 400, body: { detail: "advertiser must be a positive integer" } });
  });
});

describe("deletion on request", () => {
  it("opts a visitor out: their cookie is replaced, and no pixel adds them again", async () => {
    const cookie = valueOf((await fire({})).cookie)!;
    const page = await fetch(`${t.url}/audiences/opt-out`, { headers: { cookie: `${MEMBERSHIPS_COOKIE}=${cookie}` } });
    expect(await page.text()).toContain("Your audience memberships on this browser are deleted.");
    const optedOut = valueOf(page.headers.get("set-cookie"));
    expect(openMemberships(optedOut, key())).toBeNull();
    expect((await fire({}, { cookie: optedOut! })).body).toEqual({ stored: false, reason: "The visitor opted out of audiences at /audiences/opt-out" });
  });

  it("deleting an audience stops the pixel adding to it and its memberships matching", async () => {
    const doomed = (await t.rest("POST", "/advertiser/audiences", { token: advertiser.token, body: { name: "Doomed", rule: "visited", site_domains: ["doomed.example.com"] } })).body;
    await t.app.services.delivery.inventory.reload();
    const cookie = valueOf((await fire({ page: "https://doomed.example.com/" }, { headers: { origin: "", referer: "" } })).cookie)!;
    const reader = new MembershipReader(trackingKey(t.config.jwtSecret));
    const inventory = t.app.services.delivery.inventory;
    expect(reader.audienceIds(cookie, Date.now(), (id) => inventory.isLiveAudience(id))).toEqual([doomed.id]);
    await t.rest("DELETE", `/advertiser/audiences/${doomed.id}`, { token: advertiser.token });
    await inventory.reload();
    expect(reader.audienceIds(cookie, Date.now(), (id) => inventory.isLiveAudience(id))).toEqual([]);
    expect((await fire({ page: "https://doomed.example.com/" }, { headers: { origin: "", referer: "" } })).status).toBe(403);
  });
});
