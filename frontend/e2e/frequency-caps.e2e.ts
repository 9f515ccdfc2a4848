import type { Page } from "playwright-core";
import { advertiserWithBanner, type AdSize, DESKTOP_CHROME, eventually, publisherWithZone } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { readerBrowser, type ReaderBrowser } from "./support/reader-browser";
import { screenshot } from "./support/screenshots";
import { adminAccount, baseUrl } from "./support/shared-server";
import { cmpScript, undecidedCmpScript, usOptOutCmpScript } from "./support/tcf-cmp";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

let thirdParty: ThirdPartySite;
let reader: ReaderBrowser | undefined;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
});
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});
afterAll(() => thirdParty.close());

// A size of each test's own: campaigns of other tests and specs never compete for its zones.
let sizesHandedOut = 0;
const uniqueSize = (): AdSize => ({ width: 336 + sizesHandedOut++, height: 280 });

interface Network {
  /** Two publishers' sites, on hosts of their own, each with zones of the test's size (one unless asked). */
  sites: { host: string; origin: string; zoneId: number }[];
  /** The banner of the campaign capped at 2 a day, which outbids the other. */
  cappedBanner: string;
  fillerBanner: string;
}

const articleWith = (adTag: string, host: string, head = "") =>
  `<!doctype html><html lang="en"><title>${host}</title>${head}<h1>An article on ${host}</h1><p>Some text.</p>${adTag}</html>`;

/** Which banner the ad server would pick for a zone now, asked as a reader from the test's own address. */
async function bannerFor(site: Network["sites"][number], params = ""): Promise<{ url: string | undefined }> {
  const response = await fetch(`${baseUrl()}/serve?zone=${site.zoneId}&page=${encodeURIComponent(`${site.origin}/`)}${params}`, {
    headers: { "user-agent": DESKTOP_CHROME },
  });
  const ad = (await response.json()) as { creative?: { url: string } };
  return { url: ad.creative?.url };
}

/** More zones of the same size on the publisher's site, with their tags. */
async function moreZones(publisher: string, size: AdSize, count: number): Promise<string[]> {
  const { mySites } = await graphql<{ mySites: { id: number }[] }>("{ mySites { id } }", {}, publisher);
  const tags = [];
  for (let i = 0; i < count; i++) {
    const { createAdZone } = await graphql<{ createAdZone: { adTag: string } }>(
      "mutation ($input: CreateAdZoneInput!) { createAdZone(input: $input) { adTag } }",
      { input: { siteId: mySites[0].id, name: `Box ${i + 2}`, ...size, format: "banner", position: "content" } },
      publisher,
    );
    tags.push(createAdZone.adTag);
  }
  return tags;
}

async function network({ cmp, zonesPerPage = 1 }: { cmp?: string; zonesPerPage?: number } = {}): Promise<Network> {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const size = uniqueSize();
  const sites = [];
  for (const name of ["news", "recipes"]) {
    const host = `${name}-${tag}.localhost`;
    const publisher = await publisherWithZone(admin, { domain: host, size });
    const tags = [publisher.adTag, ...(await moreZones(publisher.token, size, zonesPerPage - 1))];
    thirdParty.setArticle(articleWith(tags.join("<p>More text.</p>"), host, cmp), host);
    sites.push({ host, origin: thirdParty.originFor(host), zoneId: publisher.zoneId });
  }
  const cappedBanner = `${thirdParty.originFor(`capped-${tag}.localhost`)}/banner.svg`;
  const fillerBanner = `${thirdParty.originFor(`filler-${tag}.localhost`)}/banner.svg`;
  await advertiserWithBanner(admin, { size, cpm: 8, contentUrl: cappedBanner, frequencyCaps: [{ count: 2, per: "day" }] });
  await advertiserWithBanner(admin, { size, cpm: 2, contentUrl: fillerBanner });
  // The ad server takes in approved campaigns shortly after: both are in once each wins where it should.
  for (const site of sites) {
    await eventually(() => bannerFor(site), { url: cappedBanner });
    await eventually(() => bannerFor(site, "&nocap=1"), { url: fillerBanner });
  }
  return { sites, cappedBanner, fillerBanner };
}

