import { createZone, recordCounts } from "../../../test/ad-fixtures";
import { approvedSite, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const QUERY = `query ($max: Int, $days: Int) { rarelySeenZones(maxViewability: $max, days: $days) { zoneId zoneName siteName measured viewable viewabilityRate } }`;

it("lists a publisher's zones whose measured impressions rarely became viewable, least seen first, and no one else's", async () => {
  const admin = await signInAdmin(t);
  const publisher = await signUp(t, "publisher");
  const other = await signUp(t, "publisher");
  const site = await approvedSite(t, publisher, admin);
  const otherSite = await approvedSite(t, other, admin);
  const [footer, header, fresh] = [await createZone(t, publisher, site.id, [728, 90]), await createZone(t, publisher, site.id, [300, 250]), await createZone(t, publisher, site.id, [160, 600])];
  const otherZone = await createZone(t, other, otherSite.id, [728, 90]);
  const hour = new Date(Date.now() - 3600_000);
  const longAgo = new Date(Date.now() - 40 * 86_400_000);
  await recordCounts(t, [
    { hour, zoneId: footer, impressions: 200, measured: 200, viewable: 40 },
    { hour, zoneId: header, impressions: 210, measured: 200, viewable: 150 },
    // Too few measured impressions to judge.
    { hour, zoneId: fresh, impressions: 50, measured: 50, viewable: 0 },
    { hour, zoneId: otherZone, impressions: 200, measured: 200, viewable: 10 },
    // Before the stretch asked about: the header zone was once rarely seen.
    { hour: longAgo, zoneId: header, impressions: 1000, measured: 1000, viewable: 0 },
  ]);

  const listed = await t.gql(QUERY, {}, publisher.token);
  expect(listed.data!.rarelySeenZones).toEqual([{ zoneId: footer, zoneName: "Sidebar", siteName: expect.any(String), measured: 200, viewable: 40, viewabilityRate: 20 }]);
  const wider = await t.gql(QUERY, { max: 80 }, publisher.token);
  expect(wider.data!.rarelySeenZones.map((zone: { zoneId: number }) => zone.zoneId)).toEqual([footer, header]);
  const rest = await t.rest("GET", "/publisher/ad-zones/rarely-seen?max_viewability=80&days=7", { token: publisher.token });
  expect(rest.status).toBe(200);
  expect(rest.body).toEqual([
    { zone_id: footer, zone_name: "Sidebar", site_name: expect.any(String), measured: 200, viewable: 40, viewability_rate: 20 },
    { zone_id: header, zone_name: "Sidebar", site_name: expect.any(String), measured: 200, viewable: 150, viewability_rate: 75 },
  ]);
  // Sixty days back reach the header zone's bad month.
  const longer = await t.gql(QUERY, { days: 60 }, publisher.token);
  expect(longer.data!.rarelySeenZones.map((zone: { zoneId: number; viewabilityRate: number }) => [zone.zoneId, zone.viewabilityRate])).toEqual([
    [header, 12.5],
    [footer, 20],
  ]);
});

it("refuses a threshold or stretch out of range, and anyone but a publisher", async () => {
  const publisher = await signUp(t, "publisher");
  const advertiser = await signUp(t, "advertiser");
  const refused = await t.gql(QUERY, { max: 0 }, publisher.token);
  expect(refused.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "maxViewability" } });
  const rest = await t.rest("GET", "/publisher/ad-zones/rarely-seen?days=365", { token: publisher.token });
  expect(rest.status).toBe(422);
  expect(rest.body.detail).toBe("Days must be from 1 to 90");
  expect((await t.gql(QUERY, {}, advertiser.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  expect((await t.rest("GET", "/publisher/ad-zones/rarely-seen", { token: advertiser.token })).status).toBe(403);
});
