import { API_KEY_POLICY } from "../http/api-key-rate-limit";
import type { AnswerSchemas } from "./openapi-answers";
import type { Route } from "../common/rest-route";

type Schema = Record<string, unknown>;

const ref = (kind: "schemas" | "responses" | "headers", name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** What each error status means on this API; every error answers `{"detail": "..."}`. */
const ERRORS: Record<number, string> = {
  400: "The body is not valid JSON, or not a JSON object",
  401: "No valid session token or API key; on signing in, an e-mail and password (or a two-factor code) that do not match",
  403: "The caller's role may not do this, its account is limited, or its API key is read-only",
  404: "Nothing with that id belongs to the caller",
  409: "The change conflicts with the object's state",
  413: "The body is larger than the server takes",
  422: "A field is missing or invalid; the detail names it",
  429: "Too many attempts (a sign-in, or this API key's quota); Retry-After says when to try again",
};

const RATE_LIMIT_HEADERS = { "RateLimit-Policy": ref("headers", "RateLimitPolicy"), RateLimit: ref("headers", "RateLimit") };

/** The first segment of a path names whose part of the API it is. */
const TAGS: Record<string, string> = {
  auth: "Signing up, in and out, and one's own account",
  admin: "The network's admins: approvals, users, money",
  publisher: "Publishers' sites, ad zones, stats and reports",
  advertiser: "Advertisers' campaigns, creatives, media, funds and reports",
  statements: "Issued statements as files, for their owner or an admin",
  webhooks: "Webhook endpoints: the events an integrator hears of, their signing secrets and deliveries",
};

/** The header of a call that creates money with no state to guard (docs/api.md#idempotency-keys). */
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: "Made once per intended call (a UUID): the same key from the same user within 24 hours answers the first call's result and changes nothing; with other parameters it is refused (422).",
  schema: { type: "string", minLength: 8, maxLength: 255, pattern: "^[A-Za-z0-9_.:-]+$" },
};

const pathOf = (url: string) => url.replace(/:([a-z_]+)/g, "{$1}");

/** The statuses a route may answer with besides its success. */
function errorStatuses(route: Route): number[] {
  // Any call may carry a token that is not (or no longer) valid; a sign-in answers 401 for wrong credentials.
  const statuses = [400, 401, 422, 429];
  if (route.access !== "public") statuses.push(403);
  if (route.url.includes(":") || route.method !== "GET") statuses.push(404);
  if (route.method !== "GET") statuses.push(409, 413);
  return statuses.sort((a, b) => a - b);
}

function success(route: Route, answers: AnswerSchemas): Schema {
  const status = route.status ?? 200;
  if (status === 204) return { description: "Done", headers: RATE_LIMIT_HEADERS };
  const content = route.doc?.files
    ? Object.fromEntries(route.doc.files.map((type) => [type, { schema: { type: "string" } }]))
    : { "application/json": { schema: route.doc?.answer ?? (route.doc?.answerType ? answers.ofType(route.doc.answerType) : answers.of(route.operation)) } };
  return { description: route.doc?.files ? "The file, as an attachment" : "The answer, in snake_case", headers: RATE_LIMIT_HEADERS, content };
}

/** A body's schema with what its service refuses besides: more required fields, narrower properties, a choice of fields. */
function withRules(body: Schema, rules: Schema = {}): Schema {
  const required = [...new Set([...((body.required as string[]) ?? []), ...((rules.required as string[]) ?? [])])];
  const properties = { ...(body.properties as Schema), ...(rules.properties as Schema) };
  return { ...body, ...rules, properties, ...(required.length ? { required } : {}) };
}

function requestBody(route: Route, answers: AnswerSchemas): Schema | undefined {
  if (route.method === "GET") return undefined;
  if (route.doc?.multipart) {
    const schema = { type: "object", required: ["file"], properties: { file: { type: "string", contentMediaType: "application/octet-stream" } } };
    return { required: true, content: { "multipart/form-data": { schema } } };
  }
  if (route.doc?.body) return { required: true, content: { "application/json": { schema: route.doc.body } } };
  const args = answers.argumentsOf(route.operation, route.url);
  const description = args.length
    ? `The fields of GraphQL's \`${route.operation}(${args.join(", ")})\` in snake_case (an input's fields at the top level); the detail of a 422 names any that is missing or wrong.`
    : "No fields: an empty body, or none.";
  return { required: false, content: { "application/json": { schema: { ...withRules(answers.bodyOf(route.operation, route.url), route.doc?.bodyRules), description } } } };
}

