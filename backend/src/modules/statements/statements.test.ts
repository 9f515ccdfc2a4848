import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createZone, recordCounts, uniqueSize } from "../../../test/ad-fixtures";
import { Account, approvedSite, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { LedgerKind } from "../ledger/ledger-entry.entity";

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const MARCH = Date.UTC(2025, 2, 1);
const BUYER_ADDRESS = "Hauptstrasse 1, 10115 Berlin, Germany";
const at = (iso: string) => new Date(iso);

/** A publisher with two sites and an advertiser with two campaigns, whose ads ran in March 2025 (and one in February). */
async function marchOfActivity() {
  const publisher = await signUp(t, "publisher", { full_name: "Paula Publisher" });
  const advertiser = await signUp(t, "advertiser", { full_name: "Adam Advertiser" });
  const address = await t.rest("PUT", "/advertiser/billing-address", { token: advertiser.token, body: { billing_address: ` ${BUYER_ADDRESS} ` } });
  expect(address.body).toEqual({ billing_address: BUYER_ADDRESS });
  const sites = [await approvedSite(t, publisher, admin), await approvedSite(t, publisher, admin)];
  const zones = [await createZone(t, publisher, sites[0].id, uniqueSize()), await createZone(t, publisher, sites[1].id, uniqueSize())];
  const campaigns = [await createCampaign(t, advertiser, { name: "Spring Sale" }), await createCampaign(t, advertiser, { name: "Easter Offer" })];
  await recordCounts(t, [
    { hour: at("2025-02-27T10:00:00Z"), zoneId: zones[0], campaignId: campaigns[0].id, creativeId: 1, requests: 10, impressions: 10, clicks: 1, spendMicros: 25_000, revenueMicros: 17_500 },
    { hour: at("2025-03-01T00:00:00Z"), zoneId: zones[0], campaignId: campaigns[0].id, creativeId: 1, requests: 400, impressions: 400, clicks: 12, spendMicros: 1_000_000, revenueMicros: 700_000 },
    { hour: at("2025-03-31T23:00:00Z"), zoneId: zones[1], campaignId: campaigns[0].id, creativeId: 1, requests: 200, impressions: 200, clicks: 3, spendMicros: 500_000, revenueMicros: 350_000 },
    { hour: at("2025-03-15T12:00:00Z"), zoneId: zones[1], campaignId: campaigns[1].id, creativeId: 2, requests: 1000, impressions: 1000, clicks: 40, spendMicros: 4_000_000, revenueMicros: 2_800_000 },
  ]);
  // The money of the same events, as the writer books it, and the month's other movements.
  await t.app.services.ledger.append([
    { userId: advertiser.id, kind: LedgerKind.DEPOSIT, amountMicros: 1_000_000_000, createdAt: at("2025-02-10T09:00:00Z"), memo: "deposit" },
    { userId: advertiser.id, kind: LedgerKind.SPEND, amountMicros: 25_000, campaignId: campaigns[0].id, createdAt: at("2025-02-27T10:00:01Z") },
    { userId: publisher.id, kind: LedgerKind.EARNING, amountMicros: 17_500, createdAt: at("2025-02-27T10:00:01Z") },
    { userId: advertiser.id, kind: LedgerKind.SPEND, amountMicros: 1_500_000, campaignId: campaigns[0].id, createdAt: at("2025-03-10T00:00:00Z") },
    { userId: advertiser.id, kind: LedgerKind.SPEND, amountMicros: 4_000_000, campaignId: campaigns[1].id, createdAt: at("2025-03-15T12:00:01Z") },
    { userId: advertiser.id, kind: LedgerKind.DEPOSIT, amountMicros: 200_000_000, createdAt: at("2025-03-20T09:00:00Z"), memo: "deposit" },
    { userId: advertiser.id, kind: LedgerKind.CREDIT, amountMicros: 50_000_000, createdAt: at("2025-03-21T09:00:00Z"), memo: "promotion" },
    { userId: publisher.id, kind: LedgerKind.EARNING, amountMicros: 3_850_000, createdAt: at("2025-03-20T00:00:00Z") },
    { userId: publisher.id, kind: LedgerKind.PAYOUT, amountMicros: -17_500, createdAt: at("2025-03-25T00:00:00Z") },
  ]);
  return { publisher, advertiser, sites, campaigns };
}

const STATEMENT_FIELDS = "id kind number month customerName lines { type description impressions clicks amount } impressions clicks total deposits credits payouts openingBalance closingBalance pdfPath csvPath";
const myStatements = async (account: Account) => (await t.gql<{ myStatements: any[] }>(`{ myStatements { ${STATEMENT_FIELDS} } }`, {}, account.token)).data!.myStatements;
const download = (path: string, token?: string) => fetch(`${t.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("a month's documents", () => {
  let world: Awaited<ReturnType<typeof marchOfActivity>>;
  let quiet: Account;
  beforeAll(async () => {
    world = await marchOfActivity();
    quiet = await signUp(t, "advertiser");
    await t.app.services.statements.issueMonth(MARCH);
  });

  it("invoices the advertiser: a line per campaign from the month's facts, the books' spend, deposits, credits and balances", async () => {
    const [invoice, ...others] = await myStatements(world.advertiser);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      kind: "INVOICE",
      number: expect.stringMatching(/^INV-2025-\d{6}$/),
      month: "2025-03",
      customerName: "Adam Advertiser",
      lines: [
        { type: "campaign", description: "Spring Sale", impressions: 600, clicks: 15, amount: 1.5 },
        { type: "campaign", description: "Easter Offer", impressions: 1000, clicks: 40, amount: 4 },
      ],
      impressions: 1600,
      clicks: 55,
      total: 5.5,
      deposits: 200,
      credits: 50,
      openingBalance: 999.975,
      closingBalance: 999.975 + 200 + 50 - 5.5,
      pdfPath: `/api/statements/${invoice.id}.pdf`,
    });
    // The invoice's spend is the ledger's: its running total for March and the sum of March's entries.
    const [{ total }] = await t.app.dataSource.query(
      "SELECT SUM(amount_micros) AS total FROM ledger_entries WHERE user_id = ? AND kind = 'spend' AND created_at >= ? AND created_at < ?",
      [world.advertiser.id, "2025-03-01 00:00:00.000", "2025-04-01 00:00:00.000"],
    );
    expect(invoice.total * 1_000_000).toBe(Number(total));
    expect(await myStatements(quiet)).toEqual([]);
  });

  it("gives the publisher a statement: earnings by site, payouts and the balance", async () => {
    const [statement] = await myStatements(world.publisher);
    expect(statement).toMatchObject({
      kind: "STATEMENT",
      number: expect.stringMatching(/^STM-2025-\d{6}$/),
      lines: [
        { type: "site", description: `${world.sites[0].name} (${world.sites[0].domain})`, impressions: 400, clicks: 12, amount: 0.7 },
        { type: "site", description: `${world.sites[1].name} (${world.sites[1].domain})`, impressions: 1200, clicks: 43, amount: 3.15 },
      ],
      total: 3.85,
      payouts: 0.0175,
      openingBalance: 0.0175,
      closingBalance: 3.85,
    });
  });

  it("is issued once and never changes: issuing the month again, renaming a campaign or booking more changes nothing", async () => {
    const before = await myStatements(world.advertiser);
    await t.rest("POST", "/advertiser/campaigns", { token: world.advertiser.token, body: { name: "Later", budget: 1000, cpm: 2.5, target_countries: ["United States"] } });
    await t.app.services.ledger.append([{ userId: world.advertiser.id, kind: LedgerKind.CREDIT, amountMicros: 9_000_000, createdAt: at("2025-03-30T09:00:00Z") }]);
    await t.app.dataSource.query("UPDATE campaigns SET name = 'Renamed' WHERE id = ?", [world.campaigns[0].id]);
    await t.app.services.statements.issueMonth(MARCH);
    expect(await myStatements(world.advertiser)).toEqual(before);
  });

  it("prints the invoice as a PDF whose text names the number, the campaigns and the amounts", async () => {
    const [invoice] = await myStatements(world.advertiser);
    const response = await download(invoice.pdfPath, world.advertiser.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    // A tax invoice: the seller's legal name, address and VAT number (the demo's defaults here), and the buyer's address.
    for (const expected of ["AdNet Example Ltd", "1 Example Street, London EC1A 1AA, United Kingdom", "VAT number: GB123456789", BUYER_ADDRESS]) {
      expect(text).toContain(expected);
    }
    for (const expected of [`AdNet Invoice`, `Number: ${invoice.number}`, "Period: 2025-03-01 to 2025-03-31 (UTC)", "Bill to: Adam Advertiser", "Spring Sale", "Easter Offer", "$1.50", "$4.00", "$5.50", "Opening balance", "$999.98", "Deposits", "$200.00", "Credits", "$50.00", "Closing balance", "$1,244.48"]) {
      expect(text).toContain(expected);
    }
  });

  it("prints the publisher's statement as a PDF with its sites", async () => {
    const [statement] = await myStatements(world.publisher);
    const text = pdfText(Buffer.from(await (await download(statement.pdfPath, world.publisher.token)).arrayBuffer()));
    for (const expected of ["AdNet Publisher statement", statement.number, world.sites[0].domain, "$0.70", "$3.15", "Earnings", "$3.85", "Payouts", "Closing balance"]) expect(text).toContain(expected);
  });

  it("exports the invoice as CSV with every line and the balances", async () => {
    const [invoice] = await myStatements(world.advertiser);
    const response = await download(invoice.csvPath, world.advertiser.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect((await response.text()).trim().split("\n")).toEqual([
      "section,description,impressions,clicks,amount_usd",
      `document,"Invoice ${invoice.number} for Adam Advertiser <${world.advertiser.email}>, 2025-03-01 to 2025-03-31",,,0`,
      'issuer,"AdNet Example Ltd, 1 Example Street, London EC1A 1AA, United Kingdom, VAT number: GB123456789",,,0',
      `customer_address,"${BUYER_ADDRESS}",,,0`,
      "line,Spring Sale,600,15,1.5",
      "line,Easter Offer,1000,40,4",
      "total,Spend,1600,55,5.5",
      "balance,Opening balance,,,999.975",
      "movement,Deposits,,,200",
      "movement,Credits,,,50",
      "balance,Closing balance,,,1244.475",
    ]);
  });

  it("lets only the owner and admins read or download a document, through both doors", async () => {
    const [invoice] = await myStatements(world.advertiser);
    const stranger = await signUp(t, "advertiser");
    for (const path of [invoice.pdfPath, invoice.csvPath]) {
      expect((await download(path, stranger.token)).status).toBe(404);
      expect((await download(path, world.publisher.token)).status).toBe(404);
      expect((await download(path)).status).toBe(401);
      expect((await download(path, admin.token)).status).toBe(200);
    }
    expect((await download(`/api/statements/${invoice.id}.docx`, admin.token)).status).toBe(404);
    expect((await download("/api/statements/abc.pdf", admin.token)).status).toBe(404);
    const zero = await download("/api/statements/0.pdf", admin.token);
    expect(zero.status).toBe(422);
    expect(await zero.json()).toEqual({ detail: "ID must be a positive whole number" });

    const one = (id: unknown, token: string) => t.gql(`query($id: Int!) { statement(id: $id) { number } }`, { id }, token);
    expect((await one(invoice.id, stranger.token)).errors?.[0]).toMatchObject({ message: "Statement not found", extensions: { code: "NOT_FOUND" } });
    expect((await one(invoice.id, admin.token)).data).toEqual({ statement: { number: invoice.number } });
    expect((await one(0, admin.token)).errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "id" } });
  });

  it("lists every document to admins a page at a time, by kind and by number or customer, and to nobody else", async () => {
    const [invoice] = await myStatements(world.advertiser);
    const page = (input: string, token = admin.token) => t.gql(`{ statements(input: ${input}) { items { number kind customerEmail } totalCount } }`, {}, token);
    expect((await page(`{ search: "${invoice.number}" }`)).data).toEqual({ statements: { items: [{ number: invoice.number, kind: "INVOICE", customerEmail: world.advertiser.email }], totalCount: 1 } });
    expect((await page(`{ search: "${world.publisher.email.toUpperCase()}", kind: STATEMENT }`)).data!.statements.totalCount).toBe(1);
    expect((await page(`{ search: "${world.publisher.email}", kind: INVOICE }`)).data!.statements.totalCount).toBe(0);
    expect((await page(`{ limit: 0 }`)).errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "limit" } });
    expect((await page("{}", world.advertiser.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await t.gql("{ myStatements { id } }", {}, admin.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});

it("numbers each kind of document without gaps, month after month", async () => {
  const fresh = await startTestApp();
  try {
    const admin = await signInAdmin(fresh);
    const advertisers = [await signUp(fresh, "advertiser"), await signUp(fresh, "advertiser"), await signUp(fresh, "advertiser")];
    const publisher = await signUp(fresh, "publisher");
    const months = [Date.UTC(2024, 10, 1), Date.UTC(2024, 11, 1), Date.UTC(2025, 0, 1)];
    for (const [i, month] of months.entries()) {
      await fresh.app.services.ledger.append([
        ...advertisers.slice(i === 1 ? 1 : 0).map((a) => ({ userId: a.id, kind: LedgerKind.DEPOSIT, amountMicros: 500_000_000, createdAt: new Date(month + 86_400_000) })),
        { userId: publisher.id, kind: LedgerKind.EARNING, amountMicros: 1_000_000, createdAt: new Date(month + 86_400_000) },
      ]);
    }
    // Issued concurrently, as a careless operator might: still one per user and month, numbered in a row.
    await Promise.all(months.flatMap((month) => [fresh.app.services.statements.issueMonth(month), fresh.app.services.statements.issueMonth(month)]));
    const page = await fresh.gql<{ statements: { items: { number: string; kind: string; month: string }[] } }>("{ statements(input: { limit: 100 }) { items { number kind month } } }", {}, admin.token);
    const numbers = (kind: string) => page.data!.statements.items.filter((s) => s.kind === kind).map((s) => s.number).sort();
    expect(numbers("INVOICE")).toEqual(["INV-2024-000001", "INV-2024-000002", "INV-2024-000003", "INV-2024-000004", "INV-2024-000005", "INV-2025-000001", "INV-2025-000002", "INV-2025-000003"]);
    expect(numbers("STATEMENT")).toEqual(["STM-2024-000001", "STM-2024-000002", "STM-2025-000001"]);
  } finally {
    await fresh.close();
  }
});

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "adnet-pdf-"));
  try {
    writeFileSync(join(dir, "document.pdf"), pdf);
    return execFileSync("pdftotext", ["-layout", join(dir, "document.pdf"), "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it("keeps the advertiser's billing address through GraphQL too, within its length, and serves it on the Billing tab", async () => {
  const advertiser = await signUp(t, "advertiser");
  const set = (address: string | null) => t.gql("mutation($address: String) { setBillingAddress(address: $address) }", { address }, advertiser.token);
  expect((await set("Rue de la Paix 2\n75002 Paris")).data).toEqual({ setBillingAddress: "Rue de la Paix 2\n75002 Paris" });
  expect((await t.gql("{ myFunds { billingAddress } }", {}, advertiser.token)).data).toEqual({ myFunds: { billingAddress: "Rue de la Paix 2\n75002 Paris" } });
  const tooLong = await set("x".repeat(501));
  expect(tooLong.errors?.[0]).toMatchObject({ message: "Billing address can be at most 500 characters long", extensions: { code: "BAD_USER_INPUT", field: "billingAddress" } });
  expect((await set("  ")).data).toEqual({ setBillingAddress: null });
  const publisher = await signUp(t, "publisher");
  expect((await t.rest("PUT", "/advertiser/billing-address", { token: publisher.token, body: { billing_address: "Elsewhere" } })).status).toBe(403);
});
