import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type DocumentNode, specifiedRules, validate } from "graphql";
import { startTestApp, TestApp } from "../../test/test-app";
import { armor } from "./apollo";
import { appSchema } from "./schema";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (body: unknown) => fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const errorsOf = async (response: Response) => ((await response.json()) as { errors?: { message: string; extensions?: { code?: string } }[] }).errors;

it("keeps introspection on for integrators", async () => {
  const result = (await (await post({ query: "{ __schema { queryType { name } } }" })).json()) as { data: unknown };
  expect(result.data).toEqual({ __schema: { queryType: { name: "Query" } } });
});

it("refuses batched requests", async () => {
  const response = await post([{ query: "{ __typename }" }, { query: "{ __typename }" }]);
  expect(response.status).toBe(400);
});

it("refuses a GET without a CSRF preflight header", async () => {
  const response = await fetch(`${t.url}/graphql?query=${encodeURIComponent("{ __typename }")}`);
  expect(response.status).toBe(400);
  expect(await response.text()).toMatch(/CSRF/);
});

it("refuses too many aliases", async () => {
  const query = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: __schema { queryType { name } }`).join(" ")} }`;
  expect((await errorsOf(await post({ query })))?.[0]?.message).toMatch(/aliases/i);
});

it("refuses a query deeper than the limit, even through fragments", async () => {
  const nested = (levels: number): string => (levels === 0 ? "name" : `ofType { ${nested(levels - 1)} }`);
  const deep = `{ __schema { types { fields { type { ${nested(14)} } } } } }`;
  const viaFragment = `query { __schema { ...T } } fragment T on __Schema { types { fields { type { ${nested(14)} } } } }`;
  for (const query of [deep, viaFragment]) {
    expect((await errorsOf(await post({ query })))?.[0]?.message).toMatch(/depth/i);
  }
});

it("reports a query for an unknown field as a validation failure", async () => {
  expect((await errorsOf(await post({ query: "{ nope }" })))?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
});

const postAs = (accept: string, body: unknown) =>
  fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", accept }, body: JSON.stringify(body) });

it("answers a document that fails to parse with 400 under graphql-response+json and 200 under json", async () => {
  expect((await postAs("application/graphql-response+json", { query: "{" })).status).toBe(400);
  const json = await postAs("application/json", { query: "{" });
  expect(json.status).toBe(200);
  expect((await errorsOf(json))?.[0]?.message).toMatch(/Syntax Error/);
});

it("answers an over-limit query with 400 and the limit it broke, under either media type", async () => {
  const query = `{ ${Array.from({ length: 2100 }, () => "__typename").join(" ")} }`;
  for (const accept of ["application/json", "application/graphql-response+json"]) {
    const response = await postAs(accept, { query });
    expect(response.status).toBe(400);
    expect((await errorsOf(response))?.[0]?.message).toMatch(/Token limit of 2000 exceeded/);
  }
});

it("tells a client that uses another method which ones /graphql allows", async () => {
  const response = await fetch(`${t.url}/graphql`, { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" });
  expect(response.status).toBe(405);
  expect(response.headers.get("allow")).toBe("GET, POST");
});

it("refuses an escaped lone surrogate, a persisted-query mismatch and a subscription as the client's mistakes", async () => {
  const surrogate = await post({ query: '{ __type(name: "\\ud800") { name } }' });
  expect(surrogate.status).toBe(200);
  expect((await errorsOf(surrogate))?.[0]?.message).toMatch(/Invalid Unicode escape/);
  const mismatch = await post({ query: "{ __typename }", extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } } });
  expect(mismatch.status).toBe(400);
  expect(await errorsOf(mismatch)).toEqual([{ message: "provided sha does not match query", extensions: { code: "BAD_REQUEST" } }]);
  const subscription = await errorsOf(await post({ query: "subscription { x }" }));
  expect(subscription?.[0]).toMatchObject({ message: "Schema is not configured to execute subscription operation.", extensions: { code: "BAD_REQUEST" } });
});

it("refuses malformed JSON and a body past the limit with a 4xx", async () => {
  const malformed = await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
  expect(malformed.status).toBe(400);
  const huge = await post({ query: `{ __typename } # ${"x".repeat(1_100_000)}` });
  expect(huge.status).toBe(413);
});

it("lets every operation the app's own screens send through the limits", async () => {
  const schema = await appSchema();
  const rules = [...specifiedRules, ...armor(true).validationRules!];
  const refused = appOperations()
    .map(({ name, document }) => ({ name, errors: validate(schema, document, rules).map((error) => error.message) }))
    .filter(({ errors }) => errors.length > 0);
  expect(refused).toEqual([]);
});

/** The documents graphql-codegen wrote for the browser, checked in beside its screens. */
function appOperations(): { name: string; document: DocumentNode }[] {
  const generated = readFileSync(join(__dirname, "../../../frontend/src/gql/graphql.ts"), "utf8");
  const documents = [...generated.matchAll(/^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode/gm)];
  expect(documents.length).toBeGreaterThan(100);
  return documents.map(([, name, json]) => ({ name, document: JSON.parse(json) as DocumentNode }));
}
