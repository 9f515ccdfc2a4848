import { advertiserStats, BROWSER_UA, liveAd, LiveAd, trafficQuality } from "../../../test/ad-fixtures";
import { signInAdmin, type Account } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { NETWORK_VENDOR, tcString } from "../consent/tc-strings.fixture";

/** An address allows five ad requests a minute here, so a server calling for many visitors would be refused by the sixth. */
const REQUESTS_PER_ADDRESS = 5;
const SERVER_UA = "Go-http-client/1.1";
const VISITORS = 12;

let t: TestApp;
let admin: Account;
let credential: string;
let partnerId: number;
beforeAll(async () => {
  t = await startTestApp({ OFFER_TTL_SECONDS: "10", IP_REQUESTS_PER_MINUTE: String(REQUESTS_PER_ADDRESS), IP_IMPRESSIONS_PER_MINUTE: "3" });
  admin = await signInAdmin(t);
  const created = await t.gql(
    `mutation ($input: CreateExchangePartnerInput!) { createExchangePartner(input: $input) { credential partner { id credentialPrefix } } }`,
    { input: { name: "Prebid Server EU", userSyncUrl: "https://pbs.example/setuid?bidder=adnet&uid=$UID" } },
    admin.token,
  );
  ({ credential, partner: { id: partnerId } } = created.data!.createExchangePartner);
});
afterAll(() => t.close());

/** A bid request as Prebid Server sends it to a bidder: the visitor in device and user, the bidder's params in imp.ext.bidder. */
function serverRequest(ad: LiveAd, visitor: number, changes: { user?: Record<string, unknown>; regs?: Record<string, unknown>; imp?: Record<string, unknown> } = {}) {
  return {
    id: `pbs-auction-${visitor}`,
    imp: [{ id: "div-gpt-ad-1", tagid: String(ad.zoneId), banner: { format: [{ w: 300, h: 250 }] }, bidfloor: 0.5, bidfloorcur: "USD", ext: { bidder: { zone: ad.zoneId } }, ...changes.imp }],
    site: { page: ad.page, domain: ad.site.domain, publisher: { id: String(ad.publisher.id) } },
    device: {
      ua: BROWSER_UA,
      ip: `100.${64 + (visitor >> 8)}.${visitor & 255}.7`,
      language: "en",
      sua: { browsers: [{ brand: "Chromium", version: ["131"] }], platform: { brand: "Linux" }, mobile: 0, source: 2 },
    },
    user: { id: `pbs-user-${visitor}`, ...changes.user },
    regs: { gdpr: 0, ...changes.regs },
    source: { tid: `tid-${visitor}` },
    at: 1,
    tmax: 500,
    cur: ["USD"],
    ext: { prebid: { targeting: { pricegranularity: "medium" } } },
  };
}

