import type { Page } from "playwright-core";
import { openTab } from "./pages/common";
import { advertiserWithBanner, DESKTOP_CHROME, eventually, publisherWithZone } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { DESKTOP, MOBILE, useVisitors } from "./support/browser";
import { launchFirefox } from "./support/firefox";
import { screenshot } from "./support/screenshots";
import { adminAccount, baseUrl } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

const visitors = useVisitors();
const RECTANGLE = { width: 300, height: 250 };
const OPEN = { width: 600, height: 500 };
const BILLBOARD = { width: 970, height: 250 };
const DAY_MS = 86_400_000;
// Other specs' rectangles share the server: each campaign here shows only on its own test's site, and outbids theirs there.
const CPM = 9;
const onlyOn = (host: string) => ({ sites: { mode: "INCLUDE", values: [host] } });

let thirdParty: ThirdPartySite;
let admin: string;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
  admin = await signIn(adminAccount());
});
afterAll(() => thirdParty.close());

const paragraphs = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i + 1} of the report on the harbour works.</p>`).join("");

/** A publisher's zone of `size` shown as `presentation` on its own host, and one campaign's banner for it (with `creative`'s fields). */
async function zoneWithAd(presentation: string, size: { width: number; height: number }, creative: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  const host = `news-${tag}.localhost`;
  const publisher = await publisherWithZone(admin, { domain: host, size, zone: { presentation } });
  const advertiser = await advertiserWithBanner(admin, { size, cpm: CPM, targeting: onlyOn(host), contentUrl: `${thirdParty.originFor(`cdn-${tag}.localhost`)}/banner.svg`, creative });
  return { tag, host, publisher, advertiser };
}

/** The campaign's figures around today, as its advertiser's report reads them. */
async function campaignFigures(token: string) {
  const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
  const { advertiserReport } = await graphql<{ advertiserReport: { totals: { impressions: number; measured: number; viewable: number; expansions: number } } }>(
    "query ($input: ReportInput!) { advertiserReport(input: $input) { totals { impressions measured viewable expansions } } }",
    { input: { from: day(-1), to: day(1) } },
    token,
  );
  return advertiserReport.totals;
}

/**
 * Lighthouse's Cumulative Layout Shift as the page's own Layout Instability entries add up from its
 * start: shifts right after the visitor's input do not count.
 */
async function measureLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { layoutShift: number };
    counted.layoutShift = 0;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) counted.layoutShift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

test("an expandable banner opens on a click over the page, is measured at its open size, counts one expansion and folds back", async () => {
  const { host, publisher, advertiser } = await zoneWithAd("inline", RECTANGLE, { expandedWidth: OPEN.width, expandedHeight: OPEN.height });
  // Only the top 100 pixels of the collapsed banner are in the window: 40%, never viewable; opened upwards, 350 of its 500 are.
  thirdParty.setArticle(
    `<!doctype html><html lang="en"><title>Harbour</title><body style="margin:0"><h1 style="margin:0;height:60px">Harbour works begin</h1>
    <div style="height:${DESKTOP.height - 60 - 100}px"></div>${publisher.adTag}${paragraphs}</body></html>`,
    host,
  );
  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await measureLayoutShift(reader);
  await reader.clock.install();
  await reader.goto(`${thirdParty.originFor(host)}/`);
  const zone = reader.locator('ins.adnet-zone[data-adnet-state="filled"]');
  await zone.waitFor({ state: "attached", timeout: 30_000 });
  const frame = zone.locator('iframe[title="Advertisement"]');
  expect(await frame.boundingBox()).toMatchObject(RECTANGLE);
  await eventually(() => campaignFigures(advertiser.token), { impressions: 1, measured: 1 });
  // Seconds pass with 40% of it in view: not viewable.
  await reader.clock.runFor(3_000);
  expect(await campaignFigures(advertiser.token)).toMatchObject({ viewable: 0, expansions: 0 });
  const heading = await box(reader, "h1");

  // Hovering does nothing; the visitor's click opens it over the page, which stays where it was.
  await zone.getByRole("button", { name: "Expand ad" }).hover();
  expect(await frame.boundingBox()).toMatchObject(RECTANGLE);
  await zone.getByRole("button", { name: "Expand ad" }).click();
  const opened = (await frame.boundingBox())!;
  expect(opened).toMatchObject(OPEN);
  expect(opened.y + opened.height).toBe((await zone.boundingBox())!.y + RECTANGLE.height);
  expect(await box(reader, "h1")).toEqual(heading);
  expect(await zone.boundingBox()).toMatchObject(RECTANGLE);
  await screenshot(reader, "reader - the banner opened over the article");

  await reader.clock.runFor(1_500);
  await eventually(() => campaignFigures(advertiser.token), { impressions: 1, viewable: 1, expansions: 1 });

  await zone.getByRole("button", { name: "Collapse ad" }).click();
  expect(await frame.boundingBox()).toMatchObject(RECTANGLE);
  // Opening it again is the same impression's: still one expansion.
  await zone.getByRole("button", { name: "Expand ad" }).click();
  await reader.keyboard.press("Escape");
  expect(await frame.boundingBox()).toMatchObject(RECTANGLE);
  await reader.clock.runFor(1_500);
  expect(await campaignFigures(advertiser.token)).toMatchObject({ impressions: 1, expansions: 1 });
  expect(await layoutShift(reader)).toBeLessThan(0.1);

  // The advertiser reads it in the campaign's report.
  const owner = await visitors.open({ token: advertiser.token });
  await owner.goto("/advertiser");
  await openTab(owner, "Reports");
  await owner.getByLabel("Breakdown").selectOption({ label: "Campaign" });
  const table = owner.getByRole("table", { name: "Advertiser report by campaign" });
  const row = table.getByRole("row", { name: /^Autumn/ });
  await row.waitFor();
  // A sortable header reads its name, then its sort arrow.
  const headers = (await table.locator("thead tr").last().locator("th, td").allInnerTexts()).map((text) => text.split("\n")[0].trim());
  const cells = (await row.locator("th, td").allInnerTexts()).map((text) => text.trim());
  expect(headers).toContain("Expansions");
  expect(cells[headers.indexOf("Expansions")]).toBe("1");
  await screenshot(owner, "advertiser - Expansions in the campaign report");
});

test("a floating ad stays in the window's corner while the page scrolls and closes; on a phone it docks below the article", async () => {
  const { host, publisher } = await zoneWithAd("floating", RECTANGLE);
  thirdParty.setArticle(
    `<!doctype html><html lang="en"><title>Harbour</title><body style="margin:0"><main><h1>Harbour works begin</h1>${publisher.adTag}${paragraphs}<p id="end">The end of the report.</p></main></body></html>`,
    host,
  );
  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await measureLayoutShift(reader);
  await reader.goto(`${thirdParty.originFor(host)}/`);
  const floating = reader.locator("[data-adnet-presentation]");
  await floating.locator('iframe[title="Advertisement"]').waitFor({ state: "visible", timeout: 30_000 });
  const corner = (await floating.boundingBox())!;
  const shown = await reader.evaluate(() => ({ width: document.documentElement.clientWidth, height: document.documentElement.clientHeight }));
  expect(corner.x + corner.width).toBe(shown.width - 16);
  expect(corner.y + corner.height).toBe(shown.height - 16);
  await reader.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await reader.evaluate(() => scrollY)).toBeGreaterThan(200);
  expect(await floating.boundingBox()).toEqual(corner);
  await screenshot(reader, "reader - floating ad in the corner, scrolled");
  await floating.getByRole("button", { name: "Close ad" }).click();
  await floating.waitFor({ state: "detached" });
  expect(await layoutShift(reader)).toBeLessThan(0.1);

  // A phone's window has no free corner: the ad waits below the article's end, in the page's flow.
  const phone = await visitors.open({ userAgent: DESKTOP_CHROME, viewport: MOBILE });
  await phone.goto(`${thirdParty.originFor(host)}/`);
  const docked = phone.locator("[data-adnet-presentation]");
  await docked.locator('iframe[title="Advertisement"]').waitFor({ state: "attached", timeout: 30_000 });
  await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const end = await box(phone, "#end");
  const ad = (await docked.boundingBox())!;
  expect(ad.y).toBeGreaterThanOrEqual(end.y + end.height);
  expect(await docked.evaluate((element) => getComputedStyle(element).position)).not.toBe("fixed");
  await screenshot(phone, "reader - floating ad docked below the article on a phone");
  await docked.getByRole("button", { name: "Close ad" }).click();
  await docked.waitFor({ state: "detached" });
});

test("a push-down opens by pushing the article down, folds back on Close, and not again in the same session", async () => {
  const { host, publisher } = await zoneWithAd("pushdown", BILLBOARD);
  thirdParty.setArticle(
    `<!doctype html><html lang="en"><title>Harbour</title><body style="margin:0">${publisher.adTag}
    <h1 style="margin:0">Harbour works begin</h1>${paragraphs}</body></html>`,
    host,
  );
  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await measureLayoutShift(reader);
  await reader.goto(`${thirdParty.originFor(host)}/`);
  const band = reader.locator("[data-adnet-presentation]");
  await band.locator('iframe[title="Advertisement"]').waitFor({ state: "visible", timeout: 30_000 });
  // Once it has slid open, the heading sits below the billboard, not under it.
  await reader.waitForFunction(() => getComputedStyle(document.querySelector("h1")!).transform === "none");
  const opened = (await band.boundingBox())!;
  const heading = await box(reader, "h1");
  expect(opened.height).toBeGreaterThanOrEqual(BILLBOARD.height);
  expect(heading.y).toBeGreaterThanOrEqual(opened.y + opened.height);
  expect(await box(reader, 'iframe[title="Advertisement"]')).toMatchObject(BILLBOARD);
  expect(await layoutShift(reader)).toBeLessThan(0.1);
  await screenshot(reader, "reader - push-down above the article");

  await band.getByRole("button", { name: "Close ad" }).click();
  await band.waitFor({ state: "detached" });
  expect((await box(reader, "h1")).y).toBe(0);

  // The same visit's next page gets none: the zone stays empty and the article at the top.
  await reader.reload();
  await reader.waitForSelector('ins.adnet-zone[data-adnet-state="unfilled"]', { state: "attached", timeout: 30_000 });
  expect(await band.count()).toBe(0);
  expect((await box(reader, "h1")).y).toBe(0);
});

/** A third party's rich-media creative written only against SafeFrame's $sf.ext: it tries to open by itself, then on clicks within and beyond what it declared. */
const safeFrameCreative = (adServer: string) => `<!doctype html><html><body style="margin:0;font:14px Arial;background:#fde68a">
<script src="${adServer}/ads/sf-ext.js"></script>
<button id="open">See the whole offer</button> <button id="huge">Go huge</button> <button id="close">Fold</button>
<p id="status">waiting</p><p id="view"></p>
<script>
  var said = document.getElementById("status");
  var triedAlone = false;
  $sf.ext.register(300, 250, function (news, data) {
    said.textContent = news + (data && data.reason ? ": " + data.reason : "");
    document.getElementById("view").textContent = "in view " + $sf.ext.inViewPercentage() + "%";
    // As soon as the host answers, it tries to open by itself, as a hover-to-expand creative would.
    if (!triedAlone) {
      triedAlone = true;
      $sf.ext.expand({ r: 300, b: 250 });
    }
  });
  document.getElementById("open").onclick = function () { $sf.ext.expand($sf.ext.geom().exp); };
  document.getElementById("huge").onclick = function () { $sf.ext.expand({ r: 700, b: 250 }); };
  document.getElementById("close").onclick = function () { $sf.ext.collapse(); };
