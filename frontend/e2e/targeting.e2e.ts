import { devices } from "playwright-core";
import { type AdSize, advertiserWithBanner, DESKTOP_CHROME, eventually, publisherWithZone, serveAd } from "./support/ad-setup";
import { graphql, newAccount, registeredToken, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";
import { repeatTodayAsYesterday } from "./support/time-travel";

const visitors = useVisitors();

let thirdParty: ThirdPartySite;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
});
afterAll(() => thirdParty.close());

/** Opens the page until its zone settles, as the ad server takes a moment to load a newly approved campaign. */
async function settledZone(page: import("playwright-core").Page, url: string, wanted: "filled" | "unfilled") {
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.goto(url);
    const zone = page.locator('ins.adnet-zone:not([data-adnet-state="waiting"]):not([data-adnet-state="loading"])');
    await zone.first().waitFor();
    if ((await zone.first().getAttribute("data-adnet-state")) === wanted) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`the zone at ${url} never became ${wanted}`);
}

/** A site's zone of a size no other spec uses, and the one campaign that fits it, targeted as given. */
async function zoneWithTargetedBanner(size: AdSize, targeting: Record<string, unknown>) {
  const admin = await signIn(adminAccount());
  const host = `site-${uniqueTag()}.localhost`;
  const publisher = await publisherWithZone(admin, { domain: host, size });
  const banner = `${thirdParty.originFor(`cdn-${uniqueTag()}.localhost`)}/banner.svg`;
  await advertiserWithBanner(admin, { size, cpm: 3, contentUrl: banner, targeting });
  return { adTag: publisher.adTag, siteId: publisher.siteId, zoneId: publisher.zoneId, banner, article: `${thirdParty.originFor(host)}/` };
}

test("a mobile-only campaign shows on an emulated phone and never in desktop Chromium", async () => {
  const { adTag, article } = await zoneWithTargetedBanner({ width: 321, height: 101 }, { devices: { mode: "INCLUDE", values: ["mobile"] } });
  thirdParty.setArticle(`<!doctype html><html lang="en"><title>Phones</title><h1>Pocket news</h1>${adTag}</html>`);

  const phone = await visitors.open({ device: devices["Pixel 7"] });
  await settledZone(phone, article, "filled");
  await screenshot(phone, "phone - the mobile campaign's ad");

  const desktop = await visitors.open({ userAgent: DESKTOP_CHROME });
  for (let visit = 0; visit < 3; visit++) {
    await settledZone(desktop, article, "unfilled");
    expect(await desktop.locator("ins.adnet-zone iframe").count()).toBe(0);
  }
  await screenshot(desktop, "desktop - no ad for a mobile-only campaign");
});

test("a zone whose data-keywords name a campaign's keyword gets that campaign; without them the page's meta keywords decide", async () => {
  const { adTag, banner, article } = await zoneWithTargetedBanner({ width: 322, height: 102 }, { keywords: { include: ["gardening"], exclude: [] } });
  const withKeywords = adTag.replace('<ins class="adnet-zone"', '<ins id="garden-zone" data-keywords="Gardening, tools" class="adnet-zone"');
  thirdParty.setArticle(`<!doctype html><html lang="en"><head><title>Garden</title><meta name="keywords" content="cars, engines"></head>
    <body><h1>Spring planting</h1>${withKeywords}</body></html>`);

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await settledZone(reader, article, "filled");
  await expect(reader.frameLocator("#garden-zone iframe").locator(`img[src="${banner}"]`)).toBeVisible();
  await screenshot(reader, "reader - keyword zone filled");

  // The same zone without data-keywords reads the page's meta keywords, which the campaign does not want.
  thirdParty.setArticle(`<!doctype html><html lang="en"><head><title>Cars</title><meta name="keywords" content="cars, engines"></head>
    <body><h1>Engines</h1>${adTag}</body></html>`);
  await settledZone(reader, article, "unfilled");
  thirdParty.setArticle(`<!doctype html><html lang="en"><head><title>Garden</title><meta name="keywords" content="GARDENING"></head>
    <body><h1>Spring planting</h1>${adTag}</body></html>`);
  await settledZone(reader, article, "filled");
});

test("the campaign form estimates the reach as the advertiser edits the targeting, and says what it rests on", async () => {
  const token = await registeredToken(newAccount("ADVERTISER", "Reach Advertiser"));
  // A request today gives the read model traffic, once the ad server has written it; the forecast reads whole past days, so today is counted again as yesterday.
  const { siteId, zoneId, article } = await zoneWithTargetedBanner({ width: 323, height: 103 }, {});
  await eventually(() => serveAd(zoneId, article), { fill: true });
  const forecastFromYesterday = () => {
    repeatTodayAsYesterday({ zoneId, siteId });
    return graphql("{ targetingForecast(input: {}) { basis } }", {}, token);
  };
  await eventually(forecastFromYesterday, { targetingForecast: { basis: expect.stringMatching(/^Based on 1 day of requests/) } });
  const advertiser = await visitors.open({ token });
  await advertiser.goto("/advertiser");
  await advertiser.getByRole("button", { name: "Create Campaign", exact: true }).click();
  const form = advertiser.getByRole("dialog", { name: "Create Campaign" }).getByRole("form", { name: "Create campaign" });
  const reach = form.getByRole("status", { name: "Delivery forecast" });
  await expect(reach.getByText(/^Based on \d+ days? of requests on \d+ sites? in \d+ countr(y|ies)\.$/)).toBeVisible();

  await form.getByRole("group", { name: "Targeting" }).getByText("Mobile", { exact: true }).click();
  await expect(reach.getByText(/device, system, browser and language shares are network averages\.$/)).toBeVisible();
  await expect(reach.getByText(/^About [\d,]+ impressions? a day$/)).toBeVisible();
  await screenshot(advertiser, "advertiser - reach of a mobile-only targeting");

  await form.getByText(/Day-parting: only on some days and hours/).click();
  for (let hour = 0; hour < 24; hour++) await form.getByRole("group", { name: "Hours" }).getByText(String(hour).padStart(2, "0"), { exact: true }).click();
  await expect(reach.getByText("Day-parting: pick at least one hour")).toBeVisible();
  await screenshot(advertiser, "advertiser - impossible day-part refused while editing");
});
