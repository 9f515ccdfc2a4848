import { until } from "../../../test/until";
import { advertiserStats, approvedCampaign, liveAd, requestAd, sendBeacon, showAd, trafficQuality, uniqueSize } from "../../../test/ad-fixtures";
import { Account, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startAppPair, startTestApp, TestApp } from "../../../test/test-app";
import { booksAgree } from "../ledger/books";
import { MailMessage } from "../mail/mail-message.entity";
import { NotificationKind } from "../notifications/notification-kinds";

/** The rows once there are some (a notification is sent after the beacon is answered), or none after 5 s. */
async function rowsOnceSome<T>(read: () => Promise<T[]>): Promise<T[]> {
  for (let waited = 0; ; waited += 100) {
    const rows = await read();
    if (rows.length > 0 || waited >= 5000) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "1", MIN_DEPOSIT: "200", IP_IMPRESSIONS_PER_MINUTE: "100000", DELIVERY_FLUSH_MS: "60000" });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const FUNDS = `{ myFunds { balance available deposits credits spent creditLimit spendLast30Days daysLeft lowBalance minDeposit
  bank { accountName iban bic } paymentMethods { method available note } requests { reference amount status received } } }`;

async function myFunds(advertiser: Account) {
  const result = await t.gql(FUNDS, {}, advertiser.token);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.myFunds;
}

const requestDeposit = (advertiser: Account, amount: unknown) => t.rest("POST", "/advertiser/deposits", { token: advertiser.token, body: { amount } });
const recordDeposit = (input: Record<string, unknown>, token = admin.token) =>
  t.gql(`mutation($input: RecordDepositInput!) { recordDeposit(input: $input) { reference status amount received } }`, { input }, token);

describe("funds measured against the campaigns", () => {
  const OUTLOOK = `{ myFunds { available pendingDeposits campaignBudgetsLeft campaigns { name budgetLeft spendableNow spendableOnceRecorded } } }`;
  const outlook = async (advertiser: Account) => (await t.gql(OUTLOOK, {}, advertiser.token)).data!.myFunds;

  it("sums what the campaigns may still spend, and what each can spend now and once a pending transfer is recorded", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    await createCampaign(t, advertiser, { name: "Shoes", budget: 1000 });
    await createCampaign(t, advertiser, { name: "Boots", budget: 2000 });
    const { reference } = (await requestDeposit(advertiser, 2000)).body;

    expect(await outlook(advertiser)).toEqual({
      available: 0,
      pendingDeposits: 2000,
      campaignBudgetsLeft: 3000,
      campaigns: [
        { name: "Boots", budgetLeft: 2000, spendableNow: 0, spendableOnceRecorded: 2000 },
        { name: "Shoes", budgetLeft: 1000, spendableNow: 0, spendableOnceRecorded: 1000 },
      ],
    });

    await recordDeposit({ reference, amount: 2000 });
    expect(await outlook(advertiser)).toMatchObject({ available: 2000, pendingDeposits: 0, campaignBudgetsLeft: 3000, campaigns: [{ spendableNow: 2000 }, { spendableNow: 1000 }] });
  });
});

