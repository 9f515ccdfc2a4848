import { randomBytes } from "node:crypto";
import { adminAccount, baseUrl } from "./shared-server";

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

async function register(account: Account): Promise<string> {
  const { register } = await graphql<{ register: { accessToken: string } }>(
    "mutation ($input: RegisterInput!) { register(input: $input) { accessToken } }",
    { input: { ...account, acceptTerms: true } },
  );
  return register.accessToken;
}

export async function signIn({ email, password }: { email: string; password: string }) {
  const { login } = await graphql<{ login: { accessToken: string } }>(
    "mutation ($input: LoginInput!) { login(input: $input) { accessToken } }",
    { input: { email, password } },
  );
  return login.accessToken;
}

/** Registers the account, opens its verification link (unless told not to) and returns the token registering answered. */
export async function registeredToken(account: Account, { verified = true } = {}) {
  const token = await register(account);
  if (verified) await verifyEmailOf(account.email);
  return token;
}

/**
 * The link of the latest e-mail of this kind to this address, read from the admins' outbox: the
 * test server has no SMTP server, so that is where e-mails stay. Waits for one sent in the background.
 */
export async function emailedLink(to: string, kind: "verify_email" | "password_reset" | "change_email"): Promise<string> {
  const adminToken = await signIn(adminAccount());
  for (let attempt = 0; attempt < 50; attempt++) {
    const { mailOutbox } = await graphql<{ mailOutbox: { items: { recipient: string; kind: string; text: string }[] } }>(
      "query ($input: MailListInput!) { mailOutbox(input: $input) { items { recipient kind text } } }",
      { input: { search: to, limit: 20 } },
      adminToken,
    );
    const mail = mailOutbox.items.find((item) => item.recipient === to && item.kind === kind);
    const link = mail && /https?:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${kind} e-mail to ${to} in the outbox`);
}

/** Opens the account's verification link, as its owner would from the e-mail. */
export async function verifyEmailOf(email: string) {
  const token = new URL(await emailedLink(email, "verify_email")).searchParams.get("token");
  await graphql("mutation ($token: String!) { verifyEmail(token: $token) { verified } }", { token });
}

export async function createSite(token: string, site: { domain: string; name: string; category: string; description: string }) {
  await graphql("mutation ($input: CreateSiteInput!) { createSite(input: $input) { id } }", { input: site }, token);
}

export async function createCampaign(token: string, campaign: { name: string; budget: number; cpm: number }) {
  await graphql("mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }", { input: campaign }, token);
}
