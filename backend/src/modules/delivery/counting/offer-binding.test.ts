import { BROWSER_UA, liveAd, requestAd } from "../../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { beacon, BEHIND_PROXY, from, impressions, refusals, serveTo } from "../../../../test/visitor-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(BEHIND_PROXY);
});
afterAll(() => t.close());

describe("an offer bound to its visitor", () => {
  it("counts the beacon and click of the visitor it was served to, from their network", async () => {
    const ad = await liveAd(t);
    const served = await serveTo(t, ad, from("203.0.113.7"));
    // A new address in the same /24, as a mobile visitor's may become.
    expect((await beacon(served.impressionUrl, from("203.0.113.99"))).status).toBe(204);
    const click = await fetch(served.clickUrl, { redirect: "manual", headers: from("203.0.113.99") });
    expect(click.headers.get("location")).toContain("adnet_click=");
    expect(await impressions(t, ad)).toBe(1);
  });

  it("refuses a beacon or click from another address block or browser, and keeps the offer for its visitor", async () => {
    const ad = await liveAd(t);
    const served = await serveTo(t, ad, from("203.0.113.7"));
    await beacon(served.impressionUrl, from("198.51.100.7"));
    await beacon(served.impressionUrl, from("203.0.113.7", { "user-agent": `${BROWSER_UA} Edg/131.0` }));
    expect(await impressions(t, ad)).toBe(0);
    // Nothing was kept for the refused beacons: the visitor's own still counts, once.
    await beacon(served.impressionUrl, from("203.0.113.7"));
    expect(await impressions(t, ad)).toBe(1);
    const click = await fetch(served.clickUrl, { redirect: "manual", headers: from("2001:db8::1") });
    expect(click.headers.get("location")).toBe("https://shop.example.com/sale");

    const ipv6 = await serveTo(t, ad, from("2001:db8:aa:1::5"));
    await beacon(ipv6.impressionUrl, from("2001:db8:aa:2::77"));
    expect(await impressions(t, ad)).toBe(2);

    const refused = await refusals(t);
    expect(refused["impression:visitor_mismatch"]).toBe(2);
    expect(refused["click:visitor_mismatch"]).toBe(1);
  });
});

describe("the page an ad is shown on", () => {
  it("must be the site in the tag's page, the Origin and the Referer alike", async () => {
    const ad = await liveAd(t);
    const site = `https://${ad.site.domain}`;
    expect((await serveTo(t, ad, from("127.0.0.1", { origin: "https://scraper.example.net" }))).fill).toBe(false);
    expect((await serveTo(t, ad, from("127.0.0.1", { referer: "https://scraper.example.net/copy" }))).fill).toBe(false);
    expect((await serveTo(t, ad, from("127.0.0.1", { origin: site, referer: `${site}/a` }))).fill).toBe(true);
    expect((await requestAd(t, ad.zoneId, { origin: site })).body.fill).toBe(true);

    const served = await serveTo(t, ad, from("127.0.0.1"));
    await beacon(served.impressionUrl, { "user-agent": BROWSER_UA, referer: "https://scraper.example.net/" });
    await beacon(served.impressionUrl, { "user-agent": BROWSER_UA, origin: site, referer: "https://scraper.example.net/" });
    expect(await impressions(t, ad)).toBe(0);
    // A browser that hides the page says Origin: null; the offer's page, checked when served, stands.
    await beacon(served.impressionUrl, { "user-agent": BROWSER_UA, origin: "null" });
    expect(await impressions(t, ad)).toBe(1);

    const clicked = await fetch(served.clickUrl, { redirect: "manual", headers: { "user-agent": BROWSER_UA, referer: "https://scraper.example.net/" } });
    expect(clicked.headers.get("location")).toBe("https://shop.example.com/sale");
    const refused = await refusals(t);
    expect(refused["request:domain_mismatch"]).toBe(2);
    expect(refused["impression:domain_mismatch"]).toBe(2);
    expect(refused["click:domain_mismatch"]).toBe(1);
  });

  it("is cut to a sane length, so a huge page address is read but never kept", async () => {
    const ad = await liveAd(t);
    const huge = `${ad.page}?junk=${"x".repeat(14_000)}`;
    expect((await serveTo(t, ad, from("127.0.0.1"), huge)).fill).toBe(true);
    expect((await serveTo(t, ad, from("127.0.0.1"), `https://${"a".repeat(400)}.${ad.site.domain}/`)).fill).toBe(false);
  });
});