describe("adding funds by bank transfer", () => {
  it("answers a unique, unambiguous reference with the bank details, and shows the request pending", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const first = await requestDeposit(advertiser, 250);
    const second = await requestDeposit(advertiser, "1000.50");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amount: 250, status: "pending", received: null });
    expect(first.body.reference).toMatch(/^ADN-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(second.body.reference).not.toBe(first.body.reference);
    const funds = await myFunds(advertiser);
    expect(funds).toMatchObject({ balance: 0, available: 0, lowBalance: true, minDeposit: 200, daysLeft: null, bank: { accountName: "AdNet Example Ltd" } });
    expect(funds.requests.map((r: { reference: string }) => r.reference)).toEqual([second.body.reference, first.body.reference]);
    expect(funds.paymentMethods).toEqual([
      expect.objectContaining({ method: "bank_transfer", available: true }),
      { method: "card", available: false, note: "Needs a payment provider, not available yet." },
    ]);
  });

  it("refuses an amount below the minimum or not a number, naming the field, and keeps nothing", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    expect(await requestDeposit(advertiser, 199.99)).toMatchObject({ status: 422, body: { detail: "Amount must be at least $200" } });
    expect((await requestDeposit(advertiser, "lots")).status).toBe(422);
    const gql = await t.gql(`mutation { requestDeposit(amount: 10) { reference } }`, {}, advertiser.token);
    expect(gql.errors?.[0]).toMatchObject({ message: "Amount must be at least $200", extensions: { code: "BAD_USER_INPUT", field: "amount" } });
    expect((await myFunds(advertiser)).requests).toEqual([]);
  });

  it("moves the balance by what arrived when an admin records the transfer, once", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const { reference } = (await requestDeposit(advertiser, 500)).body;
    // Typed from a bank statement: lower case, spaces instead of dashes.
    const recorded = await recordDeposit({ reference: reference.toLowerCase().replace(/-/g, " "), amount: 480 });
    expect(recorded.data?.recordDeposit).toEqual({ reference, status: "RECEIVED", amount: 500, received: 480 });
    expect(await myFunds(advertiser)).toMatchObject({ balance: 480, available: 480, deposits: 480, requests: [{ reference, status: "RECEIVED", received: 480 }] });

    const again = await t.rest("POST", "/admin/deposits/record", { token: admin.token, body: { reference, amount: 480 } });
    expect(again).toMatchObject({ status: 409, body: { detail: `The transfer with the reference ${reference} was already recorded` } });
    expect((await myFunds(advertiser)).balance).toBe(480);
  });

  it("lets one of two admins recording the same transfer at once win", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const { reference } = (await requestDeposit(advertiser, 300)).body;
    const results = await Promise.all([recordDeposit({ reference, amount: 300 }), recordDeposit({ reference, amount: 300 }), recordDeposit({ reference, amount: 300 })]);
    expect(results.filter((r) => r.data?.recordDeposit).length).toBe(1);
    expect(results.filter((r) => r.errors?.[0]?.extensions?.code === "CONFLICT").length).toBe(2);
    expect((await myFunds(advertiser)).balance).toBe(300);
  });

  it("refuses an unknown or malformed reference and a bad amount, naming the field", async () => {
    const unknown = await recordDeposit({ reference: "ADN-2222-2222", amount: 100 });
    expect(unknown.errors?.[0]).toMatchObject({ message: "No deposit request has the reference ADN-2222-2222", extensions: { code: "BAD_USER_INPUT", field: "reference" } });
    const malformed = await t.rest("POST", "/admin/deposits/record", { token: admin.token, body: { reference: "ADN-0000-O1IL", amount: 100 } });
    expect(malformed).toMatchObject({ status: 422, body: { detail: "Enter a payment reference such as ADN-7KQ4-M2XP" } });
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const { reference } = (await requestDeposit(advertiser, 300)).body;
    expect((await recordDeposit({ reference, amount: -5 })).errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "amount" });
    expect(await myFunds(advertiser)).toMatchObject({ balance: 0, requests: [{ status: "PENDING" }] });
  });
});

describe("credit and credit limits", () => {
  const grant = (input: Record<string, unknown>, token = admin.token) =>
    t.gql(`mutation($input: AdvertiserMoneyInput!) { grantCredit(input: $input) { id } }`, { input }, token);
  const limit = (input: Record<string, unknown>, token = admin.token) =>
    t.gql(`mutation($input: AdvertiserMoneyInput!) { setCreditLimit(input: $input) { id } }`, { input }, token);

  it("adds promotional credit and a credit limit to what campaigns may spend, with who and why", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    expect((await grant({ advertiserEmail: advertiser.email, amount: 50, memo: "Welcome offer" })).data).toEqual({ grantCredit: { id: advertiser.id } });
    expect((await limit({ advertiserEmail: advertiser.email.toUpperCase(), amount: 1000, memo: "Invoiced monthly" })).errors).toBeUndefined();
    expect(await myFunds(advertiser)).toMatchObject({ balance: 50, credits: 50, creditLimit: 1000, available: 1050, lowBalance: false });
    const [entry] = await t.app.dataSource.query("SELECT kind, amount_micros AS amount, actor_id AS actor, memo FROM ledger_entries WHERE user_id = ?", [advertiser.id]);
    expect({ ...entry, amount: Number(entry.amount), actor: Number(entry.actor) }).toEqual({ kind: "credit", amount: 50_000_000, actor: admin.id, memo: "Welcome offer" });
    const [change] = await t.app.dataSource.query("SELECT admin_id AS adminId, memo FROM credit_limit_changes WHERE advertiser_id = ?", [advertiser.id]);
    expect({ adminId: Number(change.adminId), memo: change.memo }).toEqual({ adminId: admin.id, memo: "Invoiced monthly" });

    const rest = await t.rest("PUT", "/admin/credit-limit", { token: admin.token, body: { advertiser_email: advertiser.email, amount: 0, memo: "Limit withdrawn" } });
    expect(rest.status).toBe(200);
    expect(await myFunds(advertiser)).toMatchObject({ creditLimit: 0, available: 50 });
  });

  it("refuses an unknown advertiser, a publisher, a missing reason and a bad amount", async () => {
    const publisher = await signUp(t, "publisher");
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const fieldOf = async (result: Promise<{ errors?: { extensions?: Record<string, unknown> }[] }>) => (await result).errors?.[0]?.extensions?.field;
    expect(await fieldOf(grant({ advertiserEmail: "nobody@example.com", amount: 5, memo: "x" }))).toBe("advertiserEmail");
    expect(await fieldOf(grant({ advertiserEmail: publisher.email, amount: 5, memo: "x" }))).toBe("advertiserEmail");
    expect(await fieldOf(grant({ advertiserEmail: advertiser.email, amount: 5, memo: "  " }))).toBe("memo");
    expect(await fieldOf(limit({ advertiserEmail: advertiser.email, amount: -1, memo: "x" }))).toBe("amount");
    const rest = await t.rest("POST", "/admin/credits", { token: admin.token, body: { advertiser_email: advertiser.email, amount: 0.001, memo: "x" } });
    expect(rest).toMatchObject({ status: 422, body: { detail: "Amount must be in whole cents, such as 12.50" } });
    expect(await myFunds(advertiser)).toMatchObject({ balance: 0, available: 0 });
  });
});

