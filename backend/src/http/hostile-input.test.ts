import fc from "fast-check";
import {
  getNamedType,
  GraphQLField,
  GraphQLInputType,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
} from "graphql";
import { In } from "typeorm";
import { appSchema } from "../graphql/schema";
import { routes } from "../rest/routes";
import { Campaign } from "../modules/campaigns/campaign.entity";
import { Site } from "../modules/sites/site.entity";
import { User } from "../modules/users/user.entity";
import { Account, createCampaign, createSite, signIn, signInAdmin, signUp } from "../../test/factories";
import { startTestApp, TestApp } from "../../test/test-app";

/**
 * Every GraphQL field and every REST path, called by each role with generated hostile values:
 * nothing may answer 5xx or INTERNAL_SERVER_ERROR, leak a stack or a file path, stop the server,
 * or change another owner's campaigns, sites or account.
 */
jest.setTimeout(180_000);

const SEED = Number(process.env.HOSTILE_SEED ?? 20261126);
const RUNS_PER_FIELD = Number(process.env.HOSTILE_RUNS ?? 4);

let t: TestApp;
let schema: GraphQLSchema;
let actors: { role: string; account?: Account; token?: string }[];
let victims: { advertiser: Account; publisher: Account };

beforeAll(async () => {
  t = await startTestApp();
  const admin = await signInAdmin(t);
  const publisher = await signUp(t, "publisher");
  const advertiser = await signUp(t, "advertiser");
  victims = { advertiser: await signUp(t, "advertiser"), publisher: await signUp(t, "publisher") };
  await createSite(t, publisher);
  await createCampaign(t, advertiser);
  await createSite(t, victims.publisher);
  await createCampaign(t, victims.advertiser);
  actors = [
    { role: "anonymous" },
    { role: "publisher", account: publisher, token: publisher.token },
    { role: "advertiser", account: advertiser, token: advertiser.token },
    { role: "admin", account: admin, token: admin.token },
  ];
  // The schema the app serves (the full introspection query is deeper than the depth limit allows).
  schema = await appSchema();
  console.log(`hostile-input seed ${SEED} (HOSTILE_SEED=${SEED} HOSTILE_RUNS=${RUNS_PER_FIELD} to reproduce)`);
});
afterAll(() => t.close());

