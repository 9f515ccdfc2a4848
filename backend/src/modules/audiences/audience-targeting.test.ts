import { approvedCampaign, BROWSER_UA, liveAd, type LiveAd } from "../../../test/ad-fixtures";
import { Account, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { NETWORK_VENDOR, tcString } from "../consent/tc-strings.fixture";
import { MEMBERSHIPS_COOKIE } from "./memberships";

let t: TestApp;
/** A retargeting campaign at $8 beside another advertiser's filler at $2 on the same zone. */
let ad: LiveAd;
let fillerId: number;
let shoppers: { id: number };
let buyers: { id: number };

const SHOP = "https://shop.example.com";

const createAudience = async (advertiser: Account, name: string, rule = "visited") =>
  (await t.rest("POST", "/advertiser/audiences", { token: advertiser.token, body: { name, rule, site_domains: ["shop.example.com"] } })).body as { id: number };
const setAudiences = (audiences: unknown, account: Account = ad.advertiser) => t.rest("PUT", `/advertiser/campaigns/${ad.campaignId}`, { token: account.token, body: { audiences } });

beforeAll(async () => {
  t = await startTestApp();
  ad = await liveAd(t, { cpm: 8 });
  const zone = t.app.services.delivery.inventory.zone(ad.zoneId)!;
  fillerId = (await approvedCampaign(t, await signUp(t, "advertiser"), ad.admin, { cpm: 2, zoneSize: [zone.width, zone.height] })).campaignId;
  shoppers = await createAudience(ad.advertiser, "Shoppers");
  buyers = await createAudience(ad.advertiser, "Buyers", "converted");
  await t.app.services.delivery.inventory.reload();
});
afterAll(() => t.close());

/** A visitor's memberships as the pixel leaves them in the browser. */
async function member(params: Record<string, string> = {}): Promise<string> {
  const query = new URLSearchParams({ advertiser: String(ad.advertiser.id), page: `${SHOP}/`, ...params });
  const response = await fetch(`${t.url}/t/audience?${query}`, { headers: { origin: SHOP } });
  return /adnet_audiences=([^;]*)/.exec(response.headers.get("set-cookie") ?? "")![1];
}

/** The campaign that fills the zone for a visitor with these memberships and consent signals. */
async function servedTo(cookie: string | null, consent = ""): Promise<number | null> {
  const response = await fetch(`${t.url}/serve?zone=${ad.zoneId}&page=${encodeURIComponent(ad.page)}${consent}`, {
    headers: { "user-agent": BROWSER_UA, ...(cookie ? { cookie: `${MEMBERSHIPS_COOKIE}=${cookie}` } : {}) },
  });
  const body = (await response.json()) as { fill: boolean; impressionUrl?: string };
  return body.fill ? Number(new URL(body.impressionUrl!).searchParams.get("d")!.split(".")[2]) : null;
}

const withAudiences = async (audiences: unknown) => {
  expect((await setAudiences(audiences)).status).toBe(200);
  await t.app.services.delivery.inventory.reload();
};

describe("a campaign targeting an audience", () => {
  beforeAll(() => withAudiences({ include: [shoppers.id] }));

  it("shows to the audience's members, and to nobody else", async () => {
    const shopper = await member();
    expect(await servedTo(shopper)).toBe(ad.campaignId);
    expect(await servedTo(null)).toBe(fillerId);
    expect(await servedTo(await member({ e: "conversion" }).then(() => "not-a-signed-cookie"))).toBe(fillerId);
  });

  it("never shows where the ad request's consent does not allow retargeting, whatever the cookie holds", async () => {
    const shopper = await member();
    expect(await servedTo(shopper, `&gdpr=1&gdpr_consent=${tcString({ purposes: [1, 3, 4], vendors: [NETWORK_VENDOR] })}`)).toBe(ad.campaignId);
    expect(await servedTo(shopper, `&gdpr=1&gdpr_consent=${tcString({ purposes: [1], vendors: [NETWORK_VENDOR] })}`)).toBe(fillerId);
    expect(await servedTo(shopper, "&gpc=1")).toBe(fillerId);
    expect(await servedTo(shopper, "&us_privacy=1YYN")).toBe(fillerId);
  });

  it("stops showing to members of an audience the advertiser deleted", async () => {
    const doomed = await createAudience(ad.advertiser, "Doomed");
    await withAudiences({ include: [doomed.id] });
    const cookie = await member();
    expect(await servedTo(cookie)).toBe(ad.campaignId);
    await t.rest("DELETE", `/advertiser/audiences/${doomed.id}`, { token: ad.advertiser.token });
    await t.app.services.delivery.inventory.reload();
    expect(await servedTo(cookie)).toBe(fillerId);
    await withAudiences({ include: [shoppers.id] });
  });
});

describe("a campaign excluding an audience", () => {
  beforeAll(() => withAudiences({ exclude: [buyers.id] }));
  afterAll(() => withAudiences(null));

  it("shows to everyone but its members", async () => {
    expect(await servedTo(null)).toBe(ad.campaignId);
    expect(await servedTo(await member())).toBe(ad.campaignId);
    expect(await servedTo(await member({ e: "conversion" }))).toBe(fillerId);
  });
});

describe("an audience rule that can never match", () => {
  it.each<[string, () => unknown, () => string]>([
    ["the same audience included and excluded", () => ({ include: [shoppers.id], exclude: [shoppers.id] }), () => `Audiences: audience ${shoppers.id} is both included and excluded, so the campaign could never show`],
    ["an id that is not a number", () => ({ include: ["shoppers"] }), () => 'Audiences: include must be a list of audience ids: "shoppers" is not one'],
    ["an audience that does not exist", () => ({ include: [987654] }), () => "Audiences: audience 987654 is not one of your audiences, or it was deleted"],
  ])("is refused: %s, and the campaign keeps its rule", async (_case, audiences, detail) => {
    await withAudiences({ include: [buyers.id] });
    expect(await setAudiences(audiences())).toEqual({ status: 422, body: { detail: detail() } });
    expect((await t.rest("GET", "/advertiser/campaigns", { token: ad.advertiser.token })).body.find((c: { id: number }) => c.id === ad.campaignId).audiences).toEqual({ include: [buyers.id], exclude: [] });
  });

  it("is refused naming another advertiser's audience or a deleted one", async () => {
    const other = await signUp(t, "advertiser");
    const theirs = await createAudience(other, "Theirs");
    const deleted = await createAudience(ad.advertiser, "Gone");
    await t.rest("DELETE", `/advertiser/audiences/${deleted.id}`, { token: ad.advertiser.token });
    for (const id of [theirs.id, deleted.id]) {
      expect((await setAudiences({ exclude: [id] })).body).toEqual({ detail: `Audiences: audience ${id} is not one of your audiences, or it was deleted` });
    }
  });

  it("is refused on a new campaign too, which is then not created", async () => {
    const before = (await t.rest("GET", "/advertiser/campaigns", { token: ad.advertiser.token })).body.length;
    const created = await t.rest("POST", "/advertiser/campaigns", { token: ad.advertiser.token, body: { name: "Retarget", budget: 1000, cpm: 5, audiences: { include: [424242] } } });
    expect(created).toEqual({ status: 422, body: { detail: "Audiences: audience 424242 is not one of your audiences, or it was deleted" } });
    expect((await t.rest("GET", "/advertiser/campaigns", { token: ad.advertiser.token })).body).toHaveLength(before);
  });
});
