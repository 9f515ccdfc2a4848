import type { Role } from "../../auth/roles";
import type { FieldList } from "./field";
import { inputFieldsOf } from "./graphql-inputs";

/** What a form needs of a field to offer it, check it before sending and fill it in on a new object. */
export interface FormFieldFacts {
  name: string;
  label: string;
  kind: string;
  required: boolean;
  maxLength: number | null;
  min: number | null;
  max: number | null;
  /** JSON of the value the input takes when it is left out; null where there is none or it is counted in days. */
  defaultValue: string | null;
  /** A date default: so many days after this field's date, or after `today`. */
  defaultDaysAfter: string | null;
  defaultDays: number | null;
  choices: { value: string; label: string }[];
  setBy: Role[];
  sendsToReview: boolean;
}

/** The fields a form edits: those both inputs carry (not a create-only second name). */
export const editedFieldsOf = <Row>(fields: FieldList<Row>) => inputFieldsOf(inputFieldsOf(fields, "create"), "update");

/** The public part of the declaration of the fields a form edits. */
export function formFieldsOf<Row>(fields: FieldList<Row>): FormFieldFacts[] {
  return editedFieldsOf(fields).map((field) => {
    const fallback = field.default;
    return {
      name: field.name,
      label: field.label,
      kind: field.kind.name,
      required: field.required === true,
      maxLength: field.kind.limits.maxLength ?? null,
      min: field.kind.limits.min ?? null,
      max: field.kind.limits.max ?? null,
      defaultValue: fallback && "value" in fallback ? JSON.stringify(fallback.value === null ? null : field.kind.toInput(fallback.value)) : null,
      defaultDaysAfter: fallback && "daysAfter" in fallback ? fallback.daysAfter : null,
      defaultDays: fallback && "days" in fallback ? fallback.days : null,
      choices: [...(field.kind.choices ?? [])],
      setBy: [...field.setBy],
      sendsToReview: field.sendsToReview,
    };
  });
}
