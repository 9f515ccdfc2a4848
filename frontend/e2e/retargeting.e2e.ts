import type { Page } from "playwright-core";
import { advertiserWithBanner, type AdSize, DESKTOP_CHROME, eventually, publisherWithZone } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { readerBrowser, type ReaderBrowser } from "./support/reader-browser";
import { screenshot } from "./support/screenshots";
import { adminAccount, baseUrl } from "./support/shared-server";
import { cmpScript } from "./support/tcf-cmp";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

let thirdParty: ThirdPartySite;
let reader: ReaderBrowser | undefined;
let shop: { consenting: string; refusing: string };
let news: { origin: string; zoneId: number };
let retargetingBanner: string;
let fillerBanner: string;

const EVERY_PURPOSE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const page = (host: string, body: string, head = "") => `<!doctype html><html lang="en"><title>${host}</title>${head}<h1>${host}</h1>${body}</html>`;

/** Which banner the ad server picks now for a reader with no memberships, asked from the test itself. */
async function bannerForStranger(): Promise<{ url: string | undefined }> {
  const response = await fetch(`${baseUrl()}/serve?zone=${news.zoneId}&page=${encodeURIComponent(`${news.origin}/`)}`, { headers: { "user-agent": DESKTOP_CHROME } });
  return { url: ((await response.json()) as { creative?: { url: string } }).creative?.url };
}

beforeAll(async () => {
  thirdParty = await startThirdPartySite();
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const size: AdSize = { width: 317, height: 263 };
  const newsHost = `news-${tag}.localhost`;
  const publisher = await publisherWithZone(admin, { domain: newsHost, size });
  news = { origin: thirdParty.originFor(newsHost), zoneId: publisher.zoneId };
  // The publisher's page asks its readers too: consent to every purpose, so only the audience decides.
  thirdParty.setArticle(page(newsHost, `<p>Today's news.</p>${publisher.adTag}`, cmpScript({ consentedPurposes: EVERY_PURPOSE })), newsHost);

  retargetingBanner = `${thirdParty.originFor(`retarget-${tag}.localhost`)}/banner.svg`;
  fillerBanner = `${thirdParty.originFor(`filler-${tag}.localhost`)}/banner.svg`;
  const advertiser = await advertiserWithBanner(admin, { size, cpm: 8, contentUrl: retargetingBanner, fullName: "Shop Advertiser" });
  await advertiserWithBanner(admin, { size, cpm: 2, contentUrl: fillerBanner });

  // The shop's two country sites, each with its consent dialog's answer and the advertiser's audience pixel.
  shop = { consenting: `shop-${tag}.localhost`, refusing: `eu-shop-${tag}.localhost` };
  const { createAudience } = await graphql<{ createAudience: { id: number } }>(
    "mutation ($input: CreateAudienceInput!) { createAudience(input: $input) { id } }",
    { input: { name: "Shop visitors", rule: "VISITED", windowDays: 30, siteDomains: [shop.consenting, shop.refusing] } },
    advertiser.token,
  );
  const { audiencePixel } = await graphql<{ audiencePixel: { tag: string } }>("{ audiencePixel { tag } }", {}, advertiser.token);
  thirdParty.setArticle(page(shop.consenting, `<p>Autumn coats.</p>${audiencePixel.tag}`, cmpScript({ consentedPurposes: EVERY_PURPOSE })), shop.consenting);
  // Storage allowed, personalised ads (purposes 3 and 4) refused.
  thirdParty.setArticle(page(shop.refusing, `<p>Autumn coats.</p>${audiencePixel.tag}`, cmpScript({ consentedPurposes: [1, 2, 7] })), shop.refusing);

  await graphql("mutation ($id: Int!, $input: UpdateCampaignInput!) { updateCampaign(id: $id, input: $input) { id } }", { id: advertiser.campaignId, input: { audiences: { include: [createAudience.id], exclude: [] } } }, advertiser.token);
  // Once the ad server has the campaign and its audience rule, a reader in no audience gets the filler.
  await eventually(bannerForStranger, { url: fillerBanner });
});
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});
afterAll(() => thirdParty.close());

/** Opens the shop's page and waits for the pixel's answer, as the advertiser's script element tells it. */
async function visitShop(tab: Page, host: string): Promise<{ state: string | null; reason: string | null }> {
  await tab.goto(`${thirdParty.originFor(host)}/coats`);
  const pixel = tab.locator("script[data-advertiser][data-adnet-audience]");
  await pixel.waitFor({ state: "attached" });
  return { state: await pixel.getAttribute("data-adnet-audience"), reason: await pixel.getAttribute("data-adnet-reason") };
}

async function bannerOnNews(tab: Page): Promise<string | null> {
  await tab.goto(`${news.origin}/today`);
  await tab.waitForSelector('ins.adnet-zone[data-adnet-state="filled"]');
  return tab.frameLocator('ins.adnet-zone iframe[title="Advertisement"]').locator("img").getAttribute("src");
}

test("a reader who consented and visited the shop sees its retargeting campaign on a publisher's page", async () => {
  reader = await readerBrowser({ thirdPartyCookies: true });
  const tab = await reader.context.newPage();
  expect(await bannerOnNews(tab)).toBe(fillerBanner);

  expect(await visitShop(tab, shop.consenting)).toEqual({ state: "stored", reason: null });
  expect(await bannerOnNews(tab)).toBe(retargetingBanner);
  await screenshot(tab, "publisher page showing the retargeting campaign");

  // Deleting on request: the opt-out page clears the memberships, and the shop's pixel no longer adds the reader.
  await tab.goto(`${baseUrl()}/audiences/opt-out`);
  expect(await tab.locator("p").first().textContent()).toContain("Your audience memberships on this browser are deleted.");
  expect(await bannerOnNews(tab)).toBe(fillerBanner);
  expect(await visitShop(tab, shop.consenting)).toEqual({ state: "not-stored", reason: "The visitor opted out of audiences at /audiences/opt-out" });
  expect(await bannerOnNews(tab)).toBe(fillerBanner);
});

test("a reader who refused personalised ads is never added, and never sees the retargeting campaign", async () => {
  reader = await readerBrowser({ thirdPartyCookies: true });
  const tab = await reader.context.newPage();
  expect(await visitShop(tab, shop.refusing)).toEqual({
    state: "not-stored",
    reason: "GDPR applies and the consent string gives the network no consent to personalised ads (TCF purposes 3 and 4), or the visitor opted out",
  });
  expect((await reader.context.cookies(baseUrl())).map((cookie) => cookie.name)).not.toContain("adnet_audiences");
  for (const _visit of [1, 2]) expect(await bannerOnNews(tab)).toBe(fillerBanner);
  await screenshot(tab, "publisher page showing another ad to a reader who did not consent");
});