/** Posts a bid request from the exchange's server: one address, its own user agent, and (unless told) the partner's credential. */
async function auction(body: unknown, authorization: string | null = `Bearer ${credential}`) {
  const response = await fetch(`${t.url}/openrtb2/auction`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": SERVER_UA, ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The exchange's server calls a notice with the price that cleared. */
const callNotice = (url: string) => fetch(url.replace("${AUCTION_PRICE}", "2.10"), { headers: { "user-agent": SERVER_UA } });

const reasonCount = async (event: string, reason: string) => (await trafficQuality(t, admin)).byReason.find((row) => row.event === event && row.reason === reason)?.events ?? 0;

describe("a partner's server-side requests", () => {
  let ad: LiveAd;
  beforeAll(async () => {
    ad = await liveAd(t, { cpm: 4, pacing: "asap" });
  });

  it("bid for each of many visitors from one address, and each bid's burl bills once from the server (its nurl too is the same notice)", async () => {
    const bids = [];
    for (let visitor = 1; visitor <= VISITORS; visitor++) {
      const { status, body } = await auction(serverRequest(ad, visitor));
      expect({ visitor, status }).toEqual({ visitor, status: 200 });
      bids.push(body.seatbid[0].bid[0]);
    }
    expect(bids[0]).toMatchObject({ price: 2.8, crid: String(ad.creativeId) });
    expect(bids[0].burl).toContain(`${t.url}/openrtb2/billing?d=`);
    expect(bids[0].nurl).toBe(bids[0].burl);
    for (const bid of bids) expect((await callNotice(bid.burl)).status).toBe(204);
    const again = await callNotice(bids[0].nurl);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ detail: "Not billed: same beacon sent again" });
    await t.app.services.delivery.flush();
    expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: VISITORS, spend: VISITORS * 0.004 });
  });

  it("bills once when the exchange calls a bid's nurl and burl at once, and again", async () => {
    const [bid] = (await auction(serverRequest(ad, 100))).body.seatbid[0].bid;
    // Three at once: this app rates three notices a minute per visitor, as it would three beacons of one address.
    const statuses = await Promise.all([bid.nurl, bid.burl, bid.burl].map(async (url) => (await callNotice(url)).status));
    expect(statuses.sort()).toEqual([204, 409, 409]);
    await t.app.services.delivery.flush();
    const { impressions, spend } = await advertiserStats(t, ad.advertiser);
    expect({ impressions, spend: Math.round(spend * 1000) }).toEqual({ impressions: VISITORS + 1, spend: (VISITORS + 1) * 4 });
  });

  it("refuses a billing notice whose partner signature is edited, or that comes after the bid's exp", async () => {
    const [bid] = (await auction(serverRequest(ad, 200))).body.seatbid[0].bid;
    const forged = bid.burl.replace(/&x=(\d+)\./, (_: string, id: string) => `&x=${Number(id) + 1}.`);
    expect((await callNotice(forged)).status).toBe(400);
    const realNow = Date.now;
    const later = jest.spyOn(Date, "now").mockImplementation(() => realNow() + (bid.exp + 1) * 1000);
    let expired: Response;
    try {
      expired = await callNotice(bid.burl);
    } finally {
      later.mockRestore();
    }
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ detail: "Not billed: ad offer expired" });
    await t.app.services.delivery.flush();
    expect((await advertiserStats(t, ad.advertiser)).impressions).toBe(VISITORS + 1);
  });

  it("never takes a server's user agent for a browser's beacon: a browser bid's burl called by a server is a bot's", async () => {
    const browserBid = await fetch(`${t.url}/openrtb2/auction`, {
      method: "POST",
      headers: { "content-type": "text/plain", "user-agent": BROWSER_UA, origin: `https://${ad.site.domain}` },
      body: JSON.stringify({ ...serverRequest(ad, 300), device: { ua: BROWSER_UA } }),
    });
    const [bid] = ((await browserBid.json()) as { seatbid: { bid: Record<string, string>[] }[] }).seatbid[0].bid;
    expect(bid.burl).toContain("/t/i?d=");
    expect(bid.nurl).toBeUndefined();
    const before = await reasonCount("impression", "bot");
    await callNotice(bid.burl);
    await t.app.services.delivery.flush();
    expect(await reasonCount("impression", "bot")).toBe(before + 1);
  });

  it("keeps a visitor's frequency caps by their buyeruid from cookie sync: the third request of a visitor capped at two gets no bid, another visitor's does", async () => {
    const capped = await liveAd(t, { cpm: 4, pacing: "asap", frequencyCaps: [{ count: 2, per: "day" }] });
    const sync = await fetch(`${t.url}/usersync?partner=${partnerId}&gdpr=0`, { redirect: "manual", headers: { "user-agent": BROWSER_UA } });
    const buyeruid = decodeURIComponent(new URL(sync.headers.get("location")!).searchParams.get("uid")!);
    const request = (visitor: number, uid: string) => serverRequest(capped, visitor, { user: { id: undefined, buyeruid: uid } });
    for (let shown = 0; shown < 2; shown++) {
      const [bid] = (await auction(request(400 + shown, buyeruid))).body.seatbid[0].bid;
      expect((await callNotice(bid.burl)).status).toBe(204);
    }
    // The same visitor from another address (a phone on the move): still capped, by their id.
    expect((await auction(request(402, buyeruid))).status).toBe(204);
    const other = (await fetch(`${t.url}/usersync?partner=${partnerId}`, { redirect: "manual" })).headers.get("location")!;
    expect((await auction(request(403, decodeURIComponent(new URL(other).searchParams.get("uid")!)))).status).toBe(200);
    // A buyeruid AdNet did not sign is no one's: it carries no caps and takes none.
    expect((await auction(request(404, `${buyeruid.slice(0, 17)}${"A".repeat(22)}`))).status).toBe(200);
  });
});

