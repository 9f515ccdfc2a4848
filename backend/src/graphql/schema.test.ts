import { readFileSync } from "node:fs";
import { GraphQLObjectType, GraphQLSchema } from "graphql";
import { SCHEMA_FILE } from "./emit-schema";
import { appSchema, printAppSchema } from "./schema";

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await appSchema();
});

const rootFields = () =>
  [schema.getQueryType(), schema.getMutationType()].flatMap((type) =>
    Object.values((type as GraphQLObjectType).getFields()).map((field) => ({ type: type!.name, field })),
  );

it("matches the checked-in schema.graphql (run `npm run schema` after changing resolvers)", () => {
  expect(readFileSync(SCHEMA_FILE, "utf8")).toBe(printAppSchema(schema));
});

it("gives every Query and Mutation field exactly one of @requireAuth or @skipAuth", () => {
  const undeclared = rootFields()
    .filter(({ field }) => {
      const names = (field.astNode?.directives ?? []).map((directive) => directive.name.value);
      return names.filter((name) => name === "requireAuth" || name === "skipAuth").length !== 1;
    })
    .map(({ type, field }) => `${type}.${field.name}`);
  expect(undeclared).toEqual([]);
});

it("leaves only sign-up, sign-in (with its two-factor step), the e-mailed links, the contact form and the forms' options open to anonymous callers", () => {
  const open = rootFields()
    .filter(({ field }) => field.astNode?.directives?.some((directive) => directive.name.value === "skipAuth"))
    .map(({ field }) => field.name)
    .sort();
  expect(open).toEqual(["completeTwoFactorSignIn", "forgotPassword", "formOptions", "login", "register", "resetPassword", "sendContactMessage", "verifyEmail"]);
});

it("offers no input field for what the server owns", () => {
  const owned = /^(id|status|publisherId|advertiserId|impressions|clicks|spend|createdAt|rejectionReason|monthlyImpressions)$/;
  const leaks = Object.values(schema.getTypeMap())
    .filter((type) => type.astNode?.kind === "InputObjectTypeDefinition")
    .flatMap((type) => Object.keys((type as unknown as { getFields(): object }).getFields()).map((field) => `${type.name}.${field}`))
    .filter((name) => owned.test(name.split(".")[1]));
  expect(leaks).toEqual([]);
});
