import { randomBytes } from "node:crypto";
import { LedgerKind } from "../src/modules/ledger/ledger-entry.entity";
import { User } from "../src/modules/users/user.entity";
import { ADMIN, TestApp } from "./test-app";

export interface Account {
  id: number;
  email: string;
  password: string;
  token: string;
}

const unique = () => randomBytes(4).toString("hex");

/** What a test advertiser has paid in unless the test says otherwise: more than any test campaign spends. */
export const TEST_FUNDS_MICROS = 1_000_000 * 1_000_000;

/**
 * Registers and signs in a user through the REST door, as the legacy client does. The address
 * counts as verified (as if its link had been opened) unless `verified: false` is asked for. An
 * advertiser is funded (TEST_FUNDS_MICROS, or `funds` micros) so that their campaigns deliver; pass 0 for none.
 */
export async function signUp(
  t: TestApp,
  role: "publisher" | "advertiser",
  fields: Record<string, unknown> = {},
  options: { verified?: boolean; funds?: number } = {},
): Promise<Account> {
  const email = `${role}-${unique()}@example.com`;
  const password = "correct-horse-battery";
  const registered = await t.rest("POST", "/auth/register", { body: { full_name: `Test ${role}`, email, password, role, accept_terms: true, ...fields } });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  if (options.verified !== false) await t.app.dataSource.getRepository(User).update({ id: registered.body.id }, { emailVerifiedAt: new Date() });
  const account = { ...(await signIn(t, email, password)), password };
  const funds = options.funds ?? TEST_FUNDS_MICROS;
  if (role === "advertiser" && funds > 0) await fundAdvertiser(t, account.id, funds);
  return account;
}

/** Pays money into an advertiser's account directly, as a recorded bank transfer does, and tells the ad server. */
export async function fundAdvertiser(t: TestApp, advertiserId: number, micros: number): Promise<void> {
  await t.app.services.ledger.append([{ userId: advertiserId, kind: LedgerKind.DEPOSIT, amountMicros: micros, memo: "test funds" }]);
  await t.app.services.delivery.fundsChanged(advertiserId);
}

export async function signIn(t: TestApp, email: string, password: string): Promise<Account> {
  const login = await t.rest("POST", "/auth/login", { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { id: login.body.user.id, email, password, token: login.body.access_token };
}

export const signInAdmin = (t: TestApp) => signIn(t, ADMIN.email, ADMIN.password);

export async function createSite(t: TestApp, publisher: Account, fields: Record<string, unknown> = {}) {
  const response = await t.rest("POST", "/publisher/sites", {
    token: publisher.token,
    body: { domain: `site-${unique()}.example.com`, name: "Example News", category: "news", description: "Daily news.", ...fields },
  });
  if (response.status !== 201) throw new Error(`create site failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function approvedSite(t: TestApp, publisher: Account, admin: Account) {
  const site = await createSite(t, publisher);
  await t.rest("PUT", `/admin/sites/${site.id}/approve`, { token: admin.token });
  return site;
}

export async function createCampaign(t: TestApp, advertiser: Account, fields: Record<string, unknown> = {}) {
  const response = await t.rest("POST", "/advertiser/campaigns", {
    token: advertiser.token,
    body: { name: "Autumn Sale", budget: 1000, cpm: 2.5, target_countries: ["United States"], ...fields },
  });
  if (response.status !== 201) throw new Error(`create campaign failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Long enough ago that earnings are payable under Net-30 whatever today's date: three months back. */
export const PAYABLE_EARNINGS_AGE_MS = 92 * 24 * 3_600_000;

/**
 * Credits a publisher's account directly, as counted impressions will. The earnings are dated three
 * months back unless `at` says when, so they are payable (Net-30); pass `new Date()` for this month's.
 */
export async function creditEarnings(t: TestApp, publisherId: number, micros: number, at = new Date(Date.now() - PAYABLE_EARNINGS_AGE_MS)): Promise<void> {
  await t.app.services.ledger.append([{ userId: publisherId, kind: LedgerKind.EARNING, amountMicros: micros, memo: "test earnings", createdAt: at }]);
}

/** A valid IBAN (the standard's German example) and BIC. */
export const TEST_IBAN = "DE89 3704 0044 0532 0130 00";
export const TEST_BIC = "COBADEFFXXX";

/** Puts a bank transfer method on file for the publisher, as the Payouts tab does. */
export async function payoutMethodOnFile(t: TestApp, publisher: Account): Promise<void> {
  const result = await t.gql(
    "mutation($input: PayoutMethodInput!) { setPayoutMethod(input: $input) { type } }",
    { input: { type: "BANK_TRANSFER", accountHolder: "Test Publisher", iban: TEST_IBAN, bic: TEST_BIC } },
    publisher.token,
  );
  if (result.errors) throw new Error(`setPayoutMethod failed: ${JSON.stringify(result.errors)}`);
}