/**
 * Opens a page of the site as a reader and says which banner it showed, once the impression's
 * beacon was answered and any copy of the history it handed the page was stored: a reader reads
 * for a while before moving on.
 */
async function bannerOn(page: Page, url: string): Promise<string | null> {
  const beacon = page.waitForResponse((response) => response.url().includes("/t/i?"));
  await page.goto(url);
  await page.waitForSelector('ins.adnet-zone[data-adnet-state="filled"]');
  const banner = await page.frameLocator('ins.adnet-zone iframe[title="Advertisement"]').locator("img").getAttribute("src");
  const answer = await beacon;
  await answer.finished();
  if (answer.status() === 200) {
    const { history } = (await answer.json()) as { history: string };
    await page.waitForFunction((kept) => localStorage.getItem("adnet_history") === kept, history);
  }
  return banner;
}

async function bannersOn(page: Page, origin: string, paths: string[]): Promise<(string | null)[]> {
  const banners = [];
  for (const path of paths) banners.push(await bannerOn(page, `${origin}${path}`));
  return banners;
}

const adServerCookies = async (readerBrowserOpen: ReaderBrowser) => (await readerBrowserOpen.context.cookies(baseUrl())).filter((cookie) => cookie.name.startsWith("adnet"));

test("with third-party cookies allowed, a cap of 2 a day holds across the pages of a site and across the network's sites", async () => {
  const { sites, cappedBanner, fillerBanner } = await network();
  reader = await readerBrowser({ thirdPartyCookies: true });
  const page = await reader.context.newPage();
  const [news, recipes] = sites;

  expect(await bannersOn(page, news.origin, ["/politics", "/sport", "/weather"])).toEqual([cappedBanner, cappedBanner, fillerBanner]);
  await screenshot(page, "third page of the news site - the other ad");
  expect(await bannersOn(page, recipes.origin, ["/soup", "/bread"])).toEqual([fillerBanner, fillerBanner]);

  // The network's identifier is the ad server's cookie, kept 13 months and out of the pages' reach.
  const [cookie] = await adServerCookies(reader);
  expect(cookie).toMatchObject({ name: "adnet_visitor", httpOnly: true, secure: true, sameSite: "None" });
  const monthsLeft = (cookie.expires * 1000 - Date.now()) / (30 * 86_400_000);
  expect(monthsLeft).toBeGreaterThan(12.9);
  expect(monthsLeft).toBeLessThan(13.2);
});

test("with third-party cookies blocked, the cap holds across the pages of each site, per site", async () => {
  const { sites, cappedBanner, fillerBanner } = await network();
  reader = await readerBrowser({ thirdPartyCookies: false });
  const page = await reader.context.newPage();
  const [news, recipes] = sites;

  expect(await bannersOn(page, news.origin, ["/politics", "/sport", "/weather"])).toEqual([cappedBanner, cappedBanner, fillerBanner]);
  expect(await bannersOn(page, recipes.origin, ["/soup", "/bread", "/cake"])).toEqual([cappedBanner, cappedBanner, fillerBanner]);
  await screenshot(page, "third page of the recipes site - the other ad");

  expect(await adServerCookies(reader)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("adnet_history"))).toMatch(/^[\w-]{16}\.\d+\.[\d:!]+\.[\w-]{22}$/);
});

test("with a TCF consent refusing storage, nothing is stored and the capped campaign does not serve", async () => {
  const { sites, fillerBanner } = await network({ cmp: cmpScript({ consentedPurposes: [2, 3, 4, 7] }) });
  reader = await readerBrowser({ thirdPartyCookies: true });
  const page = await reader.context.newPage();
  const adRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(`${baseUrl()}/serve?`)) adRequests.push(request.url());
  });

  for (const site of sites) expect(await bannersOn(page, site.origin, ["/politics", "/sport", "/weather"])).toEqual([fillerBanner, fillerBanner, fillerBanner]);
  await screenshot(page, "refused consent - the uncapped ad");

  expect(adRequests).toHaveLength(6);
  // The signal the ad server reads as "GDPR applies, no consent": no string that could say otherwise.
  for (const url of adRequests) {
    expect(new URL(url).searchParams.get("gdpr")).toBe("1");
    expect(new URL(url).searchParams.has("gdpr_consent")).toBe(false);
  }
  expect(await reader.context.cookies()).toEqual([]);
  for (const site of sites) {
    await page.goto(`${site.origin}/politics`);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  }
});

