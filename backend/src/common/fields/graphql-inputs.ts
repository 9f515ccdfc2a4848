import { Field, InputType } from "type-graphql";
import type { FieldDeclaration, FieldList } from "./field";

export type InputMode = "create" | "update";

/** A field a create input cannot do without: required, and the only field of its column (a shared one is any of them). */
export const nonNullOnCreate = <Row>(fields: FieldList<Row>, field: FieldDeclaration<Row>) =>
  field.required === true && fields.filter((other) => other.column === field.column).length === 1;

export const inputFieldsOf = <Row>(fields: FieldList<Row>, mode: InputMode) => fields.filter((field) => !field.inputs || field.inputs.includes(mode));

/**
 * The GraphQL input class of the fields, made by applying type-graphql's decorators to a new class:
 * creating, a required field is non-null; editing, every field may be left out.
 */
export function inputTypeOf<Row>(fields: FieldList<Row>, mode: InputMode, name: string, description?: string): new () => Record<string, unknown> {
  const InputClass = { [name]: class {} }[name] as new () => Record<string, unknown>;
  for (const field of inputFieldsOf(fields, mode)) {
    const nullable = !(mode === "create" && nonNullOnCreate(fields, field));
    const about = field.description?.[mode];
    Field(field.kind.graphqlType, { nullable, ...(about ? { description: about } : {}) })(InputClass.prototype, field.name);
  }
  InputType(name, description ? { description } : {})(InputClass);
  return InputClass;
}

/** `Create<Thing>Input` and `Update<Thing>Input`, the edit's described as `updateDescription`. */
export const createAndUpdateInputs = <Row>(fields: FieldList<Row>, thing: string, updateDescription: string) =>
  [inputTypeOf(fields, "create", `Create${thing}Input`), inputTypeOf(fields, "update", `Update${thing}Input`, updateDescription)] as const;
