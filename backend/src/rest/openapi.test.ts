import Ajv2020 from "ajv/dist/2020";
import { createCampaign, createSite, signInAdmin, signUp } from "../../test/factories";
import { pngOf, postFile } from "../../test/media-fixtures";
import { startTestApp, TestApp } from "../../test/test-app";

type Json = Record<string, any>;

let t: TestApp;
let document: Json;
let callers: [string, string | null][];
const ajv = new Ajv2020({ strict: false, allErrors: true });
// Times are RFC 3339 date-times, as the document says (`format: date-time`).
ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);

beforeAll(async () => {
  t = await startTestApp();
  const served = await fetch(`${t.url}/api/openapi.json`);
  expect(served.status).toBe(200);
  document = (await served.json()) as Json;
  ajv.addSchema(document, "openapi.json");
  const [publisher, advertiser, admin] = [await signUp(t, "publisher"), await signUp(t, "advertiser"), await signInAdmin(t)];
  await createSite(t, publisher);
  await createCampaign(t, advertiser);
  const key = await t.gql(`mutation { createApiKey(input: { name: "Contract", readOnly: false }) { secret } }`, {}, advertiser.token);
  callers = [
    ["anonymous", null],
    ["publisher", publisher.token],
    ["advertiser", advertiser.token],
    ["admin", admin.token],
    ["API key", key.data!.createApiKey.secret],
  ];
});
afterAll(() => t.close());

const resolve = (node: Json): Json => (node.$ref ? resolve(node.$ref.slice(2).split("/").reduce((at: Json, key: string) => at[key], document)) : node);

/**
 * Real objects where they exist (the first site, campaign and statement number), except an admin's
 * account actions, which point at no one so the test does not suspend the admin it runs as.
 */
const urlOf = (path: string) =>
  path.replace("{file}", "1.pdf").replace("{id}", path.startsWith("/admin/users/") ? "999999" : "1");

/** Every operation, signing out last: it ends the session the other calls use. */
function operations(): [string, string][] {
  const all = Object.entries(document.paths as Json).flatMap(([path, methods]) => Object.keys(methods).map((method): [string, string] => [method, path]));
  return all.sort(([, a], [, b]) => Number(a === "/auth/logout") - Number(b === "/auth/logout"));
}

it("documents every path the REST door serves, with roles and security", () => {
  expect(operations().length).toBeGreaterThanOrEqual(56);
  const me = document.paths["/auth/me"].get;
  expect(me["x-roles"]).toEqual(["publisher", "advertiser", "admin"]);
  expect(me.security).toEqual([{ sessionToken: [] }, { apiKey: [] }]);
  expect(document.paths["/auth/login"].post.security).toEqual([]);
});

it("types ids, query parameters and times as the GraphQL types behind them, and requires the answer fields a client can rely on", () => {
  const parameters = (path: string, method: string) => Object.fromEntries(document.paths[path][method].parameters.map((p: Json) => [p.name, p.schema]));
  expect(parameters("/admin/users/{id}", "get").id).toEqual({ type: "integer" });
  expect(parameters("/admin/users", "get")).toMatchObject({ limit: { type: "integer" }, role: { enum: ["publisher", "advertiser", "admin"] } });
  expect(parameters("/advertiser/campaigns", "get").archived).toEqual({ type: "boolean" });
  const site = document.components.schemas.Site;
  expect(site.properties.created_at).toEqual({ type: "string", format: "date-time" });
  expect(site.required).toEqual(expect.arrayContaining(["id", "name", "domain", "status", "created_at"]));
  // Resolved on demand by GraphQL, so never in a REST answer.
  expect(site.required).not.toContain("next_actions");
});

