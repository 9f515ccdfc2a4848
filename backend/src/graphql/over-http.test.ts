import { serverAudits } from "graphql-http";
import { startTestApp, TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("passes every MUST and SHOULD of the GraphQL-over-HTTP server audits", async () => {
  const audits = serverAudits({ url: () => `${t.url}/graphql`, fetchFn: fetch });
  const failed: string[] = [];
  for (const audit of audits) {
    if (audit.name.startsWith("MAY")) continue;
    const result = await audit.fn();
    if (result.status !== "ok") failed.push(`${audit.id} ${audit.name}: ${result.reason}`);
  }
  if (failed.length) console.log(`GraphQL-over-HTTP audits failed:\n${failed.join("\n")}`);
  expect(failed).toEqual([]);
});

describe("a request refused before GraphQL reads it", () => {
  const GRAPHQL_RESPONSE = "application/graphql-response+json";
  const send = (body: string, contentType: string, accept?: string) =>
    fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": contentType, ...(accept ? { accept } : {}) }, body });

  it.each([
    ["malformed JSON", (): string => "{not json", "application/json", 400, { message: "The request body is not valid JSON", extensions: { code: "BAD_REQUEST" } }],
    ["a body past the limit", (): string => JSON.stringify({ query: `{ __typename } # ${"x".repeat(1_100_000)}` }), "application/json", 413, { message: "The request body is larger than the server takes", extensions: { code: "PAYLOAD_TOO_LARGE" } }],
    ["a media type GraphQL does not take", (): string => "<query/>", "application/xml", 415, { message: "GraphQL takes a POST body of type application/json", extensions: { code: "UNSUPPORTED_MEDIA_TYPE" } }],
  ] as const)("answers %s with its 4xx and GraphQL's error shape in the media type the client accepts", async (_case, body, contentType, status, error) => {
    for (const [accept, mediaType] of [
      [GRAPHQL_RESPONSE, GRAPHQL_RESPONSE],
      ["application/json", "application/json"],
      [undefined, "application/json"],
      [`application/json;q=0.5, ${GRAPHQL_RESPONSE}`, GRAPHQL_RESPONSE],
      [`application/json, ${GRAPHQL_RESPONSE};q=0.9`, "application/json"],
    ] as const) {
      const response = await send(body(), contentType, accept);
      expect({ accept, status: response.status, type: response.headers.get("content-type") }).toEqual({ accept, status, type: `${mediaType}; charset=utf-8` });
      expect(await response.json()).toEqual({ errors: [error] });
    }
  });

  it("leaves /api's refusals in REST's own shape", async () => {
    const response = await fetch(`${t.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: "The request body is not valid JSON" });
  });
});
