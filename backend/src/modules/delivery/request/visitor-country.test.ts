import { liveAd, requestAd } from "../../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { BEHIND_PROXY, from, serveTo } from "../../../../test/visitor-fixtures";
import { loadConfig } from "../../../config";

const secret = "s".repeat(40);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(BEHIND_PROXY);
});
afterAll(() => t.close());

describe("the visitor's country", () => {
  it("comes from the configured CDN header only through the trusted proxy", async () => {
    const ad = await liveAd(t, { countries: ["US"] });
    expect((await requestAd(t, ad.zoneId, { page: ad.page, country: "US" })).body.fill).toBe(true);
    // The standard CDN header is nobody's word unless it is the configured one.
    expect((await serveTo(t, ad, from("127.0.0.1", { "cloudfront-viewer-country": "US" }))).fill).toBe(false);

    const direct = await startTestApp({ COUNTRY_HEADER: "cf-ipcountry", TRUST_PROXY: "10.0.0.0/8" });
    const unconfigured = await startTestApp();
    try {
      for (const app of [direct, unconfigured]) {
        const targeted = await liveAd(app, { countries: ["US"] });
        expect((await requestAd(app, targeted.zoneId, { page: targeted.page, country: "US" })).body).toEqual({ fill: false });
      }
    } finally {
      await direct.close();
      await unconfigured.close();
    }
  });

  it("comes from the offline database for the client's address", async () => {
    const ad = await liveAd(t, { countries: ["DE"] });
    // 5.9.0.0/16 is a German provider's block in the geoip-country database.
    expect((await serveTo(t, ad, from("5.9.10.11"))).fill).toBe(true);
    expect((await serveTo(t, ad, from("8.8.8.8"))).fill).toBe(false);
  });

  it("is believed only as far as TRUST_PROXY says, never from any X-Forwarded-For", () => {
    const base = { JWT_SECRET: secret };
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,fd00::/8" }).trustProxy).toEqual(["10.0.0.0/8", "192.168.1.7", "fd00::/8"]);
    for (const value of ["true", "10.0.0.0/33", "proxy.internal"]) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow("TRUST_PROXY must be the number of proxies in front");
    }
    expect(() => loadConfig({ ...base, COUNTRY_HEADER: "cf-ipcountry" })).toThrow("COUNTRY_HEADER needs TRUST_PROXY");
  });
});
