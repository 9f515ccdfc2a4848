import { publisherStats, requestAd, sendBeacon } from "../../test/ad-fixtures";
import { signIn } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";
import { booksAgree } from "../modules/ledger/books";
import { MailMessage } from "../modules/mail/mail-message.entity";
import { DEMO_LOGINS, seedDemoData } from "./seed";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
});
afterAll(() => t.close());

it("fills an empty database with every status, and signs in with each demo login", async () => {
  expect(await seedDemoData(t.app.services, t.app.dataSource, t.url)).toEqual(DEMO_LOGINS);
  const [admin, publisher, advertiser] = await Promise.all(DEMO_LOGINS.map((login) => signIn(t, login.email, login.password)));

  const sites = (await t.rest("GET", "/admin/sites", { token: admin.token })).body.map((s: { status: string }) => s.status);
  expect(new Set(sites)).toEqual(new Set(["pending", "approved", "rejected"]));
  const campaigns = (await t.rest("GET", "/admin/campaigns", { token: admin.token })).body.map((c: { status: string }) => c.status);
  expect(new Set(campaigns)).toEqual(new Set(["pending", "active", "paused", "completed", "rejected"]));
  expect((await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body.length).toBeGreaterThan(0);
  // Spring Sale ran 60,000 impressions and Retargeting Q3 200,000, its whole $800 budget, at $4.00 CPM: the campaigns' all-time figures.
  const running = (await t.rest("GET", "/advertiser/campaigns", { token: advertiser.token })).body as { impressions: number; spend: number }[];
  expect(running.reduce((sum, campaign) => sum + campaign.impressions, 0)).toBe(260000);
  expect(running.reduce((sum, campaign) => sum + campaign.spend, 0)).toBeCloseTo(1040, 6);
  // The stat cards show this month so far: three tenths of the demo traffic ran this hour, two tenths last month.
  expect((await t.rest("GET", "/advertiser/stats", { token: advertiser.token })).body).toMatchObject({ impressions: 78000, spend: 312 });
  expect((await t.rest("GET", "/publisher/stats", { token: publisher.token })).body).toMatchObject({ impressions: 78000, revenue: 218.4 });
  expect((await t.rest("GET", "/publisher/stats", { token: publisher.token })).body.month_over_month).toMatchObject({ impressions: 50, revenue: 50 });
});

it("gives every campaign figures that agree with its status and flight", async () => {
  const advertiser = await signIn(t, DEMO_LOGINS[2].email, DEMO_LOGINS[2].password);
  const { data } = await t.gql<{ myCampaigns: { name: string; status: string; budget: number; spend: number; startDate: string; endDate: string }[] }>(
    "{ myCampaigns { name status budget spend startDate endDate } }",
    {},
    advertiser.token,
  );
  const today = new Date().toISOString().slice(0, 10);
  for (const campaign of data!.myCampaigns) {
    if (campaign.status === "COMPLETED") {
      expect(campaign).toMatchObject({ spend: campaign.budget });
      expect(campaign.endDate <= today).toBe(true);
    } else if (campaign.status === "ACTIVE") {
      expect(campaign.spend).toBeLessThan(campaign.budget);
    } else {
      expect(campaign.spend).toBe(0);
    }
    if (campaign.spend > 0) expect(campaign.startDate < today).toBe(true);
  }
  expect(data!.myCampaigns.filter((campaign) => campaign.spend > 0).map((campaign) => campaign.name).sort()).toEqual(["Retargeting Q3", "Spring Sale"]);
});

it("serves every demo creative from the app itself", async () => {
  const admin = await signIn(t, DEMO_LOGINS[0].email, DEMO_LOGINS[0].password);
  const { data } = await t.gql<{ creatives: { items: { contentUrl: string }[] } }>("{ creatives(input: { limit: 100 }) { items { contentUrl } } }", {}, admin.token);
  expect(data!.creatives.items.length).toBeGreaterThan(3);
  for (const { contentUrl } of data!.creatives.items) {
    expect(contentUrl.startsWith(`${t.url}/demo-ads/`)).toBe(true);
    const image = await fetch(contentUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/svg+xml");
  }
});

it("fills the demo zone on the localhost site and counts its impressions from pages on localhost and its subdomains", async () => {
  const publisher = await signIn(t, DEMO_LOGINS[1].email, DEMO_LOGINS[1].password);
  const mine = await t.gql<{ mySites: { id: number; domain: string; status: string }[]; myAdZones: { id: number; siteId: number; width: number; height: number }[] }>(
    "{ mySites { id domain status } myAdZones { id siteId width height } }",
    {},
    publisher.token,
  );
  const localSite = mine.data!.mySites.find((site) => site.domain === "localhost");
  expect(localSite).toMatchObject({ status: "APPROVED" });
  const zone = mine.data!.myAdZones.find((candidate) => candidate.siteId === localSite!.id)!;

  await t.app.services.delivery.inventory.reload();
  const before = (await publisherStats(t, publisher)).impressions;
  for (const page of ["http://localhost/", "http://app.localhost:8080/demo.html"]) {
    const served = await requestAd(t, zone.id, { page });
    expect(served.body).toMatchObject({ fill: true, zoneId: zone.id, creative: { width: zone.width, height: zone.height } });
    await sendBeacon(served.body.impressionUrl, { origin: new URL(page).origin });
  }
  await t.app.services.delivery.flush();
  expect((await publisherStats(t, publisher)).impressions).toBe(before + 2);
});

it("mails the demo accounts, verified already, no verification link", async () => {
  const mailed = await t.app.dataSource.getRepository(MailMessage).findBy({ kind: "verify_email" });
  expect(mailed.map((mail) => mail.recipient)).toEqual([]);
  for (const login of DEMO_LOGINS.slice(1)) {
    const account = await signIn(t, login.email, login.password);
    expect((await t.gql(`{ myEmailStatus { verified } }`, {}, account.token)).data).toEqual({ myEmailStatus: { verified: true } });
  }
});

it("gives the payout screens a payable month, a paid payout and one waiting for an admin, with the books in agreement", async () => {
  const [admin, publisher] = await Promise.all(DEMO_LOGINS.slice(0, 2).map((login) => signIn(t, login.email, login.password)));
  const mine = await t.gql<{ myBalance: Record<string, unknown>; myPayouts: { id: number; amount: number; status: string }[] }>(
    "{ myBalance { payable paid requested hasPayoutMethod canRequestPayout } myPayouts { id amount status } }",
    {},
    publisher.token,
  );
  // Half the demo revenue ($364) was earned in a month long since payable; $120 was paid and $100 is waiting.
  expect(mine.data!.myBalance).toEqual({ payable: 144, paid: 120, requested: 100, hasPayoutMethod: true, canRequestPayout: false });
  expect(mine.data!.myPayouts.map(({ amount, status }) => ({ amount, status }))).toEqual([
    { amount: 100, status: "REQUESTED" },
    { amount: 120, status: "PAID" },
  ]);

  const waiting = await t.gql<{ payouts: { items: { id: number; amount: number }[] } }>("{ payouts(input: { status: REQUESTED }) { items { id amount } } }", {}, admin.token);
  expect(waiting.data!.payouts.items).toEqual([{ id: mine.data!.myPayouts[0].id, amount: 100 }]);
  const ledger = t.app.services.ledger;
  expect(await ledger.checkTotals()).toEqual([]);
  expect(booksAgree(await ledger.checkBooks())).toBe(true);

  // Once the admin marks it paid, the publisher may request what is payable.
  await t.gql(`mutation { markPayoutPaid(id: ${waiting.data!.payouts.items[0].id}, input: { reference: "TRY-1" }) { id } }`, {}, admin.token);
  const after = await t.gql<{ myBalance: { payable: number; canRequestPayout: boolean } }>("{ myBalance { payable canRequestPayout } }", {}, publisher.token);
  expect(after.data!.myBalance).toEqual({ payable: 144, canRequestPayout: true });
});

it("changes nothing once any user exists", async () => {
  const before = (await t.app.dataSource.query("SELECT COUNT(*) AS n FROM campaigns"))[0].n;
  expect(await seedDemoData(t.app.services, t.app.dataSource, t.url)).toBeNull();
  expect((await t.app.dataSource.query("SELECT COUNT(*) AS n FROM campaigns"))[0].n).toBe(before);
});
