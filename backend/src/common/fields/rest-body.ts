import { withGraphqlNames } from "../graphql-names";
import type { FieldList } from "./field";
import { type InputMode, inputFieldsOf, nonNullOnCreate } from "./graphql-inputs";

type Schema = Record<string, unknown>;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The fields of a REST body, which the spec's clients send in snake_case, by their GraphQL names
 * (nested documents too), for the one reader both doors share. A declared alias (a legacy key) is
 * read where the field's own key is left out; keys left out stay undefined.
 */
export function fromRestBody<Row>(fields: FieldList<Row>, body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field) => {
      const sent = [snake(field.name), ...(field.aliases ?? []).map((alias) => alias.name)].map((key) => body[key]).find((value) => value !== undefined && value !== null);
      const value = sent ?? body[snake(field.name)];
      return [field.name, field.kind.nestedNames ? withGraphqlNames(value) : value];
    }),
  );
}

const orNull = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });

/**
 * What the OpenAPI body says beyond the GraphQL input's types, as `RouteDoc.bodyRules` takes it:
 * each field's limits and choices, its legacy aliases, for a required column several fields
 * carry, that one of them (or an alias) is sent, and for a group of fields of which one is sent, which.
 */
export function restBodyRules<Row>(fields: FieldList<Row>, mode: InputMode): Schema {
  const sent = inputFieldsOf(fields, mode);
  const properties: Record<string, Schema> = {};
  for (const field of sent) {
    const schema = field.kind.jsonSchema;
    if (!schema) continue;
    properties[snake(field.name)] = mode === "create" && nonNullOnCreate(fields, field) ? schema : orNull(schema);
    for (const alias of field.aliases ?? []) properties[alias.name] = { ...schema, deprecated: true, description: alias.description };
  }
  const shared = new Set(mode === "create" ? sent.filter((field) => field.required && !nonNullOnCreate(fields, field)).map((field) => field.column) : []);
  const choices = sent.filter((field) => shared.has(field.column));
  const anyOf = choices.flatMap((field) => [snake(field.name), ...(field.aliases ?? []).map((alias) => alias.name)]).map((key) => ({ required: [key] }));
  const groups = [...new Set(sent.map((field) => field.oneOf).filter((group) => group !== undefined))];
  const oneOfs = groups.map((group) => ({ oneOf: sent.filter((field) => field.oneOf === group).map((field) => ({ required: [snake(field.name)] })) }));
  const exclusive = oneOfs.length === 1 ? oneOfs[0] : oneOfs.length > 1 ? { allOf: oneOfs } : {};
  return { properties, ...(anyOf.length ? { anyOf } : {}), ...exclusive };
}
