import { liveAd, requestAd, showAd } from "../../../test/ad-fixtures";
import { startAppPair, startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  // Periodic checks five minutes apart: only the reload a removal itself causes can stop the tag within seconds.
  t = await startTestApp({ DELIVERY_REFRESH_MS: "300000" });
});
afterAll(() => t.close());

/** Asks a process for an ad every 50 ms until the answer's `fill` is as expected, or 3 s have passed. */
async function fillsWithin(zoneId: number, page: string, fill: boolean, app = t): Promise<boolean> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const filled = (await requestAd(app, zoneId, { page })).body.fill === true;
    if (filled === fill || Date.now() > deadline) return filled;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const today = () => new Date().toISOString().slice(0, 10);

async function reportRows(token: string, breakdown: string) {
  const result = await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { rows { key impressions revenue } } }`, { input: { from: today(), to: today(), breakdown } }, token);
  expect(result.errors).toBeUndefined();
  return result.data!.publisherReport.rows as { key: string; impressions: number; revenue: number }[];
}

it("stops a removed zone's tag filling at once, while reports keep its figures", async () => {
  const ad = await liveAd(t, { cpm: 4 });
  await showAd(t, ad);
  await t.app.services.delivery.flush();

  const removed = await t.gql(`mutation { archiveAdZone(id: ${ad.zoneId}) { id } }`, {}, ad.publisher.token);
  expect(removed.errors).toBeUndefined();
  expect(await fillsWithin(ad.zoneId, ad.page, false)).toBe(false);
  expect((await requestAd(t, ad.zoneId, { page: ad.page })).status).toBe(404);

  expect(await reportRows(ad.publisher.token, "ZONE")).toEqual([{ key: String(ad.zoneId), impressions: 1, revenue: 0.0028 }]);
  expect((await t.gql(`{ publisherStats { impressions revenue } }`, {}, ad.publisher.token)).data!.publisherStats).toEqual({ impressions: 1, revenue: 0.0028 });
});

it("stops every zone of a removed site, while reports keep the site's figures", async () => {
  const ad = await liveAd(t, { cpm: 4 });
  await showAd(t, ad);
  await t.app.services.delivery.flush();

  expect((await t.rest("PUT", `/publisher/sites/${ad.site.id}/archive`, { token: ad.publisher.token })).status).toBe(200);
  expect(await fillsWithin(ad.zoneId, ad.page, false)).toBe(false);

  expect(await reportRows(ad.publisher.token, "SITE")).toEqual([{ key: String(ad.site.id), impressions: 1, revenue: 0.0028 }]);
});

it("stops an approved site's zones when its domain changes, until an admin approves it again", async () => {
  const ad = await liveAd(t);
  expect(await fillsWithin(ad.zoneId, ad.page, true)).toBe(true);
  const moved = await t.rest("PUT", `/publisher/sites/${ad.site.id}`, { token: ad.publisher.token, body: { domain: `moved-${ad.site.domain}` } });
  expect(moved.body.status).toBe("pending");
  const page = `https://moved-${ad.site.domain}/articles/1`;
  expect(await fillsWithin(ad.zoneId, page, false)).toBe(false);
  await t.rest("PUT", `/admin/sites/${ad.site.id}/approve`, { token: ad.admin.token });
  expect(await fillsWithin(ad.zoneId, page, true)).toBe(true);
});

it("stops a removed zone's tag in every process, as the removal is announced to them", async () => {
  const pair = await startAppPair({ DELIVERY_REFRESH_MS: "300000" });
  try {
    const ad = await liveAd(pair.first);
    expect(await fillsWithin(ad.zoneId, ad.page, true, pair.second)).toBe(true);
    expect((await pair.first.rest("PUT", `/publisher/ad-zones/${ad.zoneId}/archive`, { token: ad.publisher.token })).status).toBe(200);
    expect(await fillsWithin(ad.zoneId, ad.page, false, pair.second)).toBe(false);
  } finally {
    await pair.close();
  }
});
