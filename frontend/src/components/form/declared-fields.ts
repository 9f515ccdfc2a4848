import { dollarsError } from "./money";
import { requiredMessage } from "./validation";
import { toIsoDay } from "../format";
import type { FormBoundsFragment } from "../../gql/graphql";

/** One field of an object's declaration, as formOptions serves it. */
export type DeclaredField = FormBoundsFragment["campaignFields"][number];

/** The fields' values as typed, by name: text until sent, "true" or "false" for a flag. */
export type TypedValues = Record<string, string>;

/** A stored or default value as the form's text. */
const typed = (field: DeclaredField, value: unknown) => (value === null || value === undefined ? (field.kind === "flag" ? "false" : "") : String(value));

/** The value a new object starts with: the declared value, or a date so many days after today or another field's date. */
export function defaultOf(field: DeclaredField, fields: readonly DeclaredField[], today = Date.now()): unknown {
  if (field.defaultValue !== null && field.defaultValue !== undefined) return JSON.parse(field.defaultValue);
  if (field.defaultDays === null || field.defaultDays === undefined) return null;
  const from = field.defaultDaysAfter === "today" ? new Date(today) : new Date(`${String(defaultOf(fields.find((other) => other.name === field.defaultDaysAfter)!, fields, today))}T00:00:00`);
  from.setDate(from.getDate() + field.defaultDays);
  return toIsoDay(from);
}

/** An object's stored values of its declared fields, as the server sends them (JSON by name). */
export const storedValuesOf = (fieldValues: readonly { name: string; value: string }[]): Record<string, unknown> =>
  Object.fromEntries(fieldValues.map(({ name, value }) => [name, JSON.parse(value)]));

/** The typed values of these fields: the object's own where it has them (an edit), else their defaults. */
export const typedValuesOf = (fields: readonly DeclaredField[], declaration: readonly DeclaredField[], stored: Record<string, unknown> = {}): TypedValues =>
  Object.fromEntries(fields.map((field) => [field.name, typed(field, field.name in stored ? stored[field.name] : defaultOf(field, declaration))]));

/** What is wrong with a typed value, by the declared kind and limits; the server checks it all again. */
export function declaredError(field: DeclaredField, value: string): string | undefined {
  const empty = !value.trim();
  if (empty) return field.required ? requiredMessage(field.label) : undefined;
  const bounds = { min: field.min ?? undefined, max: field.max ?? undefined };
  if (field.kind === "dollars") return dollarsError(field.label, value, bounds);
  if (field.kind === "text" && field.maxLength && value.trim().length > field.maxLength) return `${field.label} can be at most ${field.maxLength} characters long`;
  if (field.kind === "integer") {
    const number = Number(value);
    if (!Number.isInteger(number)) return `${field.label} must be a whole number`;
    if ((bounds.min !== undefined && number < bounds.min) || (bounds.max !== undefined && number > bounds.max)) return `${field.label} must be from ${bounds.min} to ${bounds.max}`;
  }
  return undefined;
}

/** A typed value as the GraphQL input takes it; left empty, null. */
export function inputValueOf(field: DeclaredField, value: string): unknown {
  if (field.kind === "flag") return value === "true";
  if (!value.trim()) return null;
  if (field.kind === "dollars") return Number.parseFloat(value);
  if (field.kind === "integer") return Number.parseInt(value, 10);
  return field.kind === "text" ? value.trim() : value;
}
