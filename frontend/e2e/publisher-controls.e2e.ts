import { advertiserWithBanner, DESKTOP_CHROME, eventually, publisherWithZone, serveAd } from "./support/ad-setup";
import { signIn, uniqueTag } from "./support/api";
import { signInFromLanding } from "./pages/auth-dialog";
import { card, openTab, toast } from "./pages/common";
import { blockCategory, setZoneFloor } from "./pages/publisher-dashboard";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

const visitors = useVisitors();
// A size no other spec's campaigns fill, so only this spec's campaigns compete for the zone.
const ODD_SIZE = { width: 301, height: 251 };

let thirdParty: ThirdPartySite;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
});
afterAll(() => thirdParty.close());

test("a publisher sets a floor and blocks a category from the dashboard, and their page then shows the other campaign's ad", async () => {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const newsHost = `controls-${tag}.localhost`;
  const { account, zoneId, adTag } = await publisherWithZone(admin, { domain: newsHost, size: ODD_SIZE, fullName: "Flora Floor" });
  const casinoCdn = thirdParty.originFor(`casino-${tag}.localhost`);
  const shopCdn = thirdParty.originFor(`shop-${tag}.localhost`);
  await advertiserWithBanner(admin, { size: ODD_SIZE, cpm: 9, contentUrl: `${casinoCdn}/banner.svg`, category: "gambling" });
  await advertiserWithBanner(admin, { size: ODD_SIZE, cpm: 5, contentUrl: `${shopCdn}/banner.svg` });
  thirdParty.setArticle(`<!doctype html><html lang="en"><title>Local news</title><h1>Market day</h1>${adTag}</html>`);
  const article = `${thirdParty.originFor(newsHost)}/`;
  // The best bid wins while the publisher refuses nothing.
  await eventually(() => serveAd(zoneId, article), { fill: true, creative: { url: `${casinoCdn}/banner.svg` } });

  const publisher = await visitors.open();
  await signInFromLanding(publisher, account);
  await expect(publisher).toHavePath("/publisher");
  await openTab(publisher, "Ad Zones");
  // The shop's $5 pays the publisher $3.50 per thousand at the default share: above this floor.
  await setZoneFloor(publisher, "Article box", "3");
  await expect(toast(publisher, "Ad zone saved")).toBeVisible();
  await expect(card(publisher, "Article box").getByText("$3.00", { exact: true })).toBeVisible();
  await openTab(publisher, "My Sites");
  await blockCategory(publisher, `News ${newsHost}`, "Gambling");
  await expect(toast(publisher, "Site saved")).toBeVisible();
  await expect(card(publisher, `News ${newsHost}`).getByText("Gambling", { exact: true })).toBeVisible();
  await screenshot(publisher, "publisher - floor and blocked category set");

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await eventually(() => serveAd(zoneId, article), { fill: true, creative: { url: `${shopCdn}/banner.svg` } });
  await reader.goto(article);
  await reader.waitForSelector('ins.adnet-zone[data-adnet-state="filled"]');
  const ad = reader.frameLocator('ins.adnet-zone iframe[title="Advertisement"]');
  await expect(ad.locator(`img[src="${shopCdn}/banner.svg"]`)).toBeVisible();
  expect(await ad.locator(`img[src="${casinoCdn}/banner.svg"]`).count()).toBe(0);
  await screenshot(reader, "reader - the other campaign's ad");
});
