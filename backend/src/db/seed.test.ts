import { signIn } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";
import { DEMO_LOGINS, seedDemoData } from "./seed";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
});
afterAll(() => t.close());

it("fills an empty database with every status, and signs in with each demo login", async () => {
  expect(await seedDemoData(t.app.services, t.app.dataSource)).toEqual(DEMO_LOGINS);
  const [admin, publisher, advertiser] = await Promise.all(DEMO_LOGINS.map((login) => signIn(t, login.email, login.password)));

  const sites = (await t.rest("GET", "/admin/sites", { token: admin.token })).body.map((s: { status: string }) => s.status);
  expect(new Set(sites)).toEqual(new Set(["pending", "approved", "rejected"]));
  const campaigns = (await t.rest("GET", "/admin/campaigns", { token: admin.token })).body.map((c: { status: string }) => c.status);
  expect(new Set(campaigns)).toEqual(new Set(["pending", "active", "paused", "completed", "rejected"]));
  expect((await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body.length).toBeGreaterThan(0);
  expect((await t.rest("GET", "/advertiser/stats", { token: advertiser.token })).body).toMatchObject({ impressions: 60000, spend: 240 });
  expect((await t.rest("GET", "/publisher/stats", { token: publisher.token })).body).toMatchObject({ impressions: 60000, revenue: 168 });
});

it("changes nothing once any user exists", async () => {
  const before = (await t.app.dataSource.query("SELECT COUNT(*) AS n FROM campaigns"))[0].n;
  expect(await seedDemoData(t.app.services, t.app.dataSource)).toBeNull();
  expect((await t.app.dataSource.query("SELECT COUNT(*) AS n FROM campaigns"))[0].n).toBe(before);
});
