import { type GraphQLSchema, printSchema } from "graphql";
import { ObjectType } from "type-graphql";
import { schemaTaking } from "../../../test/schema-taking";
import { Role } from "../../auth/roles";
import { columnDisplay, columnValues, type FieldDeclaration, type FieldList, readFields } from "../../common/fields/field";
import * as kinds from "../../common/fields/field-kinds";
import { addAnswerFields, answerValuesOf, fieldValuesOf } from "../../common/fields/graphql-answers";
import { inputTypeOf } from "../../common/fields/graphql-inputs";
import { fromRestBody, restBodyRules } from "../../common/fields/rest-body";
import { openApiDocument } from "../../rest/openapi";
import { AnswerSchemas } from "../../rest/openapi-answers";
import { present } from "../../rest/present";
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

/** The answer's declared part, as CampaignView adds it. */
@ObjectType("ExampleCampaign")
class ExampleCampaign {}
addAnswerFields(ExampleCampaign, FIELDS);

/** A stored campaign carrying the example field. */
const STORED = {
  name: "Spring",
  budgetMicros: 500_000_000,
  pricingModel: "cpm",
  bidMicros: 2_000_000,
  dailyCapMicros: null,
  pacing: "even",
  rotation: "even",
  category: "general",
  targetCountries: [],
  startDate: "2030-06-01",
  endDate: "2030-06-30",
  promoCode: "WINTER",
  status: "active",
  targeting: null,
  frequencyCaps: null,
  deliveryTier: "auction",
  goalType: "impressions",
  goalAmount: null,
  sharePercent: null,
  dealId: null,
  competitorCategories: [],
  roadblockZones: null,
} as unknown as WithPromo;

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await schemaTaking({ createExample: CreateInput, updateExample: UpdateInput }, { exampleCampaign: ExampleCampaign });
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

  it("is in the Campaign answer, nullable as it stores null by default, and in its REST answer", () => {
    expect(printSchema(schema)).toMatch(/type ExampleCampaign \{[^}]*name: String!\n[^}]*frequencyCaps: \[\w+!?\]!?\n[^}]*dealId: String\n[^}]*roadblockZones: Int\n  promoCode: String\n\}/);
    const answer = answerValuesOf(FIELDS, STORED);
    expect(answer).toMatchObject({ name: "Spring", budget: 500, bid: 2, dailyCap: null, pricingModel: "cpm", promoCode: "WINTER", frequencyCaps: [] });
    expect(answer).not.toHaveProperty("cpm");
    expect(present(answer)).toMatchObject({ promo_code: "WINTER", daily_cap: null });
  });

  it("is in the OpenAPI answer", () => {
    const route = { method: "GET" as const, url: "/example", access: "public" as const, operation: "exampleCampaign", handle: async () => ({}) };
    const document = openApiDocument([route], new AnswerSchemas(schema)) as any;
    const answer = document.paths["/example"].get.responses["200"].content["application/json"].schema;
    const campaign = answer.$ref ? document.components.schemas[answer.$ref.split("/").pop()] : answer;
    expect(campaign.properties.promo_code).toEqual({ anyOf: [{ type: "string" }, { type: "null" }] });
    expect(campaign.required).toContain("name");
  });

  it("gives the form its stored value, as the input takes it", () => {
    const values = Object.fromEntries(fieldValuesOf(FIELDS, STORED).map(({ name, value }) => [name, JSON.parse(value)]));
    expect(values).toMatchObject({ promoCode: "WINTER", budget: 500, pricingModel: "CPM", dailyCap: null });
    expect(values).not.toHaveProperty("cpm");
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
