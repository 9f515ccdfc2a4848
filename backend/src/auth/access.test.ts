import {
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLObjectType,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  isObjectType,
} from "graphql";
import { Account, signIn, signInAdmin, signUp } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";
import { appSchema } from "../graphql/schema";
import { routes } from "../rest/routes";

/**
 * Every protected operation, through both doors, for every role: the allowed roles get past the
 * gate, the others are refused with the right code, and anonymous callers are asked to sign in.
 */
type Caller = "anonymous" | "PUBLISHER" | "ADVERTISER" | "ADMIN";
const CALLERS: Caller[] = ["anonymous", "PUBLISHER", "ADVERTISER", "ADMIN"];

let t: TestApp;
let schema: GraphQLSchema;
const accounts: Partial<Record<Caller, Account>> = {};

beforeAll(async () => {
  t = await startTestApp();
  schema = await appSchema();
  accounts.PUBLISHER = await signUp(t, "publisher");
  accounts.ADVERTISER = await signUp(t, "advertiser");
  accounts.ADMIN = await signInAdmin(t);
});

/** Operations that end the caller's session get a session of their own, so the callers' tokens outlive them. */
const SESSION_ENDING = ["logout", "/auth/logout"];

async function tokenFor(caller: Caller, operation: string): Promise<string | undefined> {
  const account = accounts[caller];
  if (!account || !SESSION_ENDING.includes(operation)) return account?.token;
  return (await signIn(t, account.email, account.password)).token;
}
afterAll(() => t.close());

/** A literal for a required input of any type, so the call passes GraphQL validation and reaches the gate. */
function literal(type: GraphQLInputType): string {
  const named = getNamedType(type);
  if (isEnumType(named)) return (named as GraphQLEnumType).getValues()[0].name;
  if (isInputObjectType(named)) {
    const fields = Object.values((named as GraphQLInputObjectType).getFields()).filter((field) => isNonNullType(field.type));
    return `{ ${fields.map((field) => `${field.name}: ${literal(field.type)}`).join(", ")} }`;
  }
  return { Int: "1", Float: "1", Boolean: "true", DateTimeISO: '"2030-01-01T00:00:00Z"' }[named.name] ?? '"x"';
}

function operationFor(kind: "query" | "mutation", fieldName: string): string {
  const root = (kind === "query" ? schema.getQueryType() : schema.getMutationType()) as GraphQLObjectType;
  const field = root.getFields()[fieldName];
  const args = field.args.filter((arg) => isNonNullType(arg.type)).map((arg) => `${arg.name}: ${literal(arg.type)}`);
  const selection = isObjectType(getNamedType(field.type)) ? " { __typename }" : "";
  return `${kind} { ${fieldName}${args.length ? `(${args.join(", ")})` : ""}${selection} }`;
}

function protectedFields(): { kind: "query" | "mutation"; name: string; roles: string[] }[] {
  return (["query", "mutation"] as const).flatMap((kind) => {
    const root = (kind === "query" ? schema.getQueryType() : schema.getMutationType()) as GraphQLObjectType;
    return Object.values(root.getFields()).flatMap((field) => {
      const directive = field.astNode?.directives?.find((d) => d.name.value === "requireAuth");
      const rolesArg = directive?.arguments?.find((arg) => arg.name.value === "roles")?.value;
      if (!rolesArg || rolesArg.kind !== "ListValue") return [];
      const roles = rolesArg.values.map((value) => (value.kind === "StringValue" ? value.value : ""));
      return [{ kind, name: field.name, roles }];
    });
  });
}

const expectedCode = (caller: Caller, roles: readonly string[]) =>
  caller === "anonymous" ? "UNAUTHENTICATED" : roles.includes(caller) ? "admitted" : "FORBIDDEN";

describe("GraphQL", () => {
  it("has protected operations to check", () => {
    expect(protectedFields().length).toBeGreaterThan(25);
  });

  it("admits exactly the declared roles to every protected operation", async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const { kind, name, roles } of protectedFields()) {
      for (const caller of CALLERS) {
        const result = await t.gql(operationFor(kind, name), {}, await tokenFor(caller, name));
        const code = result.errors?.[0]?.extensions?.code;
        const outcome = code === "UNAUTHENTICATED" || code === "FORBIDDEN" ? code : "admitted";
        outcomes.push(`${name} as ${caller}: ${outcome}`);
        expected.push(`${name} as ${caller}: ${expectedCode(caller, roles)}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });
});

describe("REST", () => {
  const statusOf = (caller: Caller, access: (typeof routes)[number]["access"]) => {
    if (access === "public") return "admitted";
    return caller === "anonymous" ? 401 : access.includes(caller.toLowerCase() as never) ? "admitted" : 403;
  };

  it("applies each path's declared roles, with 401 for no token and 403 for the wrong role", async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(":id", "999999");
      for (const caller of CALLERS) {
        const response = await t.rest(route.method, path, { token: await tokenFor(caller, route.url), body: route.method === "GET" ? undefined : {} });
        const outcome = response.status === 401 || response.status === 403 ? response.status : "admitted";
        if (outcome !== "admitted") expect(response.body).toEqual({ detail: expect.any(String) });
        outcomes.push(`${route.method} ${route.url} as ${caller}: ${outcome}`);
        expected.push(`${route.method} ${route.url} as ${caller}: ${statusOf(caller, route.access)}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });
});
