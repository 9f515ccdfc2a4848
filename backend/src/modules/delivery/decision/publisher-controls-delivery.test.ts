import { Account, approvedSite, signInAdmin, signUp } from "../../../../test/factories";
import { approvedCampaign, createZone, liveAd, requestAd, uniqueSize } from "../../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../../test/test-app";

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const reload = () => t.app.services.delivery.inventory.reload();

/** Which campaign's creative each of a few requests for the zone shows (null: unfilled). */
async function servedCreatives(zoneId: number, domain: string, requests = 5): Promise<(number | null)[]> {
  const shown: (number | null)[] = [];
  for (let index = 0; index < requests; index++) {
    const { body } = await requestAd(t, zoneId, { page: `https://${domain}/articles/${index}` });
    shown.push(body.fill ? body.creative.id : null);
  }
  return shown;
}

/** The refused requests on the publisher's zones today, by reason, as their report shows them. */
async function refusedRequests(publisher: Account): Promise<Record<string, number>> {
  await t.app.services.delivery.flush();
  const result = await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { invalid { event reason events } } }`, { input: { from: today(), to: today() } }, publisher.token);
  expect(result.errors).toBeUndefined();
  const byReason: Record<string, number> = {};
  for (const point of result.data!.publisherReport.invalid as { event: string; reason: string; events: number }[]) {
    if (point.event === "request") byReason[point.reason] = (byReason[point.reason] ?? 0) + point.events;
  }
  return byReason;
}

it("leaves a zone unfilled below its floor, counted as below_floor, until a bid pays the publisher enough", async () => {
  // A $4 CPM pays the publisher $2.80 per thousand at the default 70% share.
  const size = uniqueSize();
  const ad = await liveAd(t, { cpm: 4, zoneSize: size });
  const floored = await t.rest("PUT", `/publisher/ad-zones/${ad.zoneId}`, { token: ad.publisher.token, body: { floor: 2.81 } });
  expect(floored.body.floor).toBe(2.81);
  await reload();
  expect(await servedCreatives(ad.zoneId, ad.site.domain, 3)).toEqual([null, null, null]);
  expect(await refusedRequests(ad.publisher)).toEqual({ below_floor: 3 });

  const richer = await approvedCampaign(t, ad.advertiser, admin, { cpm: 4.02, zoneSize: size });
  await reload();
  expect(await servedCreatives(ad.zoneId, ad.site.domain, 3)).toEqual([richer.creativeId, richer.creativeId, richer.creativeId]);
  expect(await refusedRequests(ad.publisher)).toEqual({ below_floor: 3 });
  // The filled requests count as requests, as the unfilled ones did.
  const report = await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { totals { requests impressions } } }`, { input: { from: today(), to: today() } }, ad.publisher.token);
  expect(report.data!.publisherReport.totals).toEqual({ requests: 6, impressions: 0 });
});

/** One publisher's two approved sites, each with a zone of the same new size. */
async function twoSites() {
  const publisher = await signUp(t, "publisher");
  const size = uniqueSize();
  const blocking = await approvedSite(t, publisher, admin);
  const open = await approvedSite(t, publisher, admin);
  return {
    publisher,
    size,
    blocking: { ...blocking, zoneId: await createZone(t, publisher, blocking.id, size) },
    open: { ...open, zoneId: await createZone(t, publisher, open.id, size) },
  };
}

it("never shows a blocked category on the site that blocks it, and shows it on another", async () => {
  const { publisher, size, blocking, open } = await twoSites();
  const advertiser = await signUp(t, "advertiser");
  const casino = await approvedCampaign(t, advertiser, admin, { cpm: 9, zoneSize: size, category: "gambling" });
  const shop = await approvedCampaign(t, advertiser, admin, { cpm: 2, zoneSize: size });
  const blocked = await t.rest("PUT", `/publisher/sites/${blocking.id}`, { token: publisher.token, body: { blocked_categories: ["gambling"] } });
  expect(blocked.body.blocked_categories).toEqual(["gambling"]);
  await reload();

  expect(await servedCreatives(blocking.zoneId, blocking.domain)).toEqual(Array(5).fill(shop.creativeId));
  expect(await servedCreatives(open.zoneId, open.domain)).toEqual(Array(5).fill(casino.creativeId));

  // With nothing else to show, the request goes unfilled and says why.
  await t.rest("PUT", `/publisher/sites/${blocking.id}`, { token: publisher.token, body: { blocked_categories: ["gambling", "general"] } });
  await reload();
  expect(await servedCreatives(blocking.zoneId, blocking.domain, 2)).toEqual([null, null]);
  expect(await refusedRequests(publisher)).toEqual({ blocked_category: 2 });
});

it("never shows an ad landing on a blocked domain (or under it) on that site, and shows it on another", async () => {
  const { publisher, size, blocking, open } = await twoSites();
  // The fixture's creative lands on shop.example.com.
  const ad = await approvedCampaign(t, await signUp(t, "advertiser"), admin, { cpm: 3, zoneSize: size });
  const blocked = await t.gql(`mutation { updateSite(id: ${blocking.id}, input: { blockedDomains: ["Example.com"] }) { blockedDomains } }`, {}, publisher.token);
  expect(blocked.data).toEqual({ updateSite: { blockedDomains: ["example.com"] } });
  await reload();

  expect(await servedCreatives(blocking.zoneId, blocking.domain, 3)).toEqual([null, null, null]);
  expect(await servedCreatives(open.zoneId, open.domain, 3)).toEqual([ad.creativeId, ad.creativeId, ad.creativeId]);
  expect(await refusedRequests(publisher)).toEqual({ blocked_domain: 3 });
});
