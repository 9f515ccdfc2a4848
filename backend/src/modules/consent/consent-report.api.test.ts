import { BROWSER_UA, consentImpressions, liveAd, LiveAd } from "../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../test/test-app";
import { tcString } from "./tc-strings.fixture";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** An ad shown as the tag shows it: the ad request and its beacon, both carrying the page's signals. */
async function shown(ad: LiveAd, signals: string): Promise<void> {
  const headers = { "user-agent": BROWSER_UA };
  const response = await fetch(`${t.url}/serve?zone=${ad.zoneId}&page=${encodeURIComponent(ad.page)}${signals}`, { headers });
  const served = (await response.json()) as { fill: boolean; impressionUrl: string };
  expect(served.fill).toBe(true);
  expect((await fetch(`${served.impressionUrl}${signals}`, { method: "POST", headers })).status).toBeLessThan(300);
}

it("counts the network's impressions by consent state, in the admin's report and its CSV", async () => {
  const ad = await liveAd(t);
  await shown(ad, `&gdpr=1&gdpr_consent=${tcString({ purposes: [1, 3, 4], vendors: [] })}`);
  await shown(ad, "&gdpr=1");
  await shown(ad, "&gdpr=1&gdpr_consent=not-a-string");
  await shown(ad, "&gpc=1");
  await shown(ad, "");
  await shown(ad, "&gdpr=0");
  expect(await consentImpressions(t, ad.admin)).toEqual({ gdpr_consented: 1, gdpr_no_consent: 2, opted_out: 1, not_applicable: 2 });

  const today = new Date().toISOString().slice(0, 10);
  const csv = await (await fetch(`${t.url}/api/admin/reports.csv?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${ad.admin.token}` } })).text();
  const lines = csv.trim().split("\n");
  const impressionsColumn = lines[0].split(",").indexOf("Impressions");
  const consentLine = (label: string) => lines.find((line) => line.startsWith(label))!.split(",")[impressionsColumn];
  expect(consentLine("Consent: GDPR no consent")).toBe("2");
  expect(consentLine("Consent: opted out (US or GPC)")).toBe("1");
});