describe("who may describe the visitor", () => {
  let ad: LiveAd;
  beforeAll(async () => {
    ad = await liveAd(t, { cpm: 4, pacing: "asap" });
  });

  it("ignores a forged device.ip without a credential: the calling address is rated, and refused once past its rate", async () => {
    const statuses = [];
    // Twice the rate and one more: refused past the rate even when the minute turns meanwhile.
    for (let visitor = 500; visitor <= 500 + 2 * REQUESTS_PER_ADDRESS; visitor++) statuses.push((await auction(serverRequest(ad, visitor), null)).status);
    expect(statuses).toContain(204);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(2 * REQUESTS_PER_ADDRESS);
    expect((await auction(serverRequest(ad, 520))).status).toBe(200);
  });

  it("answers 401 with the reason for a credential that is no partner's, or a revoked one's, and 403 outside the partner's networks", async () => {
    expect(await auction(serverRequest(ad, 600), "Bearer adx_not-a-real-credential")).toEqual({ status: 401, body: { detail: "The credential is not an exchange partner's" } });
    expect(await auction(serverRequest(ad, 600), "Basic Zm9vOmJhcg==")).toMatchObject({ status: 401 });
    const fenced = await t.rest("POST", "/admin/exchange-partners", { token: admin.token, body: { name: "SSP elsewhere", allowed_networks: ["203.0.113.0/24"] } });
    expect(fenced.status).toBe(201);
    expect(await auction(serverRequest(ad, 601), `Bearer ${fenced.body.credential}`)).toEqual({ status: 403, body: { detail: "This partner's credential is not taken from this network" } });
    const revoked = await t.rest("PUT", `/admin/exchange-partners/${fenced.body.partner.id}/revoke`, { token: admin.token });
    expect(revoked.body.revoked_at ?? revoked.body.revokedAt).toBeTruthy();
    expect((await auction(serverRequest(ad, 602), `Bearer ${fenced.body.credential}`)).status).toBe(401);
  });

  it("answers no bid with the reason when a partner names no visitor's address", async () => {
    const request = serverRequest(ad, 700);
    const { body } = await auction({ ...request, device: { ua: BROWSER_UA } });
    expect(body).toEqual({ id: request.id, nbr: 2, ext: { adnet: { reason: "device.ip (or device.ipv6) is required from an exchange's server" } } });
  });
});

