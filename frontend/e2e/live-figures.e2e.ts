import type { Page } from "playwright-core";
import { advertiserWithBanner, eventually, publisherWithZone, viewAds } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();
/** A size no other spec uses, so this spec's campaign fills no one else's zones. */
const SKYSCRAPER = { width: 160, height: 600 };
/** The payout spec sends a minute's worth of views from the shared scripted address. */
const OWN_READER_ADDRESS = "127.0.0.3";
/** The cards promise to follow within 10 seconds; a second more for the request itself. */
const LIVE_WITHIN_MS = 11_000;

const impressionsCard = (page: Page, count: string) =>
  page
    .getByRole("region", { name: "Key figures" })
    .locator("dl")
    .filter({ has: page.getByText("Impressions", { exact: true }) })
    .getByText(count, { exact: true });

async function openDashboard(token: string, path: string) {
  const page = await visitors.open({ token });
  await page.goto(path);
  await expect(impressionsCard(page, "0")).toBeVisible();
  // Marks this document: a reload would lose the mark.
  await page.evaluate(() => document.documentElement.setAttribute("data-not-reloaded", ""));
  return page;
}

test("traffic counted while the dashboards are open shows on their stat cards within 10 seconds, without a reload", async () => {
  const admin = await signIn(adminAccount());
  const domain = `live-${uniqueTag()}.localhost`;
  const publisher = await publisherWithZone(admin, { domain, size: SKYSCRAPER });
  const advertiser = await advertiserWithBanner(admin, { size: SKYSCRAPER, cpm: 2, contentUrl: "https://cdn.example.com/sky.png" });
  const publisherPage = await openDashboard(publisher.token, "/publisher");
  const advertiserPage = await openDashboard(advertiser.token, "/advertiser");

  await viewAds(publisher.zoneId, `http://${domain}/article`, 3, OWN_READER_ADDRESS);
  await eventually(() => graphql("{ publisherStats { impressions } }", {}, publisher.token), { publisherStats: { impressions: 3 } });
  const counted = Date.now();

  for (const page of [publisherPage, advertiserPage]) {
    await impressionsCard(page, "3").waitFor({ timeout: Math.max(1, counted + LIVE_WITHIN_MS - Date.now()) });
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-not-reloaded"))).toBe(true);
  }
  await screenshot(publisherPage, "publisher - figures followed the traffic");
  await screenshot(advertiserPage, "advertiser - figures followed the traffic");
});
