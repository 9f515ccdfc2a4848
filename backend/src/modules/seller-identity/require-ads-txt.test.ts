import { liveAd, requestAd } from "../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../test/test-app";
import { Site } from "../sites/site.entity";
import { AdsTxtStatus } from "../sites/ads-txt-status";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REQUIRE_ADS_TXT: "1" });
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

it("with REQUIRE_ADS_TXT=1 leaves a site unfilled until its ads.txt lists the network, counting the reason", async () => {
  const ad = await liveAd(t);
  await t.app.services.adsTxt.settled();
  // The test site's domain does not resolve, so its check failed and its zones stay empty.
  expect((await t.app.dataSource.getRepository(Site).findOneByOrFail({ id: ad.site.id })).adsTxtStatus).toBe(AdsTxtStatus.FETCH_FAILED);
  for (let index = 0; index < 2; index++) expect((await requestAd(t, ad.zoneId, { page: ad.page })).body.fill).toBe(false);

  await t.app.services.delivery.flush();
  const report = await t.gql(`query ($input: ReportInput!) { publisherReport(input: $input) { invalid { event reason events } } }`, { input: { from: today(), to: today() } }, ad.publisher.token);
  expect(report.data!.publisherReport.invalid).toEqual([{ event: "request", reason: "ads_txt_missing", events: 2 }]);
  const options = await t.gql(`{ formOptions { invalidTrafficReasons { value label } } }`);
  expect(options.data!.formOptions.invalidTrafficReasons).toContainEqual({ value: "ads_txt_missing", label: "Site's ads.txt does not list the network (REQUIRE_ADS_TXT)" });

  // A check that finds the line lets the zone fill at the catalogue's next load.
  await t.app.dataSource.getRepository(Site).update({ id: ad.site.id }, { adsTxtStatus: AdsTxtStatus.FOUND });
  await t.app.services.delivery.inventory.reload();
  expect((await requestAd(t, ad.zoneId, { page: ad.page })).body).toMatchObject({ fill: true, creative: { id: ad.creativeId } });
});
