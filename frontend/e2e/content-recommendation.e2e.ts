import { advertiserWithBanner, DESKTOP_CHROME, eventually, publisherWithZone } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount, baseUrl } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

const visitors = useVisitors();
// Every native zone takes every native ad: the zone's floor keeps out other specs' cheaper ones.
const FLOOR = 10;
const BRANDS = [
  { fullName: "Acme Tents", cpm: 30 },
  { fullName: "Birch Boots", cpm: 25 },
  { fullName: "Cedar Maps", cpm: 20 },
  { fullName: "Dune Stoves", cpm: 16 },
];
// The last brand's ad is a promoted listing: a price in euros and a rating.
const LISTING = { price: 149.5, currency: "EUR", rating: 4.5 };

let thirdParty: ThirdPartySite;
let admin: string;
let advertisers: string[];
let cdn: string;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
  admin = await signIn(adminAccount());
  cdn = thirdParty.originFor(`cdn-${uniqueTag()}.localhost`);
  const landing = `${thirdParty.originFor(`shop-${uniqueTag()}.localhost`)}/landing`;
  advertisers = [];
  for (const [index, { fullName, cpm }] of BRANDS.entries()) {
    const native = { headline: `${fullName}: the autumn range`, body: "Made for the ridge path.", callToAction: "Shop now", ...(index === BRANDS.length - 1 ? LISTING : {}) };
    const { token } = await advertiserWithBanner(admin, {
      size: { width: 1200, height: 1200 },
      cpm,
      contentUrl: `${cdn}/banner.svg`,
      clickUrl: landing,
      fullName,
      creative: { type: "native", name: `${fullName} native`, native },
    });
    advertisers.push(token);
  }
});
afterAll(() => thirdParty.close());

const impressionsOf = (token: string, stats: "publisherStats" | "advertiserStats") =>
  graphql<Record<string, { impressions: number }>>(`{ ${stats} { impressions } }`, {}, token).then((data) => data[stats]);

test("a content recommendation zone shows four ads of four advertisers, each labelled Sponsored and counted, a house item that is not, and a listing's price and rating", async () => {
  const host = `walks-${uniqueTag()}.localhost`;
  const site = thirdParty.originFor(host);
  const houseItem = { title: "Ten walks for the autumn", url: `${site}/walks`, image: `${site}/banner.svg` };
  const publisher = await publisherWithZone(admin, {
    domain: host,
    size: { width: 960, height: 600 },
    zone: { format: "native", floor: FLOOR, adCount: 5, layout: "grid", houseItems: [houseItem] },
  });
  thirdParty.setArticle(
    `<!doctype html><html lang="en"><title>Trail notes</title><body style="font-family: Georgia, serif">
      <h1>The ridge path in October</h1><p>The first leaves are down.</p>
      <h2>Around the web</h2>${publisher.adTag}</body></html>`,
    host,
  );

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  const viewable: string[] = [];
  reader.on("request", (request) => {
    if (request.url().includes("/t/e?") && request.url().endsWith("&e=viewable")) viewable.push(request.url());
  });
  await reader.goto(`${site}/`);
  await reader.waitForSelector('ins.adnet-zone[data-adnet-state="filled"]', { timeout: 30_000 });
  const zone = reader.locator("ins.adnet-zone");
  await expect(zone.locator('[data-adnet-layout="grid"]')).toBeVisible();

  const ads = zone.locator('[data-adnet-slot="ad"]');
  await expect(ads).toHaveCount(4);
  const labels = await ads.locator("[data-adnet-label]").allTextContents();
  // Best price first, each advertiser once.
  expect(labels).toEqual(BRANDS.map(({ fullName }) => `Sponsored · ${fullName}`));
  const links = await ads.locator("a[href]").evaluateAll((anchors) => anchors.map((anchor) => ({ href: anchor.getAttribute("href")!, rel: anchor.getAttribute("rel") })));
  expect(links).toHaveLength(4);
  for (const link of links) expect(link).toEqual({ href: expect.stringMatching(new RegExp(`^${baseUrl()}/t/c\\?d=`)), rel: "sponsored noopener" });
  expect(new Set(links.map((link) => link.href)).size).toBe(4);

  const listing = ads.nth(3);
  expect(await listing.locator("[data-adnet-price]").textContent()).toBe("€149.50");
  expect(await listing.locator("[data-adnet-rating]").textContent()).toBe("★★★★☆ 4.5/5");
  await expect(ads.nth(0).locator("[data-adnet-price]")).toHaveCount(0);

  // The publisher's own article: labelled as the site's, linking to it as a plain link, never an ad.
  const house = zone.locator('[data-adnet-slot="house"]');
  await expect(house).toHaveCount(1);
  expect(await house.locator("[data-adnet-label]").textContent()).toBe(`From ${host}`);
  await expect(house.getByText(houseItem.title, { exact: true })).toBeVisible();
  expect(await house.locator("a").evaluate((anchor) => ({ href: anchor.getAttribute("href"), rel: anchor.getAttribute("rel"), target: anchor.getAttribute("target") }))).toEqual({
    href: houseItem.url,
    rel: null,
    target: null,
  });
  await screenshot(reader, "reader - content recommendation box with four ads and a house item");

  // Each ad counted once for its own advertiser and the publisher; the house item never.
  await eventually(() => impressionsOf(publisher.token, "publisherStats"), { impressions: 4 });
  for (const advertiser of advertisers) await eventually(() => impressionsOf(advertiser, "advertiserStats"), { impressions: 1 });
  // And each in view on its own: a viewable beacon per ad, none for the house item.
  await eventually(async () => ({ viewableAds: new Set(viewable).size }), { viewableAds: 4 });
});
