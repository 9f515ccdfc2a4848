import { liveAd } from "../../../../../test/ad-fixtures";
import { startTestApp, TestApp } from "../../../../../test/test-app";
import { beacon, BEHIND_PROXY, from, impressions, refusals, serveTo } from "../../../../../test/visitor-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(BEHIND_PROXY);
});
afterAll(() => t.close());

/** A restarted app listens on another port: the same link, to wherever it is now. */
const now = (url: string) => url.replace(/^http:\/\/[^/]+/, t.url);

it("refuses, after a restart without Redis, the beacons and clicks of offers counted before it", async () => {
  const ad = await liveAd(t);
  const visitor = from("203.0.113.7");
  const served = await Promise.all([0, 1, 2].map(() => serveTo(t, ad, visitor)));
  for (const offer of served) expect((await beacon(offer.impressionUrl, visitor)).status).toBe(204);
  const click = await fetch(served[0].clickUrl, { redirect: "manual", headers: visitor });
  expect(click.headers.get("location")).toContain("adnet_click=");
  expect(await impressions(t, ad)).toBe(3);

  await t.restart();
  for (const offer of served) await beacon(now(offer.impressionUrl), visitor);
  const again = await fetch(now(served[0].clickUrl), { redirect: "manual", headers: visitor });
  expect(again.headers.get("location")).not.toContain("adnet_click=");
  // An offer served before the restart and never shown still counts once.
  const unseen = await serveTo(t, ad, visitor);
  // Refusals are statistics kept in memory until written: written now, not left to the stop.
  await t.app.services.delivery.flush();
  await t.restart();
  await beacon(now(unseen.impressionUrl), visitor);
  expect(await impressions(t, ad)).toBe(4);
  const refused = await refusals(t);
  expect({ impressions: refused["impression:replay"], clicks: refused["click:replay"] }).toEqual({ impressions: 3, clicks: 1 });
});
