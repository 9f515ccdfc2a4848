import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { advertiserWithBanner, DESKTOP_CHROME, eventually, publisherWithZone, serveAd } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount, baseUrl } from "./support/shared-server";
import { startThirdPartySite, type ThirdPartySite } from "./support/third-party-site";

const visitors = useVisitors();
const RECTANGLE = { width: 300, height: 250 };
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
// A $37 CPM no other spec bids: AdNet offers the publisher's 70%, $25.90, against the competitor's $5.
const ADNET_CPM = 37;
const ADNET_BID = 25.9;
const COMPETITOR_CPM = 5;

let thirdParty: ThirdPartySite;
let prebidBundle: string;
beforeAll(async () => {
  thirdParty = await startThirdPartySite();
  // Prebid.js 11 from npm with AdNet's adapter, the floors module and a fixed-price competitor.
  const out = mkdtempSync(join(tmpdir(), "adnet-e2e-prebid-"));
  const outfile = join(out, "prebid.js");
  execFileSync("node", [join(__dirname, "../../integrations/prebid/build.mjs"), join(__dirname, "../../integrations/prebid/test-page/entry.js"), outfile]);
  prebidBundle = readFileSync(outfile, "utf8");
  rmSync(out, { recursive: true, force: true });
});
afterAll(() => thirdParty.close());

/**
 * A publisher's article running Prebid for one slot: AdNet on its zone and the competitor, the
 * winner rendered in a frame in the slot as Prebid's own examples do without an ad server.
 */
function articleWithPrebid(zoneId: number, host: string, { floor }: { floor?: number } = {}) {
  const floors = floor === undefined ? {} : {
    // The competitor still bids under the floor: only AdNet's own refusal is under test.
    floors: { enforcement: { enforceJS: false }, data: { currency: "USD", schema: { fields: ["mediaType"] }, values: { banner: floor } } },
  };
  const settings = {
    adnet: { endpoint: `${baseUrl()}/openrtb2/auction` },
    // Prebid's site.domain is the page's host with its port (the test site's is not 80), which the
    // bidder does not yet take as the zone's site; the publisher's first-party data names it plainly.
    ortb2: { site: { domain: host } },
    ...floors,
  };
  const adUnit = {
    code: "top-slot",
    mediaTypes: { banner: { sizes: [[RECTANGLE.width, RECTANGLE.height]] } },
    bids: [{ bidder: "adnet", params: { zoneId } }, { bidder: "fixedPrice", params: { cpm: COMPETITOR_CPM } }],
  };
  // The bundle goes inline; a `</script` inside its strings must not end the element.
  const bundle = prebidBundle.replace(/<\/script/gi, "<\\/script");
  return `<!doctype html><html lang="en"><title>Local news</title>
    <h1>Harbour festival this weekend</h1>
    <div id="top-slot"></div>
    <p>Boats, music and food along the quay.</p>
    <script>${bundle}</script>
    <script>
      pbjs.que.push(function () {
        pbjs.setConfig(${JSON.stringify(settings)});
        pbjs.addAdUnits([${JSON.stringify(adUnit)}]);
        pbjs.requestBids({
          bidsBackHandler: function () {
            var winner = pbjs.getHighestCpmBids("top-slot")[0];
            var frame = document.createElement("iframe");
            frame.title = "Ad slot";
            frame.width = ${RECTANGLE.width};
            frame.height = ${RECTANGLE.height};
            frame.style.border = "0";
            document.getElementById("top-slot").appendChild(frame);
            frame.contentDocument.body.style.margin = "0";
            pbjs.renderAd(frame.contentWindow.document, winner.adId);
          }
        });
      });
    </script></html>`;
}

interface AuctionAnswer {
  status: number;
  body: { nbr?: number; seatbid?: { bid: { price: number; burl: string }[] }[] } | null;
  sent: { imp: { tagid: string; bidfloor?: number; bidfloorcur?: string }[]; device: { ua: string } };
}

/** Opens the article and returns AdNet's answer to the page's bid request, and what the page sent. */
async function visitArticle(reader: Page, url: string): Promise<AuctionAnswer> {
  const [response] = await Promise.all([reader.waitForResponse((candidate) => candidate.url().endsWith("/openrtb2/auction") && candidate.request().method() === "POST"), reader.goto(url)]);
  const text = await response.text();
  return { status: response.status(), body: text ? JSON.parse(text) : null, sent: JSON.parse(response.request().postData() ?? "{}") };
}

/** The winning ad: Prebid renders it in a frame of its own inside the page's slot frame. */
const slot = (reader: Page) => reader.frameLocator('#top-slot iframe[title="Ad slot"]').frameLocator("iframe");