/** A GraphQL operation two paths mirror (a publisher's and an admin's) is told apart by the path's part of the API. */
function operationIds(routes: readonly Route[]): Map<Route, string> {
  const uses = new Map<string, number>();
  for (const route of routes) uses.set(route.operation, (uses.get(route.operation) ?? 0) + 1);
  return new Map(routes.map((route) => [route, uses.get(route.operation)! > 1 ? `${route.url.split("/")[1]}_${route.operation}` : route.operation]));
}

function operation(route: Route, operationId: string, answers: AnswerSchemas): Schema {
  const roles = route.access === "public" ? [] : [...route.access];
  const who = roles.length ? `Open to: ${roles.join(", ")}.` : "Open to anyone.";
  const pathSchema = (name: string) => {
    const schema = route.doc?.path?.[name] ?? answers.pathArgument(route.operation, route.url)?.schema;
    if (!schema) throw new Error(`${route.method} ${route.url}: GraphQL's ${route.operation} takes nothing for the path's ${name}`);
    return schema;
  };
  const parameters = [
    ...[...route.url.matchAll(/:([a-z_]+)/g)].map(([, name]) => ({ name, in: "path", required: true, schema: pathSchema(name) })),
    ...(route.doc?.query ?? []).map((name) => ({ name, in: "query", ...answers.queryParameter(route.operation, name, route.url) })),
    ...(route.doc?.idempotent ? [IDEMPOTENCY_KEY] : []),
  ];
  const body = requestBody(route, answers);
  const twin = answers.has(route.operation);
  return {
    operationId,
    summary: twin ? `${route.operation} (GraphQL's twin)` : `${route.operation} (REST only)`,
    description: `${twin ? `Does what the GraphQL operation \`${route.operation}\` does.` : (route.doc?.description ?? "")} ${who}`,
    tags: [route.url.split("/")[1]],
    "x-roles": roles,
    security: roles.length ? [{ sessionToken: [] }, { apiKey: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(route.status ?? 200)]: success(route, answers),
      ...Object.fromEntries(errorStatuses(route).map((status) => [String(status), ref("responses", `Error${status}`)])),
    },
  };
}

/**
 * The OpenAPI 3.1 document of `/api`, made from the very table the REST door serves; answers are
 * described by the GraphQL types of the operations the paths mirror.
 */
export function openApiDocument(routes: readonly Route[], answers: AnswerSchemas): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  const ids = operationIds(routes);
  for (const route of routes) (paths[pathOf(route.url)] ??= {})[route.method.toLowerCase()] = operation(route, ids.get(route)!, answers);
  const errorResponse = (status: number): Schema => {
    const headers = status === 429 ? { ...RATE_LIMIT_HEADERS, "Retry-After": ref("headers", "RetryAfter") } : RATE_LIMIT_HEADERS;
    return { description: ERRORS[status], headers, content: { "application/json": { schema: ref("schemas", "Error") } } };
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "AdNet REST API",
      version: "1.0.0",
      description: "The legacy REST door: the same operations, roles and ownership checks as `/graphql`, in snake_case.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/api" }],
    tags: [...new Set(routes.map((route) => route.url.split("/")[1]))].map((name) => ({ name, description: TAGS[name] })),
    paths,
    components: {
      securitySchemes: {
        sessionToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The access token a sign-in answers with (`POST /auth/login`)." },
        apiKey: { type: "http", scheme: "bearer", bearerFormat: "adn_live_…", description: "An API key from Settings → API keys, sent as `Authorization: Bearer adn_live_…`." },
      },
      schemas: {
        ...answers.components,
        Error: { type: "object", required: ["detail"], properties: { detail: { type: "string" } } },
        Message: { type: "object", description: "What was done, in words for the user", required: ["detail"], properties: { detail: { type: "string" } } },
      },
      headers: {
        RateLimitPolicy: {
          description: `On answers to API-key requests: the key's quota, e.g. \`"${API_KEY_POLICY}";q=600;w=60\` (IETF draft-ietf-httpapi-ratelimit-headers).`,
          schema: { type: "string" },
        },
        RateLimit: {
          description: `On answers to API-key requests: requests left and seconds until there is room again, e.g. \`"${API_KEY_POLICY}";r=599;t=60\`.`,
          schema: { type: "string" },
        },
        RetryAfter: { description: "Seconds to wait before trying again", schema: { type: "integer", minimum: 0 } },
      },
      responses: Object.fromEntries(Object.keys(ERRORS).map((status) => [`Error${status}`, errorResponse(Number(status))])),
    },
  };
}