describe("cookie sync", () => {
  const sync = (query: string, cookie?: string) =>
    fetch(`${t.url}/usersync?partner=${partnerId}&${query}`, { redirect: "manual", headers: { "user-agent": BROWSER_UA, ...(cookie ? { cookie } : {}) } });

  it("with TCF consent to store and AdNet's vendor consent, sends the browser on with AdNet's signed id, the same for the same cookie", async () => {
    const consent = tcString({ purposes: [1, 2, 3, 4], vendors: [NETWORK_VENDOR] });
    const first = await sync(`gdpr=1&gdpr_consent=${consent}&redir=${encodeURIComponent("https://pbs.example/setuid?bidder=adnet&gdpr=1&uid=$UID")}`);
    expect(first.status).toBe(302);
    const location = new URL(first.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("https://pbs.example/setuid");
    const uid = location.searchParams.get("uid")!;
    expect(uid).toMatch(/^[\w-]{16}\.[\w-]{22}$/);
    const cookie = /^adnet_visitor=[^;]+/.exec(first.headers.get("set-cookie") ?? "")![0];
    const again = await sync(`gdpr=1&gdpr_consent=${consent}`, cookie);
    expect(new URL(again.headers.get("location")!).searchParams.get("uid")).toBe(uid);
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it("without consent (no TCF purpose 1, no TC string, a US opt-out, GPC) reads and sets nothing and gives the partner an empty id", async () => {
    const noStorage = tcString({ purposes: [2, 3, 4], vendors: [NETWORK_VENDOR] });
    for (const query of [`gdpr=1&gdpr_consent=${noStorage}`, "gdpr=1", "us_privacy=1YYN", "gpc=1"]) {
      const answer = await sync(query, "adnet_visitor=whatever");
      expect({ query, status: answer.status, cookie: answer.headers.get("set-cookie") }).toEqual({ query, status: 302, cookie: null });
      expect(new URL(answer.headers.get("location")!).searchParams.get("uid")).toBe("");
    }
  });

  it("never redirects off the partner's sync origin, and answers a pixel for a partner that does not sync", async () => {
    const answer = await sync(`redir=${encodeURIComponent("https://evil.example/steal?uid=$UID")}`);
    expect(new URL(answer.headers.get("location")!).origin).toBe("https://pbs.example");
    const silent = await t.gql(`mutation { createExchangePartner(input: { name: "No sync SSP" }) { partner { id } } }`, {}, admin.token);
    const pixel = await fetch(`${t.url}/usersync?partner=${silent.data!.createExchangePartner.partner.id}`);
    expect(pixel.headers.get("content-type")).toBe("image/gif");
    expect((await fetch(`${t.url}/usersync?partner=999999`)).status).toBe(400);
  });
});

describe("private marketplace deals", () => {
  let open: LiveAd;
  let dealt: LiveAd;
  const setDeal = (ad: LiveAd, dealId: string | null, token = admin.token) =>
    t.gql(`mutation ($id: Int!, $dealId: String) { updateCampaign(id: $id, input: { dealId: $dealId }) { dealId } }`, { id: ad.campaignId, dealId }, token);
  beforeAll(async () => {
    open = await liveAd(t, { cpm: 4, pacing: "asap" });
    // A $10 CPM campaign sold through deal PMP-SPORTS, alone in its zone's shape.
    dealt = await liveAd(t, { cpm: 10, pacing: "asap" });
    expect((await setDeal(dealt, "PMP-SPORTS")).data?.updateCampaign.dealId).toBe("PMP-SPORTS");
    await t.app.services.delivery.inventory.reload();
  });
  const withDeals = (ad: LiveAd, visitor: number, deals: Record<string, unknown>[], privateAuction = 0) => serverRequest(ad, visitor, { imp: { pmp: { private_auction: privateAuction, deals } } });

  it("bids a deal's campaign through its deal at its fixed price, and never in the open auction or a tag's request", async () => {
    const [bid] = (await auction(withDeals(dealt, 800, [{ id: "PMP-SPORTS", bidfloor: 5 }]))).body.seatbid[0].bid;
    expect(bid).toMatchObject({ dealid: "PMP-SPORTS", price: 7, crid: String(dealt.creativeId) });
    expect((await callNotice(bid.burl)).status).toBe(204);
    expect((await auction(serverRequest(dealt, 801))).status).toBe(204);
    expect((await fetch(`${t.url}/serve?zone=${dealt.zoneId}&page=${encodeURIComponent(dealt.page)}`, { headers: { "user-agent": BROWSER_UA } }).then((r) => r.json()))).toEqual({ fill: false });
    // Above the deal's floor only: a floor of $7.01 (the publisher's net) gets no bid.
    expect((await auction(withDeals(dealt, 802, [{ id: "PMP-SPORTS", bidfloor: 7.01 }], 1))).status).toBe(204);
  });

  it("answers a deal no campaign offers as the open auction, or, in a private auction, no bid with the reason", async () => {
    const [bid] = (await auction(withDeals(open, 810, [{ id: "NOBODY-1" }]))).body.seatbid[0].bid;
    expect(bid.dealid).toBeUndefined();
    expect(bid.price).toBe(2.8);
    const refused = await auction(withDeals(open, 811, [{ id: "NOBODY-1" }], 1));
    expect(refused.body).toEqual({ id: "pbs-auction-811", nbr: 0, ext: { adnet: { reason: "No AdNet campaign is sold through deal NOBODY-1" } } });
    expect((await auction(withDeals(open, 812, [{ id: 7 }]))).body).toEqual({ detail: "imp[0].pmp.deals[0].id must be a string" });
  });

  it("is set by admins only, unique among live campaigns, and a copy runs in the open auction", async () => {
    const refused = await setDeal(dealt, "PMP-OTHER", dealt.advertiser.token);
    expect(refused.errors?.[0]).toMatchObject({ message: "Only an admin may set dealId", extensions: { code: "FORBIDDEN" } });
    const taken = await setDeal(open, "PMP-SPORTS");
    expect(taken.errors?.[0]).toMatchObject({ message: "Deal PMP-SPORTS is another live campaign's", extensions: { code: "CONFLICT" } });
    const both = await Promise.all([setDeal(open, "PMP-RACE"), setDeal(dealt, "PMP-RACE")]);
    expect(both.filter((answer) => answer.data?.updateCampaign.dealId === "PMP-RACE")).toHaveLength(1);
    const copy = await t.gql(`mutation { duplicateCampaign(id: ${dealt.campaignId}) { dealId } }`, {}, dealt.advertiser.token);
    expect(copy.data?.duplicateCampaign.dealId).toBeNull();
  });
});
