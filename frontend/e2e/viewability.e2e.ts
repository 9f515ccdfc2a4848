import type { Page } from "playwright-core";
import { advertiserWithBanner, DESKTOP_CHROME, eventually, publisherWithZone, serveAd } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { DESKTOP, useVisitors } from "./support/browser";
import { adminAccount } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

const visitors = useVisitors();
/** Where the ad sits on the article: well below the first screen (800 pixels high). */
const AD_TOP = 2000;

let thirdParty: ThirdPartySite;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
});
afterAll(() => thirdParty.close());

/**
 * A publisher's long article with the zone far down it, and an advertiser's banner that fills it
 * (a size no other spec's campaigns fill), bought at a $5 vCPM: paid for viewable impressions only.
 */
async function articleWithAdBelowTheFold(size: { width: number; height: number }) {
  const admin = await signIn(adminAccount());
  const host = `news-${uniqueTag()}.localhost`;
  const publisher = await publisherWithZone(admin, { domain: host, size });
  const { token: advertiser, campaignId } = await advertiserWithBanner(admin, { size, cpm: 4, contentUrl: `${thirdParty.originFor(`cdn-${uniqueTag()}.localhost`)}/banner.svg` });
  await graphql(`mutation { updateCampaign(id: ${campaignId}, input: { pricingModel: VCPM, bid: 5 }) { id } }`, {}, advertiser);
  // The ad server takes the change in within a second or so: the offers it makes then say vCPM.
  await eventually(() => serveAd(publisher.zoneId, `http://${host}/`), { fill: true, impressionUrl: expect.stringContaining(".vcpm.") });
  thirdParty.setArticle(
    `<!doctype html><html lang="en"><title>Long read</title><body style="margin:0">
      <div style="height:${AD_TOP}px">The story begins.</div>${publisher.adTag}<div style="height:3000px">The story goes on.</div></html>`,
    host,
  );
  return { url: `${thirdParty.originFor(host)}/`, advertiser };
}

const today = () => new Date().toISOString().slice(0, 10);

/** The advertiser's counted impressions, measured and viewable, and what they spent, as their report reads them. */
const measurement = async (token: string) =>
  (
    await graphql<{ advertiserReport: { totals: { impressions: number; measured: number; viewable: number; spend: number } } }>(
      "query ($input: ReportInput!) { advertiserReport(input: $input) { totals { impressions measured viewable spend } } }",
      { input: { from: today(), to: today() } },
      token,
    )
  ).advertiserReport.totals;

/** When the page sent each event beacon of its ad, by the page's clock. */
function eventBeacons(page: Page): { event: string; at: number }[] {
  const sent: { event: string; at: number }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/t/e") sent.push({ event: url.searchParams.get("e") ?? "", at: Date.now() });
  });
  return sent;
}

/** Waits, at most 10 s, for the page's first event beacon. */
async function firstBeacon(sent: { event: string; at: number }[]): Promise<{ event: string; at: number }> {
  const deadline = Date.now() + 10_000;
  while (sent.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent.length).toBeGreaterThan(0);
  return sent[0];
}

/** Scrolls so that `pixels` rows of the ad are in the viewport, above its bottom edge. */
const showRowsOfAd = (page: Page, pixels: number) => page.evaluate((y) => window.scrollTo(0, y), AD_TOP + pixels - DESKTOP.height);

test("an ad below the fold becomes viewable only once half of it has been in view for a second, and only then is a vCPM campaign billed", async () => {
  const { url, advertiser } = await articleWithAdBelowTheFold({ width: 304, height: 250 });
  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  const beacons = eventBeacons(reader);
  await reader.goto(url);
  // Near the viewport the ad loads and its impression counts, but none of it is in view yet.
  await showRowsOfAd(reader, -100);
  await reader.waitForSelector('ins.adnet-zone[data-adnet-state="filled"]');
  await eventually(() => measurement(advertiser), { impressions: 1, measured: 1, viewable: 0, spend: 0 });

  // 40% of it in view for two seconds: not viewable.
  await showRowsOfAd(reader, 100);
  await reader.waitForTimeout(2000);
  expect(beacons).toEqual([]);

  // Half and more: viewable a second later, told once, whatever the reader does next.
  const inView = Date.now();
  await showRowsOfAd(reader, 150);
  const viewable = await firstBeacon(beacons);
  expect(viewable.event).toBe("viewable");
  expect(viewable.at - inView).toBeGreaterThanOrEqual(1000);
  await showRowsOfAd(reader, -100);
  await showRowsOfAd(reader, 250);
  await reader.waitForTimeout(1500);
  expect(beacons).toHaveLength(1);
  await eventually(() => measurement(advertiser), { impressions: 1, measured: 1, viewable: 1, spend: 0.005 });
});

/**
 * Headless Chromium reports every page visible, even one opened behind another, in a minimized
 * window or a background target: the page is told it is hidden the way a browser tells it, with
 * document.visibilityState and the visibilitychange event, before the tag runs.
 */
async function hideTab(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hide) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hide ? "hidden" : "visible") });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

test("an ad in view on a hidden tab never becomes viewable, and does once the tab shows for a second", async () => {
  const { url, advertiser } = await articleWithAdBelowTheFold({ width: 305, height: 250 });
  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  const beacons = eventBeacons(reader);
  await reader.goto(url);
  await hideTab(reader, true);
  await showRowsOfAd(reader, 250);
  await reader.waitForSelector('ins.adnet-zone[data-adnet-state="filled"]');
  await eventually(() => measurement(advertiser), { impressions: 1, measured: 1 });
  await reader.waitForTimeout(2500);
  expect(beacons).toEqual([]);
  expect(await measurement(advertiser)).toMatchObject({ viewable: 0, spend: 0 });

  // Shown for half a second, hidden again: the second starts over.
  await hideTab(reader, false);
  await reader.waitForTimeout(500);
  await hideTab(reader, true);
  await reader.waitForTimeout(1500);
  expect(beacons).toEqual([]);

  const shown = Date.now();
  await hideTab(reader, false);
  const viewable = await firstBeacon(beacons);
  expect(viewable).toMatchObject({ event: "viewable" });
  expect(viewable.at - shown).toBeGreaterThanOrEqual(1000);
  await eventually(() => measurement(advertiser), { impressions: 1, viewable: 1, spend: 0.005 });
});
