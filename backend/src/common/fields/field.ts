import { Role } from "../../auth/roles";
import { ForbiddenError } from "../errors";
import type { FieldKind } from "./field-kinds";

/** A default a new object takes for a field left out: a stored value, or a date so many days after another field's (or today). */
export type FieldDefault = { value: unknown } | { daysAfter: string | "today"; days: number };

/**
 * One editable field of an object, declared once: both doors' inputs, the OpenAPI body, the
 * defaults, the copy, the audit diff, the history and the form's rules are derived from these.
 * Rules between fields are not facts of a field: they stay code in the object's own module.
 */
export interface FieldDeclaration<Row> {
  /** Its name in GraphQL; REST takes it in snake_case. */
  name: string;
  /** The entity's property it is stored in; two fields may share one (a bid sent under either name). */
  column: keyof Row & string;
  kind: FieldKind;
  /** How the form and the history name it. */
  label: string;
  /** What the GraphQL inputs say of it, creating and editing, and what the object's answer says. */
  description?: { create?: string; update?: string; answer?: string };
  /** A new object cannot be made without it (for a shared column: without one of its fields). */
  required?: boolean;
  default?: FieldDefault;
  /** Null, sent, means "none" (no cap, not skippable), shown in the history as these words; otherwise null leaves the field alone. */
  none?: string;
  /** How the history shows a stored value, where the kind's words are not the form's. */
  show?: (value: unknown) => string;
  /** Who may set it. */
  setBy: readonly Role[];
  /** Whether changing it sends an object that is live back to review. */
  sendsToReview: boolean;
  /** Older names REST still takes for it. */
  aliases?: readonly { name: string; description: string }[];
  /** Of the fields naming the same group, exactly one is sent (a creative's content: a URL or an uploaded file). */
  oneOf?: string;
  /** The GraphQL inputs that carry it; both when left out. */
  inputs?: readonly ("create" | "update")[];
  /**
   * What blank text sent for it means, where its kind does not read it: its default (creating and
   * editing alike), or nothing sent (so an edit keeps the stored value).
   */
  blank?: "default" | "leftOut";
}

export type FieldList<Row> = readonly FieldDeclaration<Row>[];

/** The columns the fields are stored in, each once, in the fields' order. */
export const columnsOf = <Row>(fields: FieldList<Row>): (keyof Row & string)[] => [...new Set(fields.map((field) => field.column))];

const isBlankText = (value: unknown) => typeof value === "string" && value.trim() === "";

/** Absent (or null, which clients send for "unchanged") leaves a field alone, except where null means none; so does blank text where it is declared left out. */
export const isSent = <Row>(field: FieldDeclaration<Row>, value: unknown) =>
  value !== undefined && (value !== null || field.none !== undefined) && !(field.blank === "leftOut" && isBlankText(value));

const ROLE_WORDS: Record<Role, string> = { [Role.ADMIN]: "an admin", [Role.ADVERTISER]: "an advertiser", [Role.PUBLISHER]: "a publisher" };

/** Refuses, before anything is read, a field sent by a role its declaration does not let set it (an advertiser booking a tier). */
export function refuseUnsettable<Row>(fields: FieldList<Row>, input: Record<string, unknown>, role: Role): void {
  const field = fields.find((candidate) => !candidate.setBy.includes(role) && isSent(candidate, input[candidate.name]));
  if (field) throw new ForbiddenError(`Only ${field.setBy.map((who) => ROLE_WORDS[who]).join(" or ")} may set ${field.name}`);
}

/** The declared default of each field the role may not set: what an object that role makes of another's (a copy) takes for them. */
export function defaultsBeyond<Row>(fields: FieldList<Row>, role: Role): Partial<Row> {
  const fallbacks = fields.filter((field) => !field.setBy.includes(role) && field.default && "value" in field.default);
  return Object.fromEntries(fallbacks.map((field) => [field.column, (field.default as { value: unknown }).value])) as Partial<Row>;
}

/** The columns a change to which sends a live object back to review. */
export const reviewedColumnsOf = <Row>(fields: FieldList<Row>) => columnsOf(fields.filter((field) => field.sendsToReview));

/** Reads every field sent (and, when `creating`, the required ones, sent or not) into its column, throwing at the first bad one. */
export function readFields<Row>(fields: FieldList<Row>, input: Record<string, unknown>, creating: boolean): Partial<Row> {
  const columns: Partial<Row> = {};
  for (const field of fields) {
    const value = input[field.name];
    if (field.none !== undefined && value === null) columns[field.column] = null as Row[keyof Row & string];
    else if (field.blank === "default" && isBlankText(value) && field.default && "value" in field.default) columns[field.column] = field.default.value as Row[keyof Row & string];
    else if (isSent(field, value) || (creating && field.required)) columns[field.column] = field.kind.read(field.name, value) as Row[keyof Row & string];
  }
  return columns;
}

/** The calendar day so many days after `date` (YYYY-MM-DD). */
export const addDays = (date: string, days: number): string => {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
};

/**
 * What a new object stores: the columns sent, and for the others their fields' defaults, in the
 * fields' order. `today` is the calendar's, for a date counted from today.
 */
export function withDefaults<Row>(fields: FieldList<Row>, sent: Partial<Row>, today?: string): Row {
  const row: Record<string, unknown> = { ...sent };
  for (const field of fields) {
    if (field.column in row || !field.default) continue;
    const fallback = field.default;
    if ("value" in fallback) row[field.column] = fallback.value;
    else row[field.column] = addDays(fallback.daysAfter === "today" ? String(today) : String(row[columnOfName(fields, fallback.daysAfter)]), fallback.days);
  }
  return row as Row;
}

const columnOfName = <Row>(fields: FieldList<Row>, name: string) => fields.find((field) => field.name === name)!.column;

/** Just the fields' columns of a row: what an edit compares and a copy takes. */
export function columnValues<Row>(fields: FieldList<Row>, row: Row): Row {
  return Object.fromEntries(columnsOf(fields).map((column) => [column, row[column]])) as Row;
}

/** The columns whose value differs between two versions of a row. */
export function changedColumns<Row>(fields: FieldList<Row>, before: Row, after: Row): Set<keyof Row & string> {
  return new Set(columnsOf(fields).filter((column) => JSON.stringify(before[column]) !== JSON.stringify(after[column])));
}

/** Just these columns of a row, for the audit log's before and after. */
export function pick<Row>(row: Row, columns: Iterable<keyof Row & string>): Record<string, unknown> {
  return Object.fromEntries([...columns].map((column) => [column, row[column]]));
}

/** How the history names a column and shows its value: its first field's label and words. */
export function columnDisplay<Row>(fields: FieldList<Row>): Record<string, { label: string; show: (value: unknown) => string }> {
  const display: Record<string, { label: string; show: (value: unknown) => string }> = {};
  for (const field of fields) {
    if (display[field.column]) continue;
    const show = field.show ?? field.kind.show;
    display[field.column] = { label: field.label, show: (value) => (value === null && field.none !== undefined ? field.none : show(value)) };
  }
  return display;
}
