import { advertiserWithBanner, DESKTOP_CHROME, eventually, publisherWithZone } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount, baseUrl } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

const visitors = useVisitors();
const FEED = { width: 640, height: 360 };
// Markup in an advertiser's texts is text: the reader sees it as written, and nothing runs.
const HEADLINE = 'Tents <b>50%</b> off & "free" delivery';
const BODY = `<img src=x onerror="document.title='owned'"> Light, warm and up before the kettle boils.`;

let thirdParty: ThirdPartySite;
let admin: string;
let cdn: string;
let landing: string;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
  admin = await signIn(adminAccount());
  const tag = uniqueTag();
  cdn = thirdParty.originFor(`cdn-${tag}.localhost`);
  landing = `${thirdParty.originFor(`shop-${tag}.localhost`)}/landing`;
  // Every native zone takes every native ad: this spec's one campaign fills all its zones.
  await advertiserWithBanner(admin, {
    size: { width: 1200, height: 627 },
    cpm: 6,
    contentUrl: `${cdn}/banner.svg`,
    clickUrl: landing,
    fullName: "Acme Outdoor",
    creative: { type: "native", name: "Tents native", native: { headline: HEADLINE, body: BODY, callToAction: "Shop tents" } },
  });
});
afterAll(() => thirdParty.close());

const impressionsOf = (token: string) => graphql<{ publisherStats: { impressions: number } }>("{ publisherStats { impressions } }", {}, token);

const article = (adTag: string, style: string) => `<!doctype html><html lang="en"><title>Trail notes</title>
  <style>${style}</style>
  <h1>Ten walks for the autumn</h1><p>The first leaves are down on the ridge path.</p>
  ${adTag}
  <p>More walks next week.</p></html>`;

test("a native ad renders inside the article in the page's own font and colours, labelled Sponsored with the advertiser's name, and its click goes through the tracked link", async () => {
  const host = `trail-${uniqueTag()}.localhost`;
  const publisher = await publisherWithZone(admin, { domain: host, size: FEED, zone: { format: "native" } });
  thirdParty.setArticle(article(publisher.adTag, "body { font-family: Georgia, serif; color: rgb(20, 60, 30); background: rgb(253, 246, 227) }"), host);

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await reader.goto(`${thirdParty.originFor(host)}/`);
  await reader.waitForSelector('ins.adnet-zone[data-adnet-state="filled"]', { timeout: 30_000 });
  const zone = reader.locator("ins.adnet-zone");
  // In the page itself, not a frame: the page's style reaches it.
  expect(await zone.locator("iframe").count()).toBe(0);
  expect(await zone.locator("[data-adnet-label]").textContent()).toBe("Sponsored · Acme Outdoor");
  const headline = zone.getByText(HEADLINE, { exact: true });
  await expect(headline).toBeVisible();
  await expect(zone.getByText(BODY, { exact: true })).toBeVisible();
  expect(await zone.locator("b").count()).toBe(0);
  expect(await reader.title()).toBe("Trail notes");
  const style = await headline.evaluate((element) => ({ font: getComputedStyle(element).fontFamily, color: getComputedStyle(element).color }));
  expect(style).toEqual({ font: "Georgia, serif", color: "rgb(20, 60, 30)" });
  await expect(zone.locator(`img[src="${cdn}/banner.svg"]`)).toBeVisible();
  await screenshot(reader, "reader - article with a native ad in its style");

  await eventually(() => impressionsOf(publisher.token), { publisherStats: { impressions: 1 } });

  const link = zone.locator("a[href]").first();
  expect(await link.getAttribute("href")).toMatch(new RegExp(`^${baseUrl()}/t/c\\?d=`));
  expect(await link.getAttribute("rel")).toBe("sponsored noopener");
  // A person takes a moment before clicking; the server refuses clicks faster than that.
  await reader.waitForTimeout(1200);
  const [landingPage] = await Promise.all([reader.context().waitForEvent("page"), headline.click()]);
  await landingPage.waitForLoadState();
  expect(new URL(landingPage.url()).searchParams.get("adnet_click")).toBeTruthy();
  await expect(landingPage.getByRole("heading", { name: "Landing page of the advertiser" })).toBeVisible();
});

test("a publisher's template renders the ad with its own classes and every value escaped, and still says Sponsored", async () => {
  const host = `walks-${uniqueTag()}.localhost`;
  const nativeTemplate = '<article class="story"><h3 class="story-title">{{headline}}</h3><p class="story-body">{{body}}</p><a class="more" href="{{clickUrl}}">{{cta}} ›</a></article>';
  const publisher = await publisherWithZone(admin, { domain: host, size: FEED, zone: { format: "native", nativeTemplate } });
  thirdParty.setArticle(article(publisher.adTag, ".story { border-left: 4px solid rgb(0, 90, 160); padding-left: 12px } .story-title { color: rgb(0, 90, 160); font-family: monospace }"), host);

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await reader.goto(`${thirdParty.originFor(host)}/`);
  await reader.waitForSelector('ins.adnet-zone[data-adnet-state="filled"]', { timeout: 30_000 });
  const zone = reader.locator("ins.adnet-zone");
  expect(await zone.locator("[data-adnet-label]").textContent()).toBe("Sponsored · Acme Outdoor");
  const title = zone.locator("h3.story-title");
  expect(await title.textContent()).toBe(HEADLINE);
  expect(await title.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(0, 90, 160)");
  expect(await zone.locator("p.story-body").textContent()).toBe(BODY);
  // The body's markup stayed text: no picture, no handler ran.
  expect(await zone.locator("img").count()).toBe(0);
  expect(await reader.title()).toBe("Trail notes");
  expect(await zone.locator("a.more").textContent()).toBe("Shop tents ›");
  expect(await zone.locator("a.more").getAttribute("href")).toMatch(new RegExp(`^${baseUrl()}/t/c\\?d=`));
  await screenshot(reader, "reader - native ad in the publisher's template");
});