describe("roles and ownership through both doors", () => {
  it("lets only advertisers see and add their own funds, and only admins record, grant and read the books", async () => {
    const [publisher, advertiser, other] = await Promise.all([signUp(t, "publisher"), signUp(t, "advertiser", {}, { funds: 0 }), signUp(t, "advertiser", {}, { funds: 0 })]);
    const { reference } = (await requestDeposit(advertiser, 300)).body;
    expect((await myFunds(other)).requests).toEqual([]);

    expect((await t.gql(FUNDS, {}, publisher.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await t.gql(FUNDS)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await t.rest("GET", "/advertiser/funds", { token: publisher.token })).status).toBe(403);
    expect((await t.rest("GET", "/advertiser/funds")).status).toBe(401);
    expect((await t.rest("POST", "/advertiser/deposits", { token: admin.token, body: { amount: 300 } })).status).toBe(403);

    expect((await recordDeposit({ reference, amount: 300 }, advertiser.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await t.rest("POST", "/admin/deposits/record", { token: advertiser.token, body: { reference, amount: 300 } })).status).toBe(403);
    expect((await t.rest("POST", "/admin/credits", { token: advertiser.token, body: { advertiser_email: advertiser.email, amount: 5, memo: "me" } })).status).toBe(403);
    expect((await t.rest("PUT", "/admin/credit-limit", { token: publisher.token, body: { advertiser_email: advertiser.email, amount: 5, memo: "me" } })).status).toBe(403);
    expect((await t.rest("GET", "/admin/finance", { token: advertiser.token })).status).toBe(403);
    expect((await t.gql(`{ financeSummary { month } }`, {}, publisher.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await t.gql(`{ depositRequests { totalCount } }`, {}, advertiser.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await myFunds(advertiser)).balance).toBe(0);

    const listed = await t.rest("GET", `/admin/deposits?search=${reference}`, { token: admin.token });
    expect(listed.body).toMatchObject({ total_count: 1, items: [{ reference, status: "pending", advertiser_email: advertiser.email }] });
  });
});

describe("delivery", () => {
  it("fills no ad for an advertiser with nothing available, and fills at once when their transfer is recorded", async () => {
    const ad = await liveAd(t, { cpm: 10, funds: 0 });
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });
    const issue = async () => (await t.gql(`{ myCampaigns { deliveryIssue } }`, {}, ad.advertiser.token)).data!.myCampaigns[0].deliveryIssue;
    expect(await issue()).toBe("Not delivering: no funds left to spend; add funds under Billing");

    const { reference } = (await t.rest("POST", "/advertiser/deposits", { token: ad.advertiser.token, body: { amount: 200 } })).body;
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });
    await recordDeposit({ reference, amount: 200 });
    expect(await issue()).toBeNull();
    await showAd(t, ad);
    await t.app.services.delivery.flush();
    expect(await advertiserStats(t, ad.advertiser)).toMatchObject({ impressions: 1, spend: 0.01 });
    expect(await myFunds(ad.advertiser)).toMatchObject({ balance: 199.99, spent: 0.01, spendLast30Days: 0.01 });
  });

  it("caps all of an advertiser's campaigns together by their funds, under concurrent beacons, and bills nothing beyond", async () => {
    // $0.05 at a $10 CPM: five impressions of $0.01 between two campaigns whose budgets allow far more.
    const zoneSize = uniqueSize();
    const ad = await liveAd(t, { cpm: 10, budget: 100, funds: 50_000, zoneSize });
    const second = await approvedCampaign(t, ad.advertiser, ad.admin, { cpm: 10, budget: 100, zoneSize });
    await t.app.services.delivery.inventory.reload();
    const urls: string[] = [];
    for (let i = 0; i < 30; i++) {
      const served = await requestAd(t, ad.zoneId, { page: ad.page });
      if (served.body.fill) urls.push(served.body.impressionUrl);
    }
    expect(urls.length).toBe(30);
    await Promise.all(urls.map((url) => sendBeacon(url)));
    await t.app.services.delivery.flush();
    const stats = await advertiserStats(t, ad.advertiser);
    expect(stats).toMatchObject({ impressions: 5, spend: 0.05 });
    // Both campaigns filled the zone, and neither is completed: they resume when funded.
    const campaigns = [ad.campaignId, second.campaignId].map((id) => stats.campaigns.find((c: { id: number }) => c.id === id)!);
    expect(campaigns.map((c) => c.status)).toEqual(["ACTIVE", "ACTIVE"]);
    expect(campaigns[0].impressions + campaigns[1].impressions).toBe(5);
    expect((await requestAd(t, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });
    const quality = await trafficQuality(t, admin);
    expect(quality.byReason).toContainEqual(expect.objectContaining({ event: "impression", reason: "no_funds", events: 25 }));
    expect(await myFunds(ad.advertiser)).toMatchObject({ balance: 0, available: 0, lowBalance: true, daysLeft: null });
    // The advertiser is told by e-mail, once for each campaign that was refused, however many beacons were.
    const mails = await rowsOnceSome(() => t.app.dataSource.getRepository(MailMessage).findBy({ userId: ad.advertiser.id, kind: NotificationKind.CAMPAIGN_OUT_OF_FUNDS }));
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(2);
    expect(mails.every((mail) => /Your campaign .* is out of funds/.test(mail.subject))).toBe(true);
  });

  it("keeps the books balanced, each book equal to its postings and the ledger, and each day's spend equal to its events", async () => {
    const check = await t.app.services.ledger.checkBooks();
    expect(check).toMatchObject({ unbalanced: [], totalMicros: 0, totals: [], ledger: [], days: [] });
    expect(booksAgree(check)).toBe(true);
    expect(await t.app.services.ledger.checkTotals()).toEqual([]);
  });

  it("reports an unbalanced transaction and a day whose spend differs from its events", async () => {
    await t.app.dataSource.query("INSERT INTO journal_postings (txn, book, user_id, amount_micros, created_at) VALUES ('tampered', 'cash_in', 0, 7, '2026-01-02 00:00:00')");
    await t.app.dataSource.query("UPDATE stat_facts SET spend_micros = spend_micros + 1 WHERE scope = 'network' AND grain = 'd'");
    try {
      const check = await t.app.services.ledger.checkBooks();
      expect(check.unbalanced).toEqual([{ txn: "tampered", sumMicros: 7 }]);
      expect(check.totalMicros).toBe(7);
      expect(check.totals).toEqual([expect.objectContaining({ book: "cash_in" })]);
      expect(check.days).toHaveLength(1);
      expect(check.days[0].eventsMicros - check.days[0].ledgerMicros).toBe(1);
      expect(booksAgree(check)).toBe(false);
    } finally {
      await t.app.dataSource.query("DELETE FROM journal_postings WHERE txn = 'tampered'");
      await t.app.dataSource.query("UPDATE stat_facts SET spend_micros = spend_micros - 1 WHERE scope = 'network' AND grain = 'd'");
    }
  });

  it("sums the month in the Finance view from the running totals", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const rows = (await t.gql(`{ financeSummary(months: 2) { month deposits credits spend publisherEarnings margin payouts owedToPublishers heldForAdvertisers } }`, {}, admin.token)).data!.financeSummary;
    expect(rows.map((row: { month: string }) => row.month)[0]).toBe(month);
    expect(rows).toHaveLength(2);
    const [now] = rows;
    const [ledger] = await t.app.dataSource.query(
      "SELECT SUM(CASE WHEN kind = 'deposit' THEN amount_micros ELSE 0 END) AS deposits, SUM(CASE WHEN kind = 'credit' THEN amount_micros ELSE 0 END) AS credits, " +
        "SUM(CASE WHEN kind = 'spend' THEN amount_micros ELSE 0 END) AS spend, SUM(CASE WHEN kind = 'earning' THEN amount_micros ELSE 0 END) AS earnings FROM ledger_entries",
    );
    const dollars = (micros: unknown) => Number(micros) / 1_000_000;
    expect(now).toMatchObject({ deposits: dollars(ledger.deposits), credits: dollars(ledger.credits), spend: dollars(ledger.spend), publisherEarnings: dollars(ledger.earnings) });
    expect(now.margin).toBeCloseTo(now.spend - now.publisherEarnings - now.credits, 6);
    expect(now.heldForAdvertisers).toBeCloseTo(now.deposits + now.credits - now.spend, 6);
    expect(now.owedToPublishers).toBeCloseTo(now.publisherEarnings - now.payouts, 6);
    expect((await t.rest("GET", "/admin/finance?months=0", { token: admin.token })).status).toBe(422);
  });
});

