import { randomBytes } from "node:crypto";
import { baseUrl } from "./shared-server";

/**
 * Straight GraphQL calls for the data a test needs but does not test: the flows under test are
 * always clicked through in the browser.
 */
export async function graphql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) {
    throw new Error(`GraphQL refused: ${body.errors?.map((e) => e.message).join("; ") ?? response.status}`);
  }
  return body.data;
}

export type Role = "PUBLISHER" | "ADVERTISER";

export interface Account {
  fullName: string;
  email: string;
  password: string;
  role: Role;
}

/** A new identity every time, so tests never meet each other's users on the shared server. */
export function newAccount(role: Role, fullName: string): Account {
  const tag = randomBytes(4).toString("hex");
  return { fullName, email: `${role.toLowerCase()}-${tag}@e2e.adnet.test`, password: `mellow-lantern-${tag}`, role };
}

/** Sets apart what every admin on the shared server sees, such as site names and domains. */
export const uniqueTag = () => randomBytes(3).toString("hex");

export const uniqueName = (prefix: string) => `${prefix} ${uniqueTag()}`;

async function register(account: Account) {
  await graphql("mutation ($input: RegisterInput!) { register(input: $input) { id } }", { input: account });
}

export async function signIn({ email, password }: { email: string; password: string }) {
  const { login } = await graphql<{ login: { accessToken: string } }>(
    "mutation ($input: LoginInput!) { login(input: $input) { accessToken } }",
    { input: { email, password } },
  );
  return login.accessToken;
}

/** Registers the account and returns a token for it. */
export async function registeredToken(account: Account) {
  await register(account);
  return signIn(account);
}

export async function createSite(token: string, site: { domain: string; name: string; category: string; description: string }) {
  await graphql("mutation ($input: CreateSiteInput!) { createSite(input: $input) { id } }", { input: site }, token);
}

export async function createCampaign(token: string, campaign: { name: string; budget: number; cpm: number }) {
  await graphql("mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }", { input: campaign }, token);
}
