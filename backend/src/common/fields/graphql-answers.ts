import { Field, ObjectType } from "type-graphql";
import type { FieldDeclaration, FieldList } from "./field";
import { editedFieldsOf } from "./form-fields";

/** The fields an answer carries: the first field of each column (a second name of a column, such as a CPM campaign's `cpm`, is its own view's). */
const answerFieldsOf = <Row>(fields: FieldList<Row>) => fields.filter((field, index) => fields.findIndex((other) => other.column === field.column) === index);

/** Whether the answer may be null: the field stores null (for none, or by default) and its kind answers null as null. */
const answersNull = <Row>(field: FieldDeclaration<Row>) =>
  field.kind.answer.keepsNull && (field.none !== undefined || (field.default !== undefined && "value" in field.default && field.default.value === null));

/**
 * Adds the declared fields to an object's GraphQL type (a class type-graphql's `ObjectType` reads
 * when the schema is built), by applying type-graphql's `Field` to its prototype: each column once,
 * typed and described as declared, after the fields the class declares itself.
 */
export function addAnswerFields<Row>(View: new () => object, fields: FieldList<Row>): void {
  for (const field of answerFieldsOf(fields)) {
    const about = field.description?.answer;
    Field(field.kind.answer.graphqlType, { nullable: answersNull(field), ...(about ? { description: about } : {}) })(View.prototype, field.name);
  }
}

/** A row's declared values as its answer carries them: each column once, through its kind. */
export const answerValuesOf = <Row>(fields: FieldList<Row>, row: Row): Record<string, unknown> =>
  Object.fromEntries(answerFieldsOf(fields).map((field) => [field.name, field.kind.answer.of(row[field.column])]));

@ObjectType("FieldValue", { description: "A declared field's stored value, as its input takes it: what a form starts an edit of a field it has no widget of its own for from." })
export class FieldValueView {
  @Field({ description: "The field's name in the inputs, as formOptions declares it." }) name: string;
  @Field({ description: "JSON of the value; null where none is stored." }) value: string;
}

/** A row's value of every field a form edits, as its input takes it (JSON, a stored null as null). */
export const fieldValuesOf = <Row>(fields: FieldList<Row>, row: Row): FieldValueView[] =>
  editedFieldsOf(fields).map((field) => {
    const value = row[field.column];
    return Object.assign(new FieldValueView(), { name: field.name, value: JSON.stringify(value === null ? null : field.kind.toInput(value)) });
  });
