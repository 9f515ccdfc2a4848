import { type GraphQLSchema, printSchema } from "graphql";
import { schemaTaking } from "../../../test/schema-taking";
import { Role } from "../../auth/roles";
import { type FieldDeclaration, type FieldList, readFields, reviewedColumnsOf } from "../../common/fields/field";
import * as kinds from "../../common/fields/field-kinds";
import { inputTypeOf } from "../../common/fields/graphql-inputs";
import { fromRestBody, restBodyRules } from "../../common/fields/rest-body";
import { openApiDocument } from "../../rest/openapi";
import { AnswerSchemas } from "../../rest/openapi-answers";
import type { Creative } from "./creative.entity";
import { CREATIVE_FIELDS } from "./creative-fields";

/** A creative with one more column, for a field declared here alone. */
type WithAltText = Creative & { altText: string };

const ALT_TEXT: FieldDeclaration<WithAltText> = {
  name: "altText",
  column: "altText",
  kind: kinds.text(140),
  label: "Alternative text",
  description: { create: "What a screen reader says of the picture." },
  setBy: [Role.ADVERTISER],
  sendsToReview: true,
};

const FIELDS: FieldList<WithAltText> = [...(CREATIVE_FIELDS as FieldList<WithAltText>), ALT_TEXT];

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await schemaTaking({ createExample: inputTypeOf(FIELDS, "create", "ExampleCreateCreativeInput") });
});

describe("a field added to the creative's declaration", () => {
  it("is in the GraphQL input, with its type and description", () => {
    const input = printSchema(schema).split("input ExampleCreateCreativeInput {")[1].split("\n}")[0];
    expect(input).toMatch(/^  name: String!$/m);
    expect(input.endsWith('campaignId: Int!\n\n  """What a screen reader says of the picture."""\n  altText: String')).toBe(true);
  });

  it("is read from a REST body in snake_case and checked by its kind", () => {
    expect(fromRestBody(FIELDS, { campaign_id: 4, alt_text: "A red tent", native: { call_to_action: "Shop" } })).toMatchObject({ campaignId: 4, altText: "A red tent", native: { callToAction: "Shop" } });
    expect(() => readFields([ALT_TEXT], { altText: "x".repeat(141) }, false)).toThrow("Alt text can be at most 140 characters long");
  });

  it("is in the OpenAPI body with its limit, beside the rule that a creative shows a URL or an uploaded file", () => {
    const route = { method: "POST" as const, url: "/example", access: "public" as const, operation: "createExample", doc: { bodyRules: restBodyRules(FIELDS, "create") }, handle: async () => ({}) };
    const body = (openApiDocument([route], new AnswerSchemas(schema)) as any).paths["/example"].post.requestBody.content["application/json"].schema;
    expect(body.properties.alt_text).toEqual({ anyOf: [{ type: "string", maxLength: 140 }, { type: "null" }] });
    expect(body.properties.skip_after_seconds).toEqual({ anyOf: [{ type: "integer", minimum: 0, maximum: 60 }, { type: "null" }] });
    expect(body.oneOf).toEqual([{ required: ["content_url"] }, { required: ["media_id"] }]);
    expect(body.required).toEqual(["name", "campaign_id"]);
  });

  it("sends a changed creative back to review when declared so, and not for a video's skip offset", () => {
    expect(reviewedColumnsOf(FIELDS)).toEqual(["type", "contentUrl", "mediaId", "clickUrl", "width", "height", "durationMs", "expandedWidth", "expandedHeight", "nativeFields", "altText"]);
  });
});