const publisherFigures = (token: string) => graphql<{ publisherStats: { impressions: number; revenue: number }; myBalance: { earned: number } }>("{ publisherStats { impressions revenue } myBalance { earned } }", {}, token);
const advertiserFigures = (token: string) => graphql<{ advertiserStats: { impressions: number; spend: number } }>("{ advertiserStats { impressions spend } }", {}, token);

test("a publisher's Prebid.js asks AdNet for a bid: the higher bid wins and shows in the slot, and the impression is counted and billed once", async () => {
  const admin = await signIn(adminAccount());
  const tag = uniqueTag();
  const newsHost = `prebid-${tag}.localhost`;
  const cdn = thirdParty.originFor(`cdn-${tag}.localhost`);
  const publisher = await publisherWithZone(admin, { domain: newsHost, size: RECTANGLE, fullName: "Prebid Publisher" });
  // Its own site only: no other spec's zone takes this campaign, nor does this zone take theirs.
  const { token: advertiser } = await advertiserWithBanner(admin, {
    size: RECTANGLE,
    cpm: ADNET_CPM,
    contentUrl: `${cdn}/banner.svg`,
    clickUrl: `${thirdParty.originFor(`shop-${tag}.localhost`)}/landing`,
    targeting: { sites: { mode: "INCLUDE", values: [newsHost] } },
  });
  const article = `${thirdParty.originFor(newsHost)}/`;
  await eventually(() => serveAd(publisher.zoneId, article), { fill: true });

  // A crawler's page view gets no bid from AdNet, and the competitor fills the slot.
  thirdParty.setArticle(articleWithPrebid(publisher.zoneId, newsHost), newsHost);
  const crawler = await visitors.open({ userAgent: GOOGLEBOT });
  const crawled = await visitArticle(crawler, article);
  expect(crawled.sent.device.ua).toBe(GOOGLEBOT);
  expect(crawled.body).toMatchObject({ nbr: 3 });
  await expect(slot(crawler).locator("#fixed-price-ad")).toBeVisible();
  await screenshot(crawler, "crawler - the competitor fills the slot");

  // A floor above what AdNet would pay gets no bid: the competitor's ad shows.
  thirdParty.setArticle(articleWithPrebid(publisher.zoneId, newsHost, { floor: 30 }), newsHost);
  const floored = await visitors.open({ userAgent: DESKTOP_CHROME });
  const underFloor = await visitArticle(floored, article);
  expect(underFloor.sent.imp[0]).toMatchObject({ tagid: String(publisher.zoneId), bidfloor: 30, bidfloorcur: "USD" });
  expect({ status: underFloor.status, body: underFloor.body }).toEqual({ status: 204, body: null });
  await expect(slot(floored).locator("#fixed-price-ad")).toBeVisible();
  await screenshot(floored, "reader - floor above AdNet, the competitor fills the slot");

  // Nothing so far was AdNet's impression.
  expect(await publisherFigures(publisher.token)).toMatchObject({ publisherStats: { impressions: 0, revenue: 0 } });

  // A reader's page: AdNet bids $25.90 against $5, wins, and its banner renders in the slot.
  thirdParty.setArticle(articleWithPrebid(publisher.zoneId, newsHost), newsHost);
  const reader = await visitors.open({ userAgent: DESKTOP_CHROME });
  const won = await visitArticle(reader, article);
  expect(won.status).toBe(200);
  expect(won.body?.seatbid?.[0].bid[0].price).toBe(ADNET_BID);
  const banner = slot(reader).locator(`img[src="${cdn}/banner.svg"]`);
  await expect(banner).toBeVisible();
  expect(await slot(reader).locator("#fixed-price-ad").count()).toBe(0);
  await screenshot(reader, "reader - AdNet wins and renders in the slot");

  // Counted once, at the advertiser's CPM, and the publisher earns its share, in reports and ledger.
  await eventually(() => publisherFigures(publisher.token), { publisherStats: { impressions: 1, revenue: ADNET_BID / 1000 }, myBalance: { earned: ADNET_BID / 1000 } });
  await eventually(() => advertiserFigures(advertiser), { advertiserStats: { impressions: 1, spend: ADNET_CPM / 1000 } });
  // A second call of the same burl (a reload of the notice) bills nothing more.
  const burl = won.body!.seatbid![0].bid[0].burl.replace("${AUCTION_PRICE}", String(ADNET_BID));
  await reader.evaluate((url) => fetch(url, { credentials: "include" }).then((response) => response.status), burl);
  await reader.waitForTimeout(2000);
  expect(await publisherFigures(publisher.token)).toMatchObject({ publisherStats: { impressions: 1 }, myBalance: { earned: ADNET_BID / 1000 } });
  expect(await advertiserFigures(advertiser)).toMatchObject({ advertiserStats: { impressions: 1, spend: ADNET_CPM / 1000 } });
});
