import { type GraphQLSchema, printSchema } from "graphql";
import { schemaTaking } from "../../../test/schema-taking";
import { Role } from "../../auth/roles";
import { columnDisplay, columnValues, type FieldDeclaration, type FieldList, readFields } from "../../common/fields/field";
import * as kinds from "../../common/fields/field-kinds";
import { inputTypeOf } from "../../common/fields/graphql-inputs";
import { fromRestBody, restBodyRules } from "../../common/fields/rest-body";
import { openApiDocument } from "../../rest/openapi";
import { AnswerSchemas } from "../../rest/openapi-answers";
import { formFieldRulesOf } from "../form-options/form-options";
import type { Campaign } from "./campaign.entity";
import { CAMPAIGN_FIELDS } from "./campaign-fields";
import "./campaigns.types";

/** A campaign with one more column, for a field declared here alone. */
type WithPromo = Campaign & { promoCode: string | null };

const PROMO_CODE: FieldDeclaration<WithPromo> = {
  name: "promoCode",
  column: "promoCode",
  kind: kinds.text(20),
  label: "Promo code",
  description: { create: "A code from a partner, printed on the invoice." },
  default: { value: null },
  aliases: [{ name: "promo", description: "The partner form's name for promo_code" }],
  setBy: [Role.ADVERTISER, Role.ADMIN],
  sendsToReview: false,
};

/** The campaign's declaration with the example field added: nothing else is told of it. */
const FIELDS: FieldList<WithPromo> = [...(CAMPAIGN_FIELDS as FieldList<WithPromo>), PROMO_CODE];

const CreateInput = inputTypeOf(FIELDS, "create", "ExampleCreateCampaignInput");
const UpdateInput = inputTypeOf(FIELDS, "update", "ExampleUpdateCampaignInput");

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await schemaTaking({ createExample: CreateInput, updateExample: UpdateInput });
});

describe("a field added to the campaign's declaration", () => {
  it("is in both GraphQL inputs, with its type and description", () => {
    const printed = printSchema(schema);
    expect(printed).toMatch(/input ExampleCreateCampaignInput \{[^}]*name: String!\n[^}]*"""A code from a partner, printed on the invoice."""\n  promoCode: String\n\}/);
    expect(printed).toMatch(/input ExampleUpdateCampaignInput \{[^}]*promoCode: String\n\}/);
  });

  it("is read from a REST body in snake_case or under its alias, and checked by its kind", () => {
    expect(fromRestBody(FIELDS, { name: "Spring", promo_code: "WINTER" })).toMatchObject({ name: "Spring", promoCode: "WINTER" });
    expect(fromRestBody(FIELDS, { promo: "AUTUMN" })).toMatchObject({ promoCode: "AUTUMN" });
    expect(readFields([PROMO_CODE], { promoCode: " WINTER " }, false)).toEqual({ promoCode: "WINTER" });
    expect(() => readFields([PROMO_CODE], { promoCode: "X".repeat(21) }, false)).toThrow("Promo code can be at most 20 characters long");
  });

  it("is in the OpenAPI body with its limit and its alias", () => {
    const route = { method: "POST" as const, url: "/example", access: "public" as const, operation: "createExample", doc: { bodyRules: restBodyRules(FIELDS, "create") }, handle: async () => ({}) };
    const document = openApiDocument([route], new AnswerSchemas(schema)) as any;
    const body = document.paths["/example"].post.requestBody.content["application/json"].schema;
    expect(body.properties.promo_code).toEqual({ anyOf: [{ type: "string", maxLength: 20 }, { type: "null" }] });
    expect(body.properties.promo).toMatchObject({ type: "string", maxLength: 20, deprecated: true });
    expect(body.properties.name).toEqual({ type: "string", maxLength: 120 });
    expect(body.anyOf).toEqual([{ required: ["bid"] }, { required: ["cpm"] }, { required: ["cmp"] }]);
  });

  it("is copied by a duplicate and compared by an edit", () => {
    const campaign = { name: "Spring", budgetMicros: 500_000_000, promoCode: "WINTER", status: "active" } as unknown as WithPromo;
    expect(columnValues(FIELDS, campaign)).toMatchObject({ name: "Spring", promoCode: "WINTER" });
    expect(columnValues(FIELDS, campaign)).not.toHaveProperty("status");
  });

  it("shows in the history under its label", () => {
    const display = columnDisplay(FIELDS).promoCode;
    expect([display.label, display.show("WINTER")]).toEqual(["Promo code", "WINTER"]);
  });

  it("is served to the form with its kind, limit and default", () => {
    expect(formFieldRulesOf(FIELDS).find((field) => field.name === "promoCode")).toMatchObject({
      label: "Promo code",
      kind: "text",
      required: false,
      maxLength: 20,
      defaultValue: "null",
      setBy: [Role.ADVERTISER, Role.ADMIN],
      sendsToReview: false,
    });
  });
});
