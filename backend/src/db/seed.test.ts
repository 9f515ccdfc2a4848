import { publisherStats, requestAd, sendBeacon } from "../../test/ad-fixtures";
import { signIn } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";
import { booksAgree } from "../modules/ledger/books";
import { MailMessage } from "../modules/mail/mail-message.entity";
import { payableFromMs } from "../modules/payouts/payouts.service";
import { reportCalendar } from "../modules/reports/grains";
import { DEMO_LOGINS, HISTORY_DAYS, seedDemoData } from "./seed";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
});
afterAll(() => t.close());

const calendar = reportCalendar();
const today = calendar.dateOf(Date.now());
const firstDay = calendar.dateOf(calendar.dateStart(today, -(HISTORY_DAYS - 1)));

it("fills an empty database with every status, and signs in with each demo login", async () => {
  expect(await seedDemoData(t.app.services, t.app.dataSource, t.url)).toEqual(DEMO_LOGINS);
  const [admin, publisher] = await Promise.all(DEMO_LOGINS.map((login) => signIn(t, login.email, login.password)));

  const sites = (await t.rest("GET", "/admin/sites", { token: admin.token })).body.map((s: { status: string }) => s.status);
  expect(new Set(sites)).toEqual(new Set(["pending", "approved", "rejected"]));
  const campaigns = (await t.rest("GET", "/admin/campaigns", { token: admin.token })).body.map((c: { status: string }) => c.status);
  expect(new Set(campaigns)).toEqual(new Set(["pending", "active", "paused", "completed", "rejected"]));
  expect((await t.rest("GET", "/publisher/ad-zones", { token: publisher.token })).body.length).toBeGreaterThan(0);
});

it("gives the network 90 days of traffic shaped like a real one's: quiet nights, busy evenings, weekends unlike weekdays, no day standing out", async () => {
  const admin = await signIn(t, DEMO_LOGINS[0].email, DEMO_LOGINS[0].password);
  const report = async (input: Record<string, string>) =>
    (await t.gql<{ networkReport: { rows: { key: string; requests: number; impressions: number; spend: number }[]; totals: { requests: number; spend: number } } }>(
      "query ($input: ReportInput!) { networkReport(input: $input) { rows { key requests impressions spend } totals { requests spend } } }",
      { input: { limit: 500, ...input } },
      admin.token,
    )).data!.networkReport;

  const history = await report({ from: calendar.dateOf(calendar.dateStart(firstDay, -30)), to: today });
  const counted = history.rows.filter((row) => row.requests > 0);
  expect(counted).toHaveLength(HISTORY_DAYS);
  expect(counted[0].key.slice(0, 10)).toBe(firstDay);
  expect(counted.every((row) => row.impressions > 0)).toBe(true);
  // Spring Sale's $1,500 so far and Retargeting Q3's whole $800.
  expect(history.totals.spend).toBeCloseTo(2300, 6);

  // Whole days only: today is still being counted.
  const wholeDays = counted.slice(0, -1);
  const mean = (rows: typeof counted) => rows.reduce((sum, row) => sum + row.requests, 0) / rows.length;
  const weekend = (row: { key: string }) => [0, 6].includes(new Date(row.key).getUTCDay());
  const [weekdays, weekends] = [mean(wholeDays.filter((row) => !weekend(row))), mean(wholeDays.filter(weekend))];
  expect(Math.abs(weekends - weekdays) / weekdays).toBeGreaterThan(0.05);
  expect(Math.max(...counted.map((row) => row.requests)) / history.totals.requests).toBeLessThan(0.03);

  // What the ad server refuses on a real network: some bots, some clicks too soon after the ad showed.
  const refused = (await t.gql<{ networkReport: { invalid: { reason: string; events: number }[] } }>(
    "query ($input: ReportInput!) { networkReport(input: $input) { invalid { reason events } } }",
    { input: { from: firstDay, to: today } },
    admin.token,
  )).data!.networkReport.invalid;
  expect(new Set(refused.map((point) => point.reason))).toEqual(new Set(["bot", "too_fast"]));
  expect(refused.reduce((sum, point) => sum + point.events, 0) / history.totals.requests).toBeLessThan(0.03);

  const yesterday = calendar.dateOf(calendar.dateStart(today, -1));
  const hours = (await report({ from: yesterday, to: yesterday, granularity: "HOUR" })).rows.map((row) => row.requests);
  expect(hours).toHaveLength(24);
  const [night, evening] = [hours.slice(2, 5), hours.slice(19, 22)].map((some) => some.reduce((a, b) => a + b, 0));
  expect(evening).toBeGreaterThan(3 * night);
});

it("dates the demo's accounts, sites, zones, campaigns, creatives and funds before its first day of traffic", async () => {
  const [admin, publisher, advertiser] = await Promise.all(DEMO_LOGINS.map((login) => signIn(t, login.email, login.password)));
  const firstTraffic = new Date(calendar.dateStart(firstDay)).toISOString();
  const created = async (token: string, query: string) => (await t.gql(query, {}, token)).data!;

  const mine = await created(publisher.token, "{ me { createdAt } mySites { domain status createdAt } myAdZones { name createdAt } }");
  const served = await created(advertiser.token, "{ me { createdAt } myCampaigns { name spend createdAt startDate } myCreatives { name status createdAt } }");
  const funds = await created(admin.token, "{ depositRequests { items { status createdAt } } }");
  const dates = [
    mine.me.createdAt,
    served.me.createdAt,
    ...mine.mySites.filter((site: { status: string }) => site.status !== "PENDING").map((site: { createdAt: string }) => site.createdAt),
    ...mine.myAdZones.map((zone: { createdAt: string }) => zone.createdAt),
    ...served.myCampaigns.filter((campaign: { spend: number }) => campaign.spend > 0).map((campaign: { createdAt: string }) => campaign.createdAt),
    ...served.myCreatives.filter((creative: { status: string }) => creative.status === "APPROVED").map((creative: { createdAt: string }) => creative.createdAt),
    ...funds.depositRequests.items.filter((deposit: { status: string }) => deposit.status === "RECEIVED").map((deposit: { createdAt: string }) => deposit.createdAt),
  ];
  expect(dates.length).toBeGreaterThan(10);
  for (const date of dates) expect(date < firstTraffic).toBe(true);
  for (const campaign of served.myCampaigns.filter((campaign: { spend: number }) => campaign.spend > 0)) expect(campaign.startDate).toBe(firstDay);
  // What waits for review was submitted lately, not on the day the demo was seeded only by chance.
  const pending = mine.mySites.filter((site: { status: string }) => site.status === "PENDING");
  expect(pending.length).toBeGreaterThan(0);
  for (const site of pending) expect(site.createdAt > firstTraffic && site.createdAt.slice(0, 10) < today).toBe(true);
});