it("answers every documented operation, as every kind of caller, as the document says", async () => {
  const mismatches: string[] = [];
  for (const [method, path] of operations()) {
    const operation = document.paths[path][method];
    for (const [caller, token] of callers) {
      const response = await fetch(`${t.url}/api${urlOf(path)}`, {
        method: method.toUpperCase(),
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === "get" ? {} : { "content-type": "application/json" }) },
        body: method === "get" ? undefined : "{}",
      });
      const text = await response.text();
      const where = `${method.toUpperCase()} ${path} as ${caller}: ${response.status}`;
      const documented = operation.responses[String(response.status)];
      if (!documented) {
        mismatches.push(`${where} is not documented (${text.slice(0, 120)})`);
        continue;
      }
      const answer = resolve(documented);
      if (caller === "API key" && !response.headers.get("ratelimit")) mismatches.push(`${where} lacks the RateLimit header`);
      const type = (response.headers.get("content-type") ?? "").split(";")[0];
      if (!answer.content) {
        if (text) mismatches.push(`${where} has a body the document does not`);
        continue;
      }
      if (!answer.content[type]) {
        mismatches.push(`${where} answers ${type}, documented ${Object.keys(answer.content).join(", ")}`);
        continue;
      }
      const at = documented.$ref ?? `#/paths/${segment(path)}/${method}/responses/${response.status}`;
      if (type === "application/json" && !ajv.validate({ $ref: `openapi.json${at}/content/${segment(type)}/schema` }, JSON.parse(text))) {
        mismatches.push(`${where} does not match: ${ajv.errorsText()}`);
      }
    }
  }
  expect(mismatches).toEqual([]);
}, 120_000);

/** A key of the document as one segment of a JSON pointer in a URI fragment. */
const segment = (key: string) => encodeURIComponent(key.replace(/~/g, "~0").replace(/\//g, "~1"));

it("answers a key past its quota with the documented 429, its headers included", async () => {
  const limited = await startTestApp({ API_KEY_RATE_LIMIT: "1" });
  try {
    const advertiser = await signUp(limited, "advertiser");
    const key = await limited.gql(`mutation { createApiKey(input: { name: "Busy", readOnly: true }) { secret } }`, {}, advertiser.token);
    const call = () => fetch(`${limited.url}/api/advertiser/campaigns`, { headers: { authorization: `Bearer ${key.data!.createApiKey.secret}` } });
    expect((await call()).status).toBe(200);
    const refused = await call();
    const documented = resolve(document.paths["/advertiser/campaigns"].get.responses["429"]);
    expect(Object.keys(documented.headers).sort()).toEqual(["RateLimit", "RateLimit-Policy", "Retry-After"]);
    for (const header of Object.keys(documented.headers)) expect([header, refused.headers.get(header)]).toEqual([header, expect.any(String)]);
    const valid = ajv.validate({ $ref: "openapi.json#/components/responses/Error429/content/application~1json/schema" }, await refused.json());
    expect([refused.status, valid, ajv.errorsText()]).toEqual([429, true, "No errors"]);
  } finally {
    await limited.close();
  }
});

it("answers an upload with the file it stored, as documented (Prism cannot carry a binary body)", async () => {
  const advertiser = await signUp(t, "advertiser");
  const uploaded = await postFile(`${t.url}/api/advertiser/media`, advertiser.token, await pngOf(300, 250), "banner.png", "image/png");
  const documented = document.paths["/advertiser/media"].post.responses["201"].content["application/json"].schema;
  expect(documented).toEqual({ $ref: "#/components/schemas/MediaFile" });
  const valid = ajv.validate({ $ref: "openapi.json#/components/schemas/MediaFile" }, uploaded.body);
  expect([uploaded.status, valid, ajv.errorsText()]).toEqual([201, true, "No errors"]);
});

describe("request bodies", () => {
  const bodySchema = (path: string, method: string) => ({ $ref: `openapi.json#/paths/${path.replace(/\//g, "~1")}/${method}/requestBody/content/application~1json/schema` });

  it("are their GraphQL twin's arguments in snake_case: a body the API takes validates, one without a required field does not", async () => {
    const campaign = { name: "Winter Sale", budget: 500, cpm: 2, target_countries: ["Germany"] };
    expect([ajv.validate(bodySchema("/advertiser/campaigns", "post"), campaign), ajv.errorsText()]).toEqual([true, "No errors"]);
    const advertiser = await signUp(t, "advertiser");
    expect((await t.rest("POST", "/advertiser/campaigns", { token: advertiser.token, body: campaign })).status).toBe(201);

    const { name: _name, ...nameless } = campaign;
    expect(ajv.validate(bodySchema("/advertiser/campaigns", "post"), nameless)).toBe(false);
    expect(ajv.errorsText()).toMatch(/must have required property 'name'/);
    expect((await t.rest("POST", "/advertiser/campaigns", { token: advertiser.token, body: nameless })).status).toBe(422);
  });
});