test("while the reader has not chosen in the CMP's dialog, the page still shows uncapped ads and nothing is stored", async () => {
  const { sites, fillerBanner } = await network({ cmp: undecidedCmpScript() });
  reader = await readerBrowser({ thirdPartyCookies: true });
  const page = await reader.context.newPage();
  expect(await bannersOn(page, sites[0].origin, ["/politics", "/sport"])).toEqual([fillerBanner, fillerBanner]);
  expect(await reader.context.cookies()).toEqual([]);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test("with a TCF consent to storage, the cap holds as without a CMP", async () => {
  const { sites, cappedBanner, fillerBanner } = await network({ cmp: cmpScript({ consentedPurposes: [1, 2, 3, 4, 7] }) });
  reader = await readerBrowser({ thirdPartyCookies: true });
  const page = await reader.context.newPage();
  const adRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(`${baseUrl()}/serve?`)) adRequests.push(request.url());
  });
  expect(await bannersOn(page, sites[0].origin, ["/politics", "/sport", "/weather"])).toEqual([cappedBanner, cappedBanner, fillerBanner]);
  expect(await adServerCookies(reader)).toHaveLength(1);
  expect(new URL(adRequests[0]).searchParams.get("gdpr_consent")).toMatch(/^[\w-]+(\.[\w-]+)*$/);
});

test("with Global Privacy Control, the cap holds on the site from the page's copy, and the ad server keeps no cookie", async () => {
  const { sites, cappedBanner, fillerBanner } = await network({});
  reader = await readerBrowser({ thirdPartyCookies: true });
  await reader.context.addInitScript(() => Object.defineProperty(navigator, "globalPrivacyControl", { value: true }));
  const page = await reader.context.newPage();
  expect(await bannersOn(page, sites[0].origin, ["/politics", "/sport", "/weather"])).toEqual([cappedBanner, cappedBanner, fillerBanner]);
  expect(await adServerCookies(reader)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("adnet_history"))).toMatch(/^[\w-]{16}\./);
});

test("with a US opt-out in the page's GPP and US Privacy APIs, the signals reach the ad server, which keeps no cookie", async () => {
  const { sites, cappedBanner, fillerBanner } = await network({ cmp: usOptOutCmpScript() });
  reader = await readerBrowser({ thirdPartyCookies: true });
  const page = await reader.context.newPage();
  const adRequests: URL[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(`${baseUrl()}/serve?`)) adRequests.push(new URL(request.url()));
  });
  expect(await bannersOn(page, sites[0].origin, ["/politics", "/sport", "/weather"])).toEqual([cappedBanner, cappedBanner, fillerBanner]);
  expect(await adServerCookies(reader)).toEqual([]);
  expect(Object.fromEntries(["gpp", "gpp_sid", "us_privacy", "gdpr"].map((name) => [name, adRequests[0].searchParams.get(name)]))).toEqual({
    gpp: "DBABTA~1YYN", gpp_sid: "6", us_privacy: "1YYN", gdpr: null,
  });
});

test("the zones of one page keep the cap together: of three, two show the capped ad", async () => {
  const { sites, cappedBanner, fillerBanner } = await network({ zonesPerPage: 3 });
  reader = await readerBrowser({ thirdPartyCookies: true });
  const page = await reader.context.newPage();
  await page.goto(`${sites[0].origin}/politics`);
  await page.waitForFunction(() => document.querySelectorAll('ins.adnet-zone[data-adnet-state="filled"]').length === 3);
  const banners = [];
  for (let zone = 0; zone < 3; zone++) banners.push(await page.frameLocator('ins.adnet-zone iframe[title="Advertisement"]').nth(zone).locator("img").getAttribute("src"));
  expect(banners.sort()).toEqual([cappedBanner, cappedBanner, fillerBanner].sort());
  await screenshot(page, "three zones - the capped ad twice");
});