it("gives every campaign figures that agree with its status and flight", async () => {
  const advertiser = await signIn(t, DEMO_LOGINS[2].email, DEMO_LOGINS[2].password);
  const { data } = await t.gql<{ myCampaigns: { name: string; status: string; budget: number; spend: number; impressions: number; startDate: string; endDate: string }[] }>(
    "{ myCampaigns { name status budget spend impressions startDate endDate } }",
    {},
    advertiser.token,
  );
  for (const campaign of data!.myCampaigns) {
    if (campaign.status === "COMPLETED") {
      expect(campaign).toMatchObject({ spend: campaign.budget });
      expect(campaign.endDate < today).toBe(true);
    } else if (campaign.status === "ACTIVE") {
      expect(campaign.spend).toBeLessThan(campaign.budget);
    } else {
      expect(campaign.spend).toBe(0);
    }
    if (campaign.spend > 0) expect(campaign.startDate < today).toBe(true);
  }
  const spent = data!.myCampaigns.filter((campaign) => campaign.spend > 0);
  expect(spent.map(({ name, impressions, spend }) => ({ name, impressions, spend })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
    { name: "Retargeting Q3", impressions: 200_000, spend: 800 },
    { name: "Spring Sale", impressions: 375_000, spend: 1500 },
  ]);
});

it("shows the demo sites' ads.txt as checked, the line listed on the public sites", async () => {
  const publisher = await signIn(t, DEMO_LOGINS[1].email, DEMO_LOGINS[1].password);
  const { data } = await t.gql<{ mySites: { domain: string; status: string; adsTxtStatus: string | null }[] }>("{ mySites { domain status adsTxtStatus } }", {}, publisher.token);
  const approved = data!.mySites.filter((site) => site.status === "APPROVED");
  expect(Object.fromEntries(approved.map((site) => [site.domain, site.adsTxtStatus]))).toEqual({ "techdaily.example": "FOUND", "matchday.example": "FOUND", localhost: "NO_FILE" });
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

it("pays the publisher monthly, Net-30: payouts dated after their month became payable, the last waiting for an admin, the books in agreement", async () => {
  const [admin, publisher] = await Promise.all(DEMO_LOGINS.slice(0, 2).map((login) => signIn(t, login.email, login.password)));
  const mine = await t.gql<{ myBalance: Record<string, number | boolean>; myPayouts: { id: number; amount: number; status: string; createdAt: string; paidAt: string | null }[] }>(
    "{ myBalance { earned payable paid requested hasPayoutMethod canRequestPayout } myPayouts { id amount status createdAt paidAt } }",
    {},
    publisher.token,
  );
  const payouts = [...mine.data!.myPayouts].reverse();
  expect(payouts.length).toBeGreaterThan(0);
  expect(payouts.at(-1)).toMatchObject({ status: "REQUESTED", paidAt: null });
  for (const payout of payouts.slice(0, -1)) expect(payout).toMatchObject({ status: "PAID" });
  const firstPayable = new Date(payableFromMs(calendar.monthStart(calendar.dateStart(firstDay)))).toISOString();
  for (const payout of payouts) {
    expect(payout.createdAt > firstPayable && payout.createdAt.slice(0, 10) <= today).toBe(true);
    if (payout.paidAt) expect(payout.paidAt > payout.createdAt).toBe(true);
  }
  const sum = (status: string) => payouts.filter((payout) => payout.status === status).reduce((total, payout) => total + payout.amount, 0);
  expect(mine.data!.myBalance).toMatchObject({ paid: sum("PAID"), requested: sum("REQUESTED"), hasPayoutMethod: true, canRequestPayout: false });
  // The publisher's 70% of the $2,300 spent, and of the two impressions served on localhost above.
  expect(mine.data!.myBalance.earned).toBeCloseTo(2300 * 0.7, 1);

  const waiting = await t.gql<{ payouts: { items: { id: number; amount: number }[] } }>("{ payouts(input: { status: REQUESTED }) { items { id amount } } }", {}, admin.token);
  expect(waiting.data!.payouts.items).toEqual([{ id: payouts.at(-1)!.id, amount: payouts.at(-1)!.amount }]);
  const ledger = t.app.services.ledger;
  expect(await ledger.checkTotals()).toEqual([]);
  expect(booksAgree(await ledger.checkBooks())).toBe(true);
});

it("changes nothing once any user exists", async () => {
  const before = (await t.app.dataSource.query("SELECT COUNT(*) AS n FROM campaigns"))[0].n;
  expect(await seedDemoData(t.app.services, t.app.dataSource, t.url)).toBeNull();
  expect((await t.app.dataSource.query("SELECT COUNT(*) AS n FROM campaigns"))[0].n).toBe(before);
});
