import { startTestApp, TestApp } from "../../test/test-app";

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