const hostileText = fc.oneof(
  fc.constantFrom("", " ", "0x10", "1e3", "-1", "NaN", "\u0000", "a\u0000b", "\ud800", "x\udc00", "\u001b[31m", "../../etc/passwd", "<script>", "' OR 1=1 --"),
  fc.constant("x".repeat(70_000)),
  fc.string({ unit: "binary", maxLength: 40 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, -0.0001, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const anything = fc.oneof(hostileText, hostileNumber, fc.constant(null), fc.boolean(), fc.constant({ nested: { deeper: ["x"] } }));

/** A value for an argument of `type`: mostly of the right shape with hostile contents, sometimes of the wrong shape. */
function valueOf(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return fc.oneof({ arbitrary: valueOf(type.ofType, depth), weight: 5 }, { arbitrary: fc.constant(null), weight: 1 });
  if (isListType(type)) return fc.oneof(fc.array(valueOf(type.ofType, depth + 1), { maxLength: 3 }), fc.constant(Array(300).fill("1")));
  const named = getNamedType(type);
  if (isEnumType(named)) return fc.oneof(fc.constantFrom(...named.getValues().map((value) => value.name)), fc.constant("NOT_A_VALUE"));
  if (isInputObjectType(named)) {
    if (depth > 3) return fc.constant(null);
    const fields = Object.values(named.getFields());
    return fc.oneof(
      { arbitrary: fc.record(Object.fromEntries(fields.map((field) => [field.name, valueOf(field.type, depth + 1)])), { requiredKeys: [] }), weight: 6 },
      { arbitrary: anything, weight: 1 },
    );
  }
  if (isScalarType(named) && ["Int", "Float"].includes(named.name)) return fc.oneof({ arbitrary: hostileNumber, weight: 4 }, { arbitrary: anything, weight: 1 });
  if (isScalarType(named) && named.name === "Boolean") return fc.oneof(fc.boolean(), anything);
  return fc.oneof({ arbitrary: fc.oneof(hostileText, fc.integer({ min: -5, max: 50 }).map(String)), weight: 4 }, { arbitrary: anything, weight: 1 });
}

function operationFor(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>): string {
  const variables = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(", ");
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const selection = isLeafType(getNamedType(field.type)) ? "" : " { __typename }";
  return `${kind} Hostile${variables ? `(${variables})` : ""} { ${field.name}${args ? `(${args})` : ""}${selection} }`;
}

/** What the caller may not change: the other advertiser's and publisher's rows. */
async function othersRows() {
  const data = t.app.dataSource;
  return JSON.stringify([
    await data.getRepository(Campaign).find({ where: { advertiserId: victims.advertiser.id }, order: { id: "ASC" } }),
    await data.getRepository(Site).find({ where: { publisherId: victims.publisher.id }, order: { id: "ASC" } }),
    (await data.getRepository(User).find({ where: { id: In([victims.advertiser.id, victims.publisher.id]) }, order: { id: "ASC" } })).map(({ lastLoginAt: _seen, ...user }) => user),
  ]);
}

const LEAK = /\bat [\w.<>]+ \(|\/(?:src|node_modules|home|work|usr)\/|\.ts:\d+/;

function problemsWith(status: number, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`HTTP ${status}`);
  if (text.includes("INTERNAL_SERVER_ERROR")) problems.push("INTERNAL_SERVER_ERROR");
  if (LEAK.test(text)) problems.push("stack or path in the answer");
  return problems;
}

/** Calls made and calls that succeeded, per role: printed so a run that only met refusals shows. */
const tally = new Map<string, { calls: number; succeeded: number }>();

function count(role: string, status: number, text: string) {
  const entry = tally.get(role) ?? { calls: 0, succeeded: 0 };
  entry.calls += 1;
  if (status < 300 && !text.includes('"errors"')) entry.succeeded += 1;
  tally.set(role, entry);
}

afterAll(() => console.log(`hostile-input calls by role: ${JSON.stringify(Object.fromEntries(tally))}`));

async function send(method: string, url: string, token: string | undefined, body?: unknown) {
  const response = await fetch(`${t.url}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** `logout` and its kin end the actor's sign-in: sign in again so the next call is still made as the role. */
async function keepSignedIn(actor: (typeof actors)[number]) {
  if (!actor.account) return;
  const me = await send("POST", "/graphql", actor.token, { query: "{ me { id } }" });
  if (!me.text.includes('"me"') || me.text.includes('"errors"')) actor.token = (await signIn(t, actor.account.email, actor.account.password)).token;
}

async function stillAnswers() {
  expect((await send("POST", "/graphql", undefined, { query: "{ __typename }" })).text).toContain("Query");
}

it("answers every GraphQL field called with hostile arguments by every role with a clear refusal or a success", async () => {
  const failures: string[] = [];
  for (const actor of actors) {
    const before = await othersRows();
    for (const [kind, root] of [["query", schema.getQueryType()], ["mutation", schema.getMutationType()]] as const) {
      for (const field of Object.values(root!.getFields())) {
        await keepSignedIn(actor);
        const query = operationFor(kind, field);
        const variables = fc.record(Object.fromEntries(field.args.map((arg) => [arg.name, valueOf(arg.type)])), { requiredKeys: [] });
        await fc.assert(
          fc.asyncProperty(variables, async (values) => {
            const { status, text } = await send("POST", "/graphql", actor.token, { query, variables: values });
            count(`${actor.role} graphql`, status, text);
            const problems = problemsWith(status, text);
            if (problems.length) failures.push(`${actor.role} ${field.name} ${JSON.stringify(values).slice(0, 200)}: ${problems.join(", ")} ${text.slice(0, 200)}`);
          }),
          { seed: SEED, numRuns: RUNS_PER_FIELD },
        );
      }
    }
    // An admin may change anyone's rows; the others may not.
    if (actor.role !== "admin") expect({ role: actor.role, rows: await othersRows() }).toEqual({ role: actor.role, rows: before });
  }
  await stillAnswers();
  if (failures.length) console.log(failures.join("\n"));
  expect(failures).toEqual([]);
});

it("answers every REST path called with hostile parameters and bodies by every role with a clear refusal or a success", async () => {
  const failures: string[] = [];
  const param = fc.constantFrom("0x10", "-1", "1.5", "99999999999999999999", "%00", "%F0", "abc", "1");
  for (const actor of actors) {
    const before = await othersRows();
    for (const route of routes) {
      await keepSignedIn(actor);
      await fc.assert(
        fc.asyncProperty(param, fc.dictionary(fc.string({ maxLength: 12 }), anything, { maxKeys: 5 }), async (id, body) => {
          const url = `/api${route.url.replace(/:\w+/g, id)}`;
          const { status, text } = await send(route.method, url, actor.token, route.method === "GET" ? undefined : body);
          count(`${actor.role} rest`, status, text);
          const problems = problemsWith(status, text);
          if (problems.length) failures.push(`${actor.role} ${route.method} ${url} ${JSON.stringify(body).slice(0, 200)}: ${problems.join(", ")} ${text.slice(0, 200)}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_FIELD },
      );
    }
    // An admin may change anyone's rows; the others may not.
    if (actor.role !== "admin") expect({ role: actor.role, rows: await othersRows() }).toEqual({ role: actor.role, rows: before });
  }
  await stillAnswers();
  if (failures.length) console.log(failures.join("\n"));
  expect(failures).toEqual([]);
});