</script></body></html>`;

test("Firefox ESR: a third party's SafeFrame creative expands within the size it declared, is refused beyond it with the reason, and collapses", async () => {
  const tag = uniqueTag();
  const host = `news-${tag}.localhost`;
  const creativeHost = `rich-${tag}.localhost`;
  const publisher = await publisherWithZone(admin, { domain: host, size: RECTANGLE });
  const advertiser = await advertiserWithBanner(admin, {
    size: RECTANGLE,
    cpm: CPM,
    targeting: onlyOn(host),
    contentUrl: `${thirdParty.originFor(creativeHost)}/creative.html`,
    creative: { type: "html", expandedWidth: OPEN.width, expandedHeight: OPEN.height },
  });
  thirdParty.setArticle(safeFrameCreative(baseUrl()), creativeHost);
  thirdParty.setArticle(`<!doctype html><html lang="en"><title>Harbour</title><body style="margin:0"><h1>Harbour works begin</h1>${publisher.adTag}${paragraphs}</body></html>`, host);

  const firefox = await launchFirefox();
  try {
    const page = await firefox.newPage();
    await page.setViewport(DESKTOP);
    await page.goto(`${thirdParty.originFor(host)}/`);
    const frameElement = (await page.waitForSelector('ins.adnet-zone[data-adnet-state="filled"] iframe[title="Advertisement"]', { timeout: 30_000 }))!;
    const creative = (await frameElement.contentFrame())!;
    // Opening without the visitor's click is refused.
    await creative.waitForFunction(() => document.getElementById("status")!.textContent!.startsWith("failed"), { timeout: 30_000 });
    expect(await creative.$eval("#status", (element) => element.textContent)).toBe("failed: An ad expands only on the visitor's click or tap in it");
    const size = () => frameElement.evaluate((frame) => ({ width: frame.offsetWidth, height: frame.offsetHeight }));
    await eventually(() => campaignFigures(advertiser.token), { impressions: 1 });

    await creative.click("#huge");
    await creative.waitForFunction(() => document.getElementById("status")!.textContent!.includes("beyond"));
    expect(await creative.$eval("#status", (element) => element.textContent)).toBe("failed: Expansion to 1000x500 is beyond the declared expanded size 600x500");
    expect(await size()).toEqual(RECTANGLE);

    await creative.click("#open");
    await creative.waitForFunction(() => document.getElementById("status")!.textContent === "expanded");
    expect(await size()).toEqual(OPEN);
    expect(await creative.$eval("#view", (element) => element.textContent)).toMatch(/^in view \d+%$/);
    await eventually(() => campaignFigures(advertiser.token), { impressions: 1, expansions: 1 });

    await creative.click("#close");
    await creative.waitForFunction(() => document.getElementById("status")!.textContent === "collapsed");
    expect(await size()).toEqual(RECTANGLE);
    expect(await campaignFigures(advertiser.token)).toMatchObject({ expansions: 1 });
  } finally {
    await firefox.close();
  }
});
