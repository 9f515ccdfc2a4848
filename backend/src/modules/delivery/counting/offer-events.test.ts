import { BROWSER_UA, liveAd, requestAd, sendBeacon, showAd, trafficQuality } from "../../../../test/ad-fixtures";
import { signInAdmin } from "../../../../test/factories";
import { startTestApp, TestApp } from "../../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Refused events so far, by event and reason, as the admin's traffic quality report reads them. */
async function refusals(): Promise<Record<string, number>> {
  await t.app.services.delivery.flush();
  const report = await trafficQuality(t, await signInAdmin(t));
  return Object.fromEntries(report.byReason.map((row) => [`${row.event}:${row.reason}`, row.events]));
}

const today = () => new Date().toISOString().slice(0, 10);

/** Today's measurement of the advertiser's creatives and the publisher's zones, as their reports read it from the read model. */
async function measurement(ad: Awaited<ReturnType<typeof liveAd>>) {
  await t.app.services.delivery.flush();
  const input = { from: today(), to: today() };
  const fields = "key measured viewable viewabilityRate videoStarts completes completionRate";
  const advertiser = await t.gql(`query ($input: ReportInput!) { advertiserReport(input: $input) { rows { ${fields} cpcv } } }`, { input: { ...input, breakdown: "CREATIVE" } }, ad.advertiser.token);
  const publisher = await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { rows { ${fields} } } }`, { input: { ...input, breakdown: "ZONE" } }, ad.publisher.token);
  return { creative: advertiser.data!.advertiserReport.rows.find((row: { key: string }) => row.key === String(ad.creativeId)), zone: publisher.data!.publisherReport.rows.find((row: { key: string }) => row.key === String(ad.zoneId)) };
}

const event = (eventUrl: string, name: string, site: string, extra = "") => sendBeacon(`${eventUrl}&e=${name}${extra}`, { origin: `https://${site}` });

it("hands every served ad a signed link for its events, answered like the impression beacon", async () => {
  const ad = await liveAd(t);
  const { served } = await showAd(t, ad);
  expect(served.eventUrl).toBe(served.impressionUrl.replace("/t/i?", "/t/e?"));
  const answer = await event(served.eventUrl, "viewable", ad.site.domain);
  expect(answer.status).toBe(204);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("access-control-allow-origin")).toBe(`https://${ad.site.domain}`);
  const get = await fetch(`${served.eventUrl}&e=pause`, { headers: { "user-agent": BROWSER_UA } });
  expect(get.status).toBe(204);
});

it("refuses an event before its impression, and the same event twice, as invalid traffic", async () => {
  const ad = await liveAd(t);
  const before = await refusals();
  const served = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
  await event(served.eventUrl, "viewable", ad.site.domain);
  await sendBeacon(served.impressionUrl, { origin: `https://${ad.site.domain}` });
  await event(served.eventUrl, "viewable", ad.site.domain);
  await event(served.eventUrl, "viewable", ad.site.domain);
  await event(served.eventUrl, "complete", ad.site.domain);
  await event(served.eventUrl, "start", ad.site.domain);
  const after = await refusals();
  expect((after["viewable:no_impression"] ?? 0) - (before["viewable:no_impression"] ?? 0)).toBe(1);
  expect((after["viewable:replay"] ?? 0) - (before["viewable:replay"] ?? 0)).toBe(1);
  // Out of order is no fault: a player may report completion before its start beacon lands.
  expect(after["complete:replay"] ?? 0).toBe(before["complete:replay"] ?? 0);
  expect(after["start:replay"] ?? 0).toBe(before["start:replay"] ?? 0);
});

it("keeps a player's error as refused traffic and takes its controls without counting them", async () => {
  const ad = await liveAd(t);
  const { served } = await showAd(t, ad);
  const before = await refusals();
  expect((await event(served.eventUrl, "error", ad.site.domain, "&code=405")).status).toBe(204);
  for (const control of ["pause", "resume", "mute", "unmute", "skip"]) expect((await event(served.eventUrl, control, ad.site.domain)).status).toBe(204);
  const after = await refusals();
  expect((after["error:vast_error"] ?? 0) - (before["error:vast_error"] ?? 0)).toBe(1);
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
  expect(total(after) - total(before)).toBe(1);
});

it("answers a bad event name or error code with what is wrong, and a forged link as invalid traffic", async () => {
  const ad = await liveAd(t);
  const { served } = await showAd(t, ad);
  const unknown = await event(served.eventUrl, "collapse", ad.site.domain);
  expect(unknown.status).toBe(400);
  expect(((await unknown.json()) as { detail: string }).detail).toMatch(/^e must be one of viewable, start,/);
  const noCode = await event(served.eventUrl, "error", ad.site.domain, "&code=abc");
  expect(noCode.status).toBe(400);
  expect(((await noCode.json()) as { detail: string }).detail).toMatch(/code must be a VAST error code/);
  const before = await refusals();
  expect((await sendBeacon(`${t.url}/t/e?d=garbage&e=viewable`)).status).toBe(204);
  expect((await refusals())["viewable:bad_signature"] ?? 0).toBe((before["viewable:bad_signature"] ?? 0) + 1);
});

it("counts each measured event of an offer once, beside the impressions the tag could measure", async () => {
  const ad = await liveAd(t);
  const measuredOffer = (await requestAd(t, ad.zoneId, { page: ad.page })).body;
  await sendBeacon(`${measuredOffer.impressionUrl}&m=1`, { origin: `https://${ad.site.domain}` });
  const unmeasured = await showAd(t, ad);
  for (const name of ["viewable", "viewable", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "complete"]) await event(measuredOffer.eventUrl, name, ad.site.domain);
  await event(unmeasured.served.eventUrl, "start", ad.site.domain);
  const { creative, zone } = await measurement(ad);
  expect(creative).toEqual({ key: String(ad.creativeId), measured: 1, viewable: 1, viewabilityRate: 100, videoStarts: 2, completes: 1, completionRate: 50, cpcv: 0.004 * 2 });
  expect(zone).toEqual({ key: String(ad.zoneId), measured: 1, viewable: 1, viewabilityRate: 100, videoStarts: 2, completes: 1, completionRate: 50 });
});
