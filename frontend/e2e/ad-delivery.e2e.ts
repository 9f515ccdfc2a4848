import { advertiserWithBanner, DESKTOP_CHROME, eventually, publisherWithZone } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

const visitors = useVisitors();
const RECTANGLE = { width: 300, height: 250 };

let thirdParty: ThirdPartySite;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
});
afterAll(() => thirdParty.close());

interface Figures {
  publisherStats: { impressions: number; clicks: number; revenue: number };
  myBalance: { earned: number; pending: number };
}

const publisherFigures = (token: string) =>
  graphql<Figures>("{ publisherStats { impressions clicks revenue } myBalance { earned pending } }", {}, token);
const advertiserFigures = (token: string) =>
  graphql<{ advertiserStats: { impressions: number; clicks: number; spend: number } }>("{ advertiserStats { impressions clicks spend } }", {}, token);

test("a tag pasted into a third-party page shows the approved ad, counts the view and the click, and moves the money", async () => {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const newsHost = `news-${tag}.localhost`;
  const publisher = await publisherWithZone(admin, { domain: newsHost, size: RECTANGLE });
  const landing = `${thirdParty.originFor(`shop-${tag}.localhost`)}/landing`;
  const cdn = thirdParty.originFor(`cdn-${tag}.localhost`);
  const { token: advertiser } = await advertiserWithBanner(admin, { size: RECTANGLE, cpm: 4, contentUrl: `${cdn}/banner.svg`, clickUrl: landing });
  const before = { publisher: await publisherFigures(publisher.token), advertiser: await advertiserFigures(advertiser) };
  expect(before.publisher.publisherStats).toMatchObject({ impressions: 0, revenue: 0 });

  thirdParty.setArticle(`<!doctype html><html lang="en"><title>Local news</title>
    <h1>Council approves the new bridge</h1><p>Work starts in spring.</p>
    ${publisher.adTag}
    <p>Footer text below the ad.</p></html>`);

  // A crawler (headless Chromium announces itself) gets no ad and leaves the page as it was.
  const crawler = await visitors.open();
  await crawler.goto(`${thirdParty.originFor(newsHost)}/`);
  await crawler.waitForSelector('ins.adnet-zone[data-adnet-state="unfilled"]');
  expect(await crawler.locator("ins.adnet-zone iframe").count()).toBe(0);
  await screenshot(crawler, "crawler - article without an ad");

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await reader.goto(`${thirdParty.originFor(newsHost)}/`);
  await reader.waitForSelector('ins.adnet-zone[data-adnet-state="filled"]');
  const ad = reader.frameLocator('ins.adnet-zone iframe[title="Advertisement"]');
  await expect(ad.locator(`img[src="${cdn}/banner.svg"]`)).toBeVisible();
  const box = await reader.locator("ins.adnet-zone iframe").boundingBox();
  expect(box).toMatchObject({ width: 300, height: 250 });
  // The ad says it is one, with the network's name, inside the zone's box.
  const label = reader.locator("ins.adnet-zone a[data-adnet-label]");
  await expect(label).toBeVisible();
  expect(await label.textContent()).toBe("Ad · AdNet");
  const labelBox = (await label.boundingBox())!;
  expect(labelBox.x).toBeGreaterThanOrEqual(box!.x);
  expect(labelBox.y).toBeGreaterThanOrEqual(box!.y);
  expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(box!.x + box!.width);
  expect(labelBox.y + labelBox.height).toBeLessThanOrEqual(box!.y + box!.height);
  await screenshot(reader, "reader - article with the ad");

  await eventually(() => publisherFigures(publisher.token), { publisherStats: { impressions: 1, clicks: 0, revenue: 0.0028 }, myBalance: { earned: 0.0028, pending: 0.0028 } });
  await eventually(() => advertiserFigures(advertiser), { advertiserStats: { impressions: 1, clicks: 0, spend: 0.004 } });

  // A person takes a moment before clicking; the server refuses clicks faster than that.
  await reader.waitForTimeout(1200);
  const [landingPage] = await Promise.all([reader.context().waitForEvent("page"), ad.locator('a[aria-label="Advertisement"]').click()]);
  await landingPage.waitForLoadState();
  const landed = new URL(landingPage.url());
  expect(`${landed.origin}${landed.pathname}`).toBe(landing);
  expect(landed.searchParams.get("adnet_click")).toBeTruthy();
  await expect(landingPage.getByRole("heading", { name: "Landing page of the advertiser" })).toBeVisible();
  await screenshot(landingPage, "reader - advertiser landing page");

  await eventually(() => publisherFigures(publisher.token), { publisherStats: { impressions: 1, clicks: 1, revenue: 0.0028 } });
  await eventually(() => advertiserFigures(advertiser), { advertiserStats: { impressions: 1, clicks: 1, spend: 0.004 } });

  const dashboard = await visitors.open({ token: publisher.token });
  await dashboard.goto("/publisher");
  await expect(dashboard.getByRole("heading", { name: "Publisher Dashboard" })).toBeVisible();
  await screenshot(dashboard, "publisher - dashboard after the ad ran");
});
