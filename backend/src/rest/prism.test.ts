import { randomBytes } from "node:crypto";
import { Account, approvedSite, createCampaign, createSite, signInAdmin, signUp } from "../../test/factories";
import { pngOf } from "../../test/media-fixtures";
import { PrismProxy, startPrismProxy } from "../../test/prism-proxy";
import { startTestApp, TestApp } from "../../test/test-app";

type Json = Record<string, any>;
type Role = "anonymous" | "publisher" | "advertiser" | "admin";

/** One call of an operation: what fills the path's `{id}` or `{file}`, its query and its body. */
interface Call {
  id?: number | string;
  query?: Record<string, string>;
  body?: Json;
  file?: Buffer;
}

let t: TestApp;
let prism: PrismProxy;
let document: Json;
let accounts: Record<Exclude<Role, "anonymous">, Account>;
let calls: Record<string, (role: Role) => Call>;

const unique = () => randomBytes(4).toString("hex");

beforeAll(async () => {
  t = await startTestApp({ MIN_DEPOSIT: "200" });
  document = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as Json;
  prism = await startPrismProxy(document, `${t.url}/api`);

  const [publisher, advertiser, admin] = [await signUp(t, "publisher"), await signUp(t, "advertiser"), await signInAdmin(t)];
  accounts = { publisher, advertiser, admin };
  const site = await approvedSite(t, publisher, admin);
  const pendingSite = await createSite(t, publisher);
  const siteToArchive = await createSite(t, publisher);
  const zone = (await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Top banner", width: 728, height: 90 } })).body;
  const zoneToArchive = (await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Side", width: 300, height: 250 } })).body;
  const campaign = await createCampaign(t, advertiser);
  const archived = await createCampaign(t, advertiser);
  await t.rest("PUT", `/advertiser/campaigns/${archived.id}/archive`, { token: advertiser.token });
  const campaignToArchive = await createCampaign(t, advertiser);
  const creativeToArchive = (
    await t.rest("POST", "/advertiser/creatives", { token: advertiser.token, body: { campaign_id: campaign.id, name: "Old banner", content_url: "https://cdn.example.com/old.png" } })
  ).body;
  const depositOf = async () => (await t.rest("POST", "/advertiser/deposits", { token: advertiser.token, body: { amount: 250 } })).body;
  const [deposit, depositToCancel] = [await depositOf(), await depositOf()];
  const endpointOf = async () =>
    (await t.rest("POST", "/webhooks/endpoints", { token: advertiser.token, body: { url: "https://hooks.example.com/adnet", event_types: ["campaign.approved"] } })).body.endpoint;
  const [endpoint, endpointToDelete] = [await endpointOf(), await endpointOf()];
  const member = await signUp(t, "publisher");
  const report = { from: "2026-01-01", to: "2026-01-31", granularity: "day", breakdown: "date" };
  const audienceOf = async (name: string) =>
    (await t.rest("POST", "/advertiser/audiences", { token: advertiser.token, body: { name, rule: "visited", window_days: 30, site_domains: ["shop.example.com"] } })).body;
  const [audience, audienceToDelete] = [await audienceOf("Visitors"), await audienceOf("Old visitors")];
  const partnerOf = async (name: string) => (await t.rest("POST", "/admin/exchange-partners", { token: admin.token, body: { name } })).body.partner;
  const [partner, partnerToRevoke] = [await partnerOf("SSP"), await partnerOf("Old SSP")];
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  /** An admin acts on `member`; everyone else tries the same on the same account. */
  calls = {
    "GET /admin/users": () => ({ query: { search: "example.com", role: "publisher", offset: "0", limit: "10" } }),
    "GET /admin/users/{id}": () => ({ id: member.id }),
    "PUT /admin/users/{id}/approve": () => ({ id: member.id }),
    "PUT /admin/users/{id}/suspend": () => ({ id: member.id, body: { reason: "Invalid traffic from the sites" } }),
    "PUT /admin/users/{id}/reactivate": () => ({ id: member.id }),
    "POST /admin/users/{id}/verification-link": () => ({ id: member.id }),
    "POST /admin/users/{id}/password-reset": () => ({ id: member.id }),
    "POST /auth/login": (role) => ({ body: role === "anonymous" ? { email: publisher.email, password: "not-the-password" } : { email: accounts[role].email, password: accounts[role].password } }),
    "POST /auth/register": (role) => ({
      body: { full_name: "New Member", email: `member-${unique()}@example.com`, password: "correct-horse-battery", role: role === "admin" ? "publisher" : role === "anonymous" ? "advertiser" : role, accept_terms: true },
    }),
    "POST /auth/two-factor": () => ({ body: { challenge_token: "not-a-challenge", code: "123456" } }),
    "POST /auth/forgot-password": () => ({ body: { email: member.email } }),
    "POST /auth/reset-password": () => ({ body: { token: "not-a-token", new_password: "another-correct-horse" } }),
    "POST /auth/verify-email": () => ({ body: { token: "not-a-token" } }),
    "POST /publisher/sites": () => ({ body: { domain: `site-${unique()}.example.com`, name: "Example News", category: "news", description: "Daily news." } }),
    "PUT /publisher/sites/{id}": () => ({ id: pendingSite.id, body: { name: "Example Daily", blocked_domains: ["casino.example.com"] } }),
    "PUT /publisher/sites/{id}/archive": () => ({ id: siteToArchive.id }),
    "POST /publisher/sites/{id}/ads-txt-check": () => ({ id: site.id }),
    "POST /admin/sites/{id}/ads-txt-check": () => ({ id: site.id }),
    "PUT /publisher/seller-listing": () => ({ body: { confidential: false } }),
    "GET /publisher/ad-zones/rarely-seen": () => ({ query: { max_viewability: "50", days: "7" } }),
    "POST /publisher/ad-zones": () => ({ body: { site_id: site.id, name: "Footer", width: 320, height: 50 } }),
    "PUT /publisher/ad-zones/{id}": () => ({ id: zone.id, body: { name: "Top leaderboard" } }),
    "PUT /publisher/ad-zones/{id}/archive": () => ({ id: zoneToArchive.id }),
    "GET /advertiser/campaigns": () => ({ query: { archived: "false" } }),
    "POST /advertiser/campaigns": () => ({ body: { name: "Spring Sale", budget: 1000, cpm: 3, target_countries: ["Germany"] } }),
    "PUT /advertiser/campaigns/{id}": () => ({ id: campaign.id, body: { budget: 1200 } }),
    "POST /advertiser/campaigns/{id}/duplicate": () => ({ id: campaign.id }),
    "PUT /advertiser/campaigns/{id}/archive": () => ({ id: campaignToArchive.id }),
    "PUT /advertiser/campaigns/{id}/unarchive": () => ({ id: archived.id }),
    "PUT /advertiser/creatives/{id}/archive": () => ({ id: creativeToArchive.id }),
    "GET /advertiser/campaigns/{id}/history": () => ({ id: campaign.id }),
    "GET /advertiser/campaigns/{id}/creative-rotation": () => ({ id: campaign.id }),
    "GET /advertiser/campaigns/{id}/insights": () => ({ id: campaign.id, query: { from: "2026-01-01", to: "2026-01-31" } }),
    "GET /advertiser/campaigns/{id}/lookalike": () => ({ id: campaign.id }),
    // Refused: the new audience has no history to find its look-alike places in.
    "PUT /advertiser/campaigns/{id}/lookalike": () => ({ id: campaign.id, body: { audience_id: audience.id } }),
    "GET /advertiser/campaigns/{id}/optimisation": () => ({ id: campaign.id }),
    // Refused: the engine excluded no zone of this campaign.
    "POST /advertiser/campaigns/{id}/optimisation/undo": () => ({ id: campaign.id, body: { zone_id: zone.id } }),
    "POST /advertiser/audiences": () => ({ body: { name: "Cart", rule: "visited_page", page_pattern: "/cart*", window_days: 7, site_domains: ["shop.example.com"] } }),
    "PUT /advertiser/audiences/{id}": () => ({ id: audience.id, body: { window_days: 60 } }),
    "DELETE /advertiser/audiences/{id}": () => ({ id: audienceToDelete.id }),
    "GET /advertiser/audiences/{id}/insights": () => ({ id: audience.id, query: { from: "2026-01-01", to: "2026-01-31" } }),
    "POST /advertiser/targeting-forecast": () => ({ body: { target_countries: ["Germany"] } }),
    "POST /advertiser/creatives": () => ({ body: { campaign_id: campaign.id, name: "Banner", content_url: "https://cdn.example.com/banner.png", click_url: "https://shop.example.com/" } }),
    // Prism reads a multipart body as text and forwards it garbled, which the product refuses (422); openapi.test.ts checks a real upload.
    "POST /advertiser/media": () => ({ file: mediaFile }),
    "GET /admin/campaigns": () => ({ query: { archived: "true" } }),
    "PUT /advertiser/billing-address": () => ({ body: { billing_address: "1 Example Street, London" } }),
    "POST /advertiser/deposits": () => ({ body: { amount: 300 } }),
    "POST /advertiser/deposits/{id}/cancel": () => ({ id: depositToCancel.id }),
    "GET /admin/deposits": () => ({ query: { status: "pending", offset: "0", limit: "10" } }),
    "POST /admin/deposits/record": () => ({ body: { reference: deposit.reference, amount: 250, memo: "Bank transfer" } }),
    "POST /admin/credits": () => ({ body: { advertiser_email: advertiser.email, amount: 5, memo: "Goodwill" } }),
    "PUT /admin/credit-limit": () => ({ body: { advertiser_email: advertiser.email, amount: 50, memo: "Trusted" } }),
    "GET /admin/finance": () => ({ query: { months: "3" } }),
    "POST /admin/availability": () => ({ body: { start_date: today, end_date: inDays(9) } }),
    "POST /admin/bookings": () => ({
      body: {
        advertiser_email: advertiser.email,
        override_availability: true,
        campaign: { name: "Booked", budget: 500, bid: 4, start_date: today, end_date: inDays(9), delivery_tier: "guaranteed", goal_amount: 1_000 },
      },
    }),
    "POST /admin/campaigns/{id}/make-good": () => ({ id: campaign.id, body: { extra_impressions: 500 } }),
    "POST /admin/exchange-partners": () => ({ body: { name: "Exchange" } }),
    "PUT /admin/exchange-partners/{id}": () => ({ id: partner.id, body: { name: "Exchange renamed" } }),
    "PUT /admin/exchange-partners/{id}/revoke": () => ({ id: partnerToRevoke.id }),
    "GET /publisher/reports.csv": () => ({ query: report }),
    "GET /advertiser/reports.csv": () => ({ query: report }),
    "GET /admin/reports.csv": () => ({ query: report }),
    "GET /statements/{file}": () => ({ id: "1.pdf" }),
    "PUT /admin/sites/{id}/approve": () => ({ id: pendingSite.id }),
    "PUT /admin/campaigns/{id}/approve": () => ({ id: campaign.id }),
    "POST /webhooks/endpoints": () => ({ body: { url: "https://hooks.example.com/other", event_types: ["site.approved"] } }),
    "PUT /webhooks/endpoints/{id}": () => ({ id: endpoint.id, body: { enabled: true } }),
    "DELETE /webhooks/endpoints/{id}": () => ({ id: endpointToDelete.id }),
    "POST /webhooks/endpoints/{id}/rotate-secret": () => ({ id: endpoint.id }),
    "GET /webhooks/endpoints/{id}/deliveries": () => ({ id: endpoint.id }),
    "POST /webhooks/deliveries/{id}/redeliver": () => ({ id: 999999 }),
    "POST /webhooks/endpoints/{id}/redeliver": () => ({ id: endpoint.id, body: { from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z", failed_only: true } }),
  };
  mediaFile = await pngOf(300, 250);
}, 120_000);
afterAll(async () => {
  await prism?.close();
  await t?.close();
});

let mediaFile: Buffer;

/** Every documented operation, signing out last: it ends the session the other calls use. */
function operations(): [string, string][] {
  const all = Object.entries(document.paths as Json).flatMap(([path, methods]) => Object.keys(methods).map((method): [string, string] => [method.toUpperCase(), path]));
  return all.sort(([, a], [, b]) => Number(a === "/auth/logout") - Number(b === "/auth/logout"));
}

async function send(method: string, path: string, role: Role): Promise<Response> {
  const call = calls[`${method} ${path}`]?.(role) ?? {};
  const url = new URL(`${prism.url}${path.replace(/\{(id|file)\}/, String(call.id))}`);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = role === "anonymous" ? {} : { authorization: `Bearer ${accounts[role].token}` };
  // A documented header (an Idempotency-Key) gets a value of its own on each call.
  const parameters: Json[] = document.paths[path][method.toLowerCase()].parameters ?? [];
  for (const { name } of parameters.filter((parameter) => parameter.in === "header")) headers[name.toLowerCase()] = `walk-${unique()}`;
  if (call.file) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(call.file)], { type: "image/png" }), "banner.png");
    return fetch(url, { method, headers, body: form });
  }
  // A call without fields sends an empty object, as clients do; the product takes it as no body.
  if (method === "GET") return fetch(url, { method, headers });
  return fetch(url, { method, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(call.body ?? {}) });
}

it("passes Prism's validating proxy with no violation, every documented operation as each role", async () => {
  const violations: string[] = [];
  const answeredByTheProduct = new Set<string>();
  for (const [method, path] of operations()) {
    const operation = document.paths[path][method.toLowerCase()];
    for (const role of ["admin", "publisher", "advertiser", "anonymous"] as Role[]) {
      const response = await send(method, path, role);
      const where = `${method} ${path} as ${role}: ${response.status}`;
      const reported = response.headers.get("sl-violations");
      const text = await response.text();
      if (reported) violations.push(`${where}: ${reported}`);
      if ((response.headers.get("content-type") ?? "").startsWith("application/problem+json")) {
        const problem = JSON.parse(text) as Json;
        // Prism refuses an anonymous call to a secured operation itself, as the product would (401).
        const refusedAsDocumented = role === "anonymous" && operation.security.length > 0 && problem.status === 401;
        if (!refusedAsDocumented && !reported) violations.push(`${where}: ${problem.title}: ${JSON.stringify(problem.validation ?? problem.detail)}`);
        continue;
      }
      answeredByTheProduct.add(`${method} ${path}`);
    }
  }
  expect(violations).toEqual([]);
  const documented = operations().map(([method, path]) => `${method} ${path}`);
  expect(documented.filter((operation) => !answeredByTheProduct.has(operation))).toEqual([]);
}, 300_000);

/** Prism's own refusal of a request, which never reached the product. */
const refusedByPrism = async (response: Response) => {
  const type = response.headers.get("content-type")?.split(";")[0];
  const problem = (await response.json()) as Json;
  return [response.status, type, problem.type];
};
const PRISM_REFUSAL = [422, "application/problem+json", "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY"];

it("refuses, as the document, the bodies, ids and query parameters the product refuses", async () => {
  // The walk above signed its accounts out.
  const [advertiser, admin] = [await signUp(t, "advertiser"), await signInAdmin(t)];
  const campaignId = (await createCampaign(t, advertiser)).id;
  const member = { full_name: "New Member", email: `member-${unique()}@example.com`, password: "correct-horse-battery", role: "publisher" };
  const refused: [string, string, Json | undefined, string?][] = [
    ["POST", "/auth/register", member],
    ["POST", "/auth/register", { ...member, accept_terms: false }],
    ["POST", "/advertiser/campaigns", { name: "Priceless", budget: 1000 }, advertiser.token],
    ["POST", "/advertiser/creatives", { campaign_id: campaignId, name: "Nothing to show" }, advertiser.token],
    ["POST", "/advertiser/creatives", { campaign_id: campaignId, name: "Both", content_url: "https://cdn.example.com/a.png", media_id: 1 }, advertiser.token],
    ["GET", "/admin/users?limit=many", undefined, admin.token],
    ["PUT", "/admin/sites/abc/approve", undefined, admin.token],
  ];
  const mismatches: string[] = [];
  for (const [method, path, body, token] of refused) {
    const init = {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body && JSON.stringify(body),
    };
    const where = `${method} ${path} ${JSON.stringify(body ?? null)}`;
    const product = await fetch(`${t.url}/api${path}`, init);
    if (product.status !== 422) mismatches.push(`${where}: the product answers ${product.status}`);
    const prismAnswer = await refusedByPrism(await fetch(`${prism.url}${path}`, init));
    if (JSON.stringify(prismAnswer) !== JSON.stringify(PRISM_REFUSAL)) mismatches.push(`${where}: the document takes it (${prismAnswer.join(" ")})`);
  }
  expect(mismatches).toEqual([]);
});