it("never lets an advertiser's campaigns spend beyond their funds plus one impression across two processes sharing Redis", async () => {
  const pair = await startAppPair({ MIN_CAMPAIGN_BUDGET: "1", IP_IMPRESSIONS_PER_MINUTE: "100000", DELIVERY_FLUSH_MS: "60000" });
  const { first, second } = pair;
  try {
    // $0.25 at a $10 CPM is 25 impressions; 120 offers from both processes, beacons crossed over.
    const zoneSize = uniqueSize();
    // ASAP: funds are what stop these campaigns, not even pacing, which releases little of a day in its first hours.
    const ad = await liveAd(first, { cpm: 10, budget: 100, funds: 250_000, zoneSize, pacing: "asap" });
    const other = await approvedCampaign(first, ad.advertiser, ad.admin, { cpm: 10, budget: 100, zoneSize, pacing: "asap" });
    await first.app.services.delivery.inventory.reload();
    await second.app.services.delivery.inventory.reload();
    const offers = async (app: TestApp) => {
      const urls: string[] = [];
      for (let i = 0; i < 60; i++) {
        const served = await requestAd(app, ad.zoneId, { page: ad.page });
        if (served.body.fill) urls.push(served.body.impressionUrl);
      }
      return urls;
    };
    const [fromFirst, fromSecond] = await Promise.all([offers(first), offers(second)]);
    expect(fromFirst.length + fromSecond.length).toBe(120);
    await Promise.all([
      ...fromFirst.map((url) => sendBeacon(url.replace(first.url, second.url))),
      ...fromSecond.map((url) => sendBeacon(url.replace(second.url, first.url))),
    ]);
    await first.app.services.delivery.flush();
    await second.app.services.delivery.flush();
    const stats = await advertiserStats(first, ad.advertiser);
    expect(stats.spend).toBeLessThanOrEqual(0.25 + 0.01);
    expect(stats).toMatchObject({ impressions: 25, spend: 0.25 });
    expect(stats.campaigns.find((c: { id: number }) => c.id === other.campaignId)?.status).toBe("ACTIVE");
    // Both processes stop filling for the advertiser, and both start again once a transfer is recorded on one.
    expect((await requestAd(second, ad.zoneId, { page: ad.page })).body).toEqual({ fill: false });
    const firstAdmin = await signInAdmin(first);
    const grant = await first.gql(`mutation($input: AdvertiserMoneyInput!) { grantCredit(input: $input) { id } }`, { input: { advertiserEmail: ad.advertiser.email, amount: 1, memo: "Goodwill" } }, firstAdmin.token);
    expect(grant.errors).toBeUndefined();
    await until(async () => (await requestAd(second, ad.zoneId, { page: ad.page })).body.fill === true, "the other process fills again after the transfer");
  } finally {
    await pair.close();
  }
});

it("warns an advertiser whose running campaign has nothing left, once a day, and leaves a funded one alone", async () => {
  const broke = await liveAd(t, { funds: 0 });
  const funded = await liveAd(t, { funds: 500_000_000 });
  const job = t.app.services.funds.lowBalanceJob(t.app.services.notifications.send, () => t.app.services.campaigns.runningAdvertisers());
  const warnings = (advertiserId: number) => t.app.dataSource.getRepository(MailMessage).countBy({ userId: advertiserId, kind: NotificationKind.LOW_BALANCE });

  await job.run({ nowMs: Date.now(), stillHeld: () => true });
  // An hour later the same day: looked again, warned no more.
  await job.run({ nowMs: Date.now() + 60 * 60_000, stillHeld: () => true });

  expect(await warnings(broke.advertiser.id)).toBe(1);
  expect(await warnings(funded.advertiser.id)).toBe(0);
  const mail = await t.app.dataSource.getRepository(MailMessage).findOneByOrFail({ userId: broke.advertiser.id, kind: NotificationKind.LOW_BALANCE });
  expect(mail.subject).toBe("Your AdNet balance is low: $0.00");
});
