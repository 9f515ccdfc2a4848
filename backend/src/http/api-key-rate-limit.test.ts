import { signUp } from "../../test/factories";
import { startAppPair, startTestApp, TestApp } from "../../test/test-app";

const QUOTA = { API_KEY_RATE_LIMIT: "3", API_KEY_RATE_WINDOW_SECONDS: "60" };

async function createKey(t: TestApp, token: string): Promise<string> {
  const result = await t.gql(`mutation { createApiKey(input: { name: "Sync", readOnly: false }) { secret } }`, {}, token);
  expect(result.errors).toBeUndefined();
  return result.data!.createApiKey.secret;
}

async function call(t: TestApp, token: string, door = "/api/auth/me") {
  const response =
    door === "/graphql"
      ? await fetch(`${t.url}/graphql`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: '{"query":"{ me { id } }"}' })
      : await fetch(`${t.url}${door}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    policy: response.headers.get("ratelimit-policy"),
    rateLimit: response.headers.get("ratelimit"),
    retryAfter: response.headers.get("retry-after"),
    body: await response.json(),
  };
}

describe("an API key's quota in one process", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(QUOTA);
  });
  afterAll(() => t.close());

  it("shows the key its quota on every answer, and refuses the call past it with 429 and Retry-After", async () => {
    const publisher = await signUp(t, "publisher");
    const key = await createKey(t, publisher.token);
    const first = await call(t, key);
    expect(first).toMatchObject({ status: 200, policy: '"api-key";q=3;w=60', retryAfter: null });
    expect(first.rateLimit).toMatch(/^"api-key";r=2;t=(59|60)$/);
    expect((await call(t, key, "/graphql")).rateLimit).toMatch(/^"api-key";r=1;t=/);
    expect((await call(t, key, "/api/publisher/nowhere")).rateLimit).toMatch(/^"api-key";r=0;t=/);

    const refused = await call(t, key);
    expect(refused).toMatchObject({ status: 429, policy: '"api-key";q=3;w=60', body: { detail: expect.stringContaining("more than 3 requests in 60 s") } });
    expect(refused.rateLimit).toMatch(/^"api-key";r=0;t=(59|60)$/);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(59);
    const refusedGraphql = await call(t, key, "/graphql");
    expect(refusedGraphql).toMatchObject({ status: 429, body: { errors: [{ extensions: { code: "RATE_LIMITED" } }] } });
  });

  it("counts each key apart, and leaves session tokens alone", async () => {
    const publisher = await signUp(t, "publisher");
    const [one, two] = [await createKey(t, publisher.token), await createKey(t, publisher.token)];
    for (let i = 0; i < 3; i++) await call(t, one);
    expect((await call(t, one)).status).toBe(429);
    expect(await call(t, two)).toMatchObject({ status: 200, rateLimit: expect.stringMatching(/r=2;/) });
    const session = await call(t, publisher.token);
    expect(session).toMatchObject({ status: 200, policy: null, rateLimit: null });
  });
});

it("shares a key's quota between processes through Redis", async () => {
  const pair = await startAppPair(QUOTA);
  try {
    const publisher = await signUp(pair.first, "publisher");
    const key = await createKey(pair.first, publisher.token);
    expect((await call(pair.first, key)).rateLimit).toMatch(/r=2;/);
    expect((await call(pair.second, key)).rateLimit).toMatch(/r=1;/);
    expect((await call(pair.first, key)).rateLimit).toMatch(/r=0;/);
    expect(await call(pair.second, key)).toMatchObject({ status: 429, retryAfter: expect.stringMatching(/^\d+$/) });
  } finally {
    await pair.close();
  }
});
