import { advertiserWithBanner, DESKTOP_CHROME, eventually, publisherWithZone } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { MOBILE, useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";
import { cmpScript } from "./support/tcf-cmp";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

const visitors = useVisitors();
const INTERSTITIAL = { width: 320, height: 480 };
const ANCHOR = { width: 468, height: 60 };
const MINUTE_MS = 60_000;

let thirdParty: ThirdPartySite;
let admin: string;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
  admin = await signIn(adminAccount());
});
afterAll(() => thirdParty.close());

const impressionsOf = (token: string) => graphql<{ publisherStats: { impressions: number } }>("{ publisherStats { impressions } }", {}, token);

async function zoneWithAd(presentation: string, size: { width: number; height: number }) {
  const tag = uniqueTag();
  const host = `news-${tag}.localhost`;
  const publisher = await publisherWithZone(admin, { domain: host, size, zone: { presentation } });
  await advertiserWithBanner(admin, { size, cpm: 5, contentUrl: `${thirdParty.originFor(`cdn-${tag}.localhost`)}/banner.svg` });
  return { host, publisher };
}

const paragraphs = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i + 1} of the report on the harbour works.</p>`).join("");

test("an interstitial covers a phone's screen, can be closed within 5 s, and does not come back within the hour", async () => {
  const { host, publisher } = await zoneWithAd("interstitial", INTERSTITIAL);
  const page = (consent: number[]) => `<!doctype html><html lang="en"><title>Harbour</title>${cmpScript({ consentedPurposes: consent })}
    <h1>Harbour works begin</h1>${publisher.adTag}${paragraphs}</html>`;
  thirdParty.setArticle(page([1]), host);

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME, viewport: MOBILE });
  await reader.goto(`${thirdParty.originFor(host)}/`);
  const overlay = reader.getByRole("dialog", { name: "Advertisement" });
  await overlay.waitFor({ state: "visible", timeout: 30_000 });
  expect(await overlay.boundingBox()).toEqual({ x: 0, y: 0, ...MOBILE });
  await expect(overlay.locator('iframe[title="Advertisement"]')).toBeVisible();
  await screenshot(reader, "reader - interstitial on a phone");
  // The close button shows within 5 s of the ad, and closing it gives the page back.
  await overlay.getByRole("button", { name: "Close ad" }).click({ timeout: 5_000 });
  await overlay.waitFor({ state: "detached" });
  await expect(reader.getByRole("heading", { name: "Harbour works begin" })).toBeVisible();
  await eventually(() => impressionsOf(publisher.token), { publisherStats: { impressions: 1 } });

  // Half an hour later the same reader gets no interstitial: the zone stays empty and nothing is billed.
  await reader.clock.setFixedTime(Date.now() + 30 * MINUTE_MS);
  await reader.reload();
  await reader.waitForSelector('ins.adnet-zone[data-adnet-state="unfilled"]', { state: "attached", timeout: 30_000 });
  await reader.getByRole("dialog", { name: "Advertisement" }).waitFor({ state: "detached" });

  // Past the hour it may show again.
  await reader.clock.setFixedTime(Date.now() + 61 * MINUTE_MS);
  await reader.reload();
  await reader.getByRole("dialog", { name: "Advertisement" }).waitFor({ state: "visible", timeout: 30_000 });
  // The keyboard closes it too, once it may be closed.
  await reader.getByRole("button", { name: "Close ad" }).waitFor({ state: "visible", timeout: 5_000 });
  await reader.keyboard.press("Escape");
  await reader.getByRole("dialog", { name: "Advertisement" }).waitFor({ state: "detached" });
  await eventually(() => impressionsOf(publisher.token), { publisherStats: { impressions: 2 } });

  // A reader who refuses storage cannot be remembered, so gets no interstitial at all.
  thirdParty.setArticle(page([]), host);
  const refusing = await visitors.open({ userAgent: DESKTOP_CHROME, viewport: MOBILE });
  await refusing.goto(`${thirdParty.originFor(host)}/`);
  await refusing.waitForSelector('ins.adnet-zone[data-adnet-state="unfilled"]', { state: "attached", timeout: 30_000 });
  await refusing.getByRole("dialog", { name: "Advertisement" }).waitFor({ state: "detached" });
});

test("a sticky anchor stays at the bottom of the window, leaves the article's end visible above it, and can be dismissed", async () => {
  const { host, publisher } = await zoneWithAd("sticky", ANCHOR);
  thirdParty.setArticle(`<!doctype html><html lang="en"><title>Harbour</title><body style="margin:0">
    <h1>Harbour works begin</h1>${paragraphs}${publisher.adTag}<p id="end">The end of the report.</p></body></html>`, host);

  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  await reader.goto(`${thirdParty.originFor(host)}/`);
  const anchor = reader.locator("[data-adnet-presentation]");
  await anchor.locator('iframe[title="Advertisement"]').waitFor({ state: "visible", timeout: 30_000 });
  const viewport = reader.viewportSize()!;
  const bar = (await anchor.boundingBox())!;
  expect(bar.y + bar.height).toBe(viewport.height);
  expect(bar.height).toBeGreaterThanOrEqual(ANCHOR.height);

  // Scrolled to the end, the article's last line sits above the anchor, not under it.
  await reader.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const end = (await reader.locator("#end").boundingBox())!;
  expect(end.y + end.height).toBeLessThanOrEqual(bar.y);
  expect(await reader.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe(`${bar.height}px`);
  await screenshot(reader, "reader - sticky anchor at the end of the article");
  await eventually(() => impressionsOf(publisher.token), { publisherStats: { impressions: 1 } });

  await anchor.getByRole("button", { name: "Close ad" }).click();
  await anchor.waitFor({ state: "detached" });
  expect(await reader.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
  await expect(reader.locator("#end")).toBeVisible();
});
