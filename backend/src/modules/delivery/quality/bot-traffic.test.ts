import { followClick, liveAd, requestAd, sendBeacon } from "../../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../../test/test-app";
import { impressions } from "../../../../test/visitor-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("bots", () => {
  it.each([
    "Mozilla/5.0 (compatible; GoogleOther)",
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0;)",
    "PostmanRuntime/7.43.0",
    "HTTPie/3.2.4",
    "WhatsApp/2.23.20.0 A",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "TelegramBot (like TwitterBot)",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 11_6_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
    "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
  ])("refuses %s", async (userAgent) => {
    const ad = await liveAd(t);
    expect((await requestAd(t, ad.zoneId, { page: ad.page, userAgent })).body).toEqual({ fill: false });
    const served = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
    await sendBeacon(served.impressionUrl, { userAgent });
    await followClick(served.clickUrl, { userAgent });
    expect(await impressions(t, ad)).toBe(0);
  });
});
