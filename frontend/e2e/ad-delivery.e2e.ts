import { graphql, newAccount, registeredToken, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

const visitors = useVisitors();
const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let thirdParty: ThirdPartySite;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
});
afterAll(() => thirdParty.close());

interface Figures {
  publisherStats: { impressions: number; clicks: number; revenue: number };
  myBalance: { available: number };
}

const publisherFigures = (token: string) =>
  graphql<Figures>("{ publisherStats { impressions clicks revenue } myBalance { available } }", {}, token);
const advertiserFigures = (token: string) =>
  graphql<{ advertiserStats: { impressions: number; clicks: number; spend: number } }>("{ advertiserStats { impressions clicks spend } }", {}, token);

/** The dashboards update within seconds: the ad server writes its counts about once a second. */
async function eventually<T>(read: () => Promise<T>, expected: unknown): Promise<T> {
  const deadline = Date.now() + 15_000;
  let last = await read();
  while (Date.now() < deadline) {
    try {
      expect(last).toMatchObject(expected as object);
      return last;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
      last = await read();
    }
  }
  expect(last).toMatchObject(expected as object);
  return last;
}

/** A publisher with an approved site on `domain` and a 300×250 zone; returns the zone's ad tag. */
async function publisherWithZone(admin: string, domain: string) {
  const token = await registeredToken(newAccount("PUBLISHER", "Tag Publisher"));
  const { createSite } = await graphql<{ createSite: { id: number } }>(
    "mutation ($input: CreateSiteInput!) { createSite(input: $input) { id } }",
    { input: { domain, name: `News ${domain}`, category: "news", description: "Local news." } },
    token,
  );
  await graphql(`mutation { approveSite(id: ${createSite.id}) { status } }`, {}, admin);
  const { createAdZone } = await graphql<{ createAdZone: { adTag: string } }>(
    "mutation ($input: CreateAdZoneInput!) { createAdZone(input: $input) { adTag } }",
    { input: { siteId: createSite.id, name: "Article box", width: 300, height: 250, format: "banner", position: "content" } },
    token,
  );
  return { token, adTag: createAdZone.adTag };
}

/** An advertiser's approved $4 CPM campaign with an approved 300×250 banner on the third-party CDN. */
async function advertiserWithBanner(admin: string, cdn: string, landing: string) {
  const token = await registeredToken(newAccount("ADVERTISER", "Tag Advertiser"));
  const { createCampaign } = await graphql<{ createCampaign: { id: number } }>(
    "mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name: `Autumn ${uniqueTag()}`, budget: 500, cpm: 4 } },
    token,
  );
  await graphql(`mutation { approveCampaign(id: ${createCampaign.id}) { status } }`, {}, admin);
  const { createCreative } = await graphql<{ createCreative: { id: number } }>(
    "mutation ($input: CreateCreativeInput!) { createCreative(input: $input) { id } }",
    {
      input: { campaignId: createCampaign.id, name: "Autumn banner", type: "image", contentUrl: `${cdn}/banner.svg`, clickUrl: landing, width: 300, height: 250 },
    },
    token,
  );
  await graphql(`mutation { approveCreative(id: ${createCreative.id}) { status } }`, {}, admin);
  return token;
}

test("a tag pasted into a third-party page shows the approved ad, counts the view and the click, and moves the money", async () => {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const newsHost = `news-${tag}.localhost`;
  const publisher = await publisherWithZone(admin, newsHost);
  const landing = `${thirdParty.originFor(`shop-${tag}.localhost`)}/landing`;
  const cdn = thirdParty.originFor(`cdn-${tag}.localhost`);
  const advertiser = await advertiserWithBanner(admin, cdn, landing);
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
  await screenshot(reader, "reader - article with the ad");

  await eventually(() => publisherFigures(publisher.token), { publisherStats: { impressions: 1, clicks: 0, revenue: 0.0028 }, myBalance: { available: 0.0028 } });
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
