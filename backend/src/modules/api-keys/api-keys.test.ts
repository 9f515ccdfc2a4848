import { signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ API_KEYS_PER_USER: "3" });
});
afterAll(() => t.close());

async function createKey(token: string, name: string, readOnly = false) {
  const result = await t.gql(
    `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id name prefix readOnly lastUsedAt revokedAt } } }`,
    { input: { name, readOnly } },
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createApiKey as { secret: string; apiKey: { id: number; name: string; prefix: string; readOnly: boolean } };
}

const siteBody = () => ({ domain: `key-${Math.random().toString(36).slice(2, 8)}.example.com`, name: "Keyed", category: "news", description: "Made with a key." });

describe("API keys", () => {
  it("work as a bearer token on /graphql and /api with the owner's role, and are shown once", async () => {
    const publisher = await signUp(t, "publisher");
    const { secret, apiKey } = await createKey(publisher.token, "Nightly sync");
    expect(secret).toMatch(/^adn_live_[A-Za-z0-9_-]{32}$/);
    expect(apiKey).toMatchObject({ name: "Nightly sync", prefix: secret.slice(0, 13), readOnly: false, lastUsedAt: null, revokedAt: null });

    expect((await t.gql(`{ me { id role } }`, {}, secret)).data).toEqual({ me: { id: publisher.id, role: "PUBLISHER" } });
    expect((await t.rest("GET", "/auth/me", { token: secret })).body).toMatchObject({ id: publisher.id });
    expect((await t.rest("POST", "/publisher/sites", { token: secret, body: siteBody() })).status).toBe(201);
    const created = await t.gql(`mutation($input: CreateSiteInput!) { createSite(input: $input) { id } }`, { input: siteBody() }, secret);
    expect(created.errors).toBeUndefined();
    // The owner's role, no more: a publisher's key cannot reach the admins' lists.
    expect((await t.gql(`{ users { totalCount } }`, {}, secret)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const listed = await t.gql(`{ myApiKeys { id prefix lastUsedAt } }`, {}, publisher.token);
    expect(listed.data!.myApiKeys).toEqual([{ id: apiKey.id, prefix: apiKey.prefix, lastUsedAt: expect.any(String) }]);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it("read-only keys may query but not change anything, through both doors", async () => {
    const advertiser = await signUp(t, "advertiser");
    const { secret } = await createKey(advertiser.token, "Dashboard", true);
    expect((await t.gql(`{ myCampaigns { id } }`, {}, secret)).data).toEqual({ myCampaigns: [] });
    expect((await t.rest("GET", "/advertiser/campaigns", { token: secret })).status).toBe(200);

    const mutation = await t.gql(`mutation { createApiKey(input: {name: "Escalate"}) { secret } }`, {}, secret);
    expect(mutation.errors?.[0]).toMatchObject({ message: "This API key is read-only: it may only read", extensions: { code: "FORBIDDEN" } });
    const rest = await t.rest("POST", "/advertiser/campaigns", { token: secret, body: { name: "Nope", budget: 1000, cpm: 2 } });
    expect(rest).toEqual({ status: 403, body: { detail: "This API key is read-only: it may only read" } });
    expect((await t.gql(`{ myApiKeys { name } }`, {}, advertiser.token)).data!.myApiKeys).toEqual([{ name: "Dashboard" }]);
  });

  it("refuses a revoked key at once, and only its owner or an admin can revoke it", async () => {
    const publisher = await signUp(t, "publisher");
    const stranger = await signUp(t, "publisher");
    const { secret, apiKey } = await createKey(publisher.token, "Old integration");
    const revoke = (token: string) => t.gql(`mutation($id: Int!) { revokeApiKey(id: $id) { revokedAt } }`, { id: apiKey.id }, token);

    expect((await revoke(stranger.token)).errors?.[0]).toMatchObject({ message: "API key not found", extensions: { code: "NOT_FOUND" } });
    expect((await t.rest("GET", "/auth/me", { token: secret })).status).toBe(200);
    expect((await revoke(publisher.token)).data!.revokeApiKey.revokedAt).toEqual(expect.any(String));
    expect(await t.rest("GET", "/auth/me", { token: secret })).toEqual({ status: 401, body: { detail: "Not authenticated" } });
    expect((await t.gql(`{ me { id } }`, {}, secret)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await t.rest("GET", "/auth/me", { token: "adn_live_forged-key-that-was-never-issued-00" })).status).toBe(401);

    const admin = await signInAdmin(t);
    const trail = await t.gql(`query($id: Int!) { auditLog(input: {targetType: "api_key", targetId: $id}) { items { action actorEmail targetUserId after before } } }`, { id: apiKey.id }, admin.token);
    expect(trail.data!.auditLog.items).toEqual([
      { action: "API_KEY_REVOKED", actorEmail: publisher.email, targetUserId: publisher.id, after: null, before: JSON.stringify({ name: "Old integration", prefix: apiKey.prefix }) },
      { action: "API_KEY_CREATED", actorEmail: publisher.email, targetUserId: publisher.id, before: null, after: JSON.stringify({ name: "Old integration", prefix: apiKey.prefix, readOnly: false }) },
    ]);
    expect(JSON.stringify(trail)).not.toContain(secret);
  });

  it("holds a user to API_KEYS_PER_USER live keys, and admins see and revoke everyone's", async () => {
    const advertiser = await signUp(t, "advertiser");
    const keys = [await createKey(advertiser.token, "one"), await createKey(advertiser.token, "two"), await createKey(advertiser.token, "three")];
    const fourth = await t.gql(`mutation { createApiKey(input: {name: "four"}) { secret } }`, {}, advertiser.token);
    expect(fourth.errors?.[0]).toMatchObject({ message: "You can hold at most 3 API keys: revoke one first", extensions: { code: "CONFLICT" } });

    const admin = await signInAdmin(t);
    const all = await t.gql(`query($id: Int!) { apiKeys(input: {userId: $id}) { totalCount items { name userId } } }`, { id: advertiser.id }, admin.token);
    expect(all.data!.apiKeys).toEqual({ totalCount: 3, items: ["three", "two", "one"].map((name) => ({ name, userId: advertiser.id })) });
    expect((await t.gql(`{ apiKeys { totalCount } }`, {}, advertiser.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await t.gql(`mutation($id: Int!) { revokeApiKey(id: $id) { id } }`, { id: keys[0].apiKey.id }, admin.token)).errors).toBeUndefined();
    expect((await t.gql(`mutation { createApiKey(input: {name: "four"}) { apiKey { name } } }`, {}, advertiser.token)).data).toEqual({ createApiKey: { apiKey: { name: "four" } } });
  });

  it("names the field of a bad key name and creates nothing", async () => {
    const publisher = await signUp(t, "publisher");
    const blank = await t.gql(`mutation { createApiKey(input: {name: "  "}) { secret } }`, {}, publisher.token);
    expect(blank.errors?.[0]).toMatchObject({ message: "Name is required", extensions: { code: "BAD_USER_INPUT", field: "name" } });
    expect((await t.gql(`{ myApiKeys { id } }`, {}, publisher.token)).data).toEqual({ myApiKeys: [] });
  });
});
