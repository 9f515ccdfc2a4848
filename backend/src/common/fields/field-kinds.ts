import { Float, Int } from "type-graphql";
import { dollarsText, microsToDollars } from "../money";
import { MAX_LENGTH } from "../text-limits";
import * as check from "../validate";

type Schema = Record<string, unknown>;

/** A GraphQL type as type-graphql's `@Field(() => type)` takes it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GraphqlTypeOf = () => any;

/**
 * What kind of value a field holds, and so how each door types it, how it is read into its column
 * and checked, and how a person reads a stored value. Limits belong to the kind of each field
 * (`text(120)`), so the GraphQL input, the OpenAPI body and the form's rules say the same bound.
 */
export interface FieldKind {
  /** What the form's generic widget is: text, dollars, choice, date, integer, flag, or a document with its own widget. */
  readonly name: "text" | "dollars" | "choice" | "date" | "integer" | "flag" | "document";
  readonly graphqlType: GraphqlTypeOf;
  /** The REST body's JSON Schema for a value that is sent, or undefined where GraphQL's type already says it all. */
  readonly jsonSchema?: Schema;
  /** The bounds the form checks before sending. */
  readonly limits: { maxLength?: number; min?: number; max?: number };
  /** The values a choice allows, as the input takes them, with the words the form shows. */
  readonly choices?: readonly { value: string; label: string }[];
  /** Reads a value either door sent into its column, or refuses it in a sentence naming `field`. */
  read(field: string, value: unknown): unknown;
  /** A stored value as the input takes it (dollars for micros, GraphQL's name of an enum value). */
  toInput(value: unknown): unknown;
  /** A stored value as the history shows it. */
  show(value: unknown): string;
  /** A REST body's nested document with GraphQL's names, for the kinds whose values are objects. */
  readonly nestedNames?: boolean;
  /**
   * How an answer (the object's GraphQL type, and so REST's) carries a stored value: its type and
   * value, and whether a stored null is answered as null (otherwise the answer is never null).
   */
  readonly answer: { graphqlType: GraphqlTypeOf; of(value: unknown): unknown; keepsNull: boolean };
}

/** The answer of a kind whose stored null means none: null itself, any other value as `of` makes it. */
const answerKeepingNull = (graphqlType: GraphqlTypeOf, of: (value: unknown) => unknown = same) => ({
  graphqlType,
  of: (value: unknown) => (value === null ? null : of(value)),
  keepsNull: true,
});

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
const same = (value: unknown) => value;

export function text(maxLength: number): FieldKind {
  return {
    name: "text",
    graphqlType: () => String,
    answer: answerKeepingNull(() => String),
    jsonSchema: { type: "string", maxLength },
    limits: { maxLength },
    read: (field, value) => check.requiredText(field, value, maxLength),
    toInput: same,
    show: String,
  };
}

/** An http or https address, stored as the URL parser writes it. */
export function webAddress(): FieldKind {
  return {
    name: "text",
    graphqlType: () => String,
    answer: answerKeepingNull(() => String),
    jsonSchema: { type: "string", maxLength: MAX_LENGTH.url },
    limits: { maxLength: MAX_LENGTH.url },
    read: (field, value) => check.httpUrl(field, value),
    toInput: same,
    show: String,
  };
}

/** A picture's address: an http or https one, or the app's own `/media/...` path of an uploaded file. */
export function pictureAddress(): FieldKind {
  return { ...webAddress(), read: (field, value) => check.pictureAddress(field, value) };
}

/** A public host name (news.example.com), stored in its ASCII form; `localhost` only where this deployment allows it. */
export function hostName({ allowLocalhost }: { allowLocalhost: boolean }): FieldKind {
  return {
    name: "text",
    graphqlType: () => String,
    answer: answerKeepingNull(() => String),
    jsonSchema: { type: "string", maxLength: MAX_LENGTH.domain },
    limits: { maxLength: MAX_LENGTH.domain },
    read: (field, value) => check.hostname(field, value, { allowLocalhost }),
    toInput: same,
    show: String,
  };
}

/** An amount typed in dollars, in whole cents, stored as integer micros. */
export function dollars(): FieldKind {
  return {
    name: "dollars",
    graphqlType: () => Float,
    answer: answerKeepingNull(() => Float, (value) => microsToDollars(Number(value))),
    jsonSchema: { type: "number", exclusiveMinimum: 0, maximum: check.MAX_AMOUNT_DOLLARS },
    limits: { min: 0.01, max: check.MAX_AMOUNT_DOLLARS },
    read: (field, value) => check.dollars(field, value),
    toInput: (value) => microsToDollars(Number(value)),
    show: (value) => dollarsText(Number(value)),
  };
}

/**
 * One of a list of values, stored as the value itself; `graphqlEnum` is the registered GraphQL enum
 * that carries them (whose names are the values in capitals), or none for a plain string.
 */
export function choice(values: readonly string[], labelOf: (value: string) => string, graphqlEnum?: object): FieldKind {
  return {
    name: "choice",
    graphqlType: () => graphqlEnum ?? String,
    answer: answerKeepingNull(() => graphqlEnum ?? String),
    jsonSchema: { enum: [...values] },
    limits: {},
    choices: values.map((value) => ({ value: graphqlEnum ? value.toUpperCase() : value, label: labelOf(value) })),
    read: (field, value) => check.oneOf(field, value, values),
    toInput: (value) => (graphqlEnum ? String(value).toUpperCase() : value),
    show: (value) => (values.includes(value as string) ? labelOf(value as string) : String(value)),
  };
}

/** A day of the reporting calendar, YYYY-MM-DD. */
export function calendarDate(): FieldKind {
  return {
    name: "date",
    graphqlType: () => String,
    answer: answerKeepingNull(() => String),
    jsonSchema: { type: "string" },
    limits: {},
    read: (field, value) => check.calendarDate(field, value),
    toInput: same,
    show: String,
  };
}

export function integer(min: number, max: number): FieldKind {
  return {
    name: "integer",
    graphqlType: () => Int,
    answer: answerKeepingNull(() => Int),
    jsonSchema: { type: "integer", minimum: min, maximum: max },
    limits: { min, max },
    read: (field, value) => check.integer(field, value, min, max),
    toInput: same,
    show: String,
  };
}

export function flag(): FieldKind {
  return {
    name: "flag",
    graphqlType: () => Boolean,
    answer: answerKeepingNull(() => Boolean),
    jsonSchema: { type: "boolean" },
    limits: {},
    read: (field, value) => check.flag(field, value),
    toInput: same,
    show: (value) => (value ? "Yes" : "No"),
  };
}

/**
 * A value its own module reads and shows (targeting rules, frequency caps, a list of countries, a
 * zone's floor): GraphQL's type for it is that module's, and so is its JSON Schema, where it has one.
 * An answer carries it as `toInput` reads it back (a stored null becoming that module's empty
 * document), typed `answerType` where the answer's GraphQL type is not the input's.
 */
export function document(spec: {
  graphqlType: GraphqlTypeOf;
  answerType?: GraphqlTypeOf;
  /** What the form checks before sending, where the module has a bound (for a list, `max` entries). */
  limits?: FieldKind["limits"];
  read: (value: unknown) => unknown;
  jsonSchema?: Schema;
  toInput?: (value: unknown) => unknown;
  show?: (value: unknown) => string;
  nestedNames?: boolean;
}): FieldKind {
  return {
    name: "document",
    graphqlType: spec.graphqlType,
    jsonSchema: spec.jsonSchema,
    limits: spec.limits ?? {},
    read: (_field, value) => spec.read(value),
    toInput: spec.toInput ?? same,
    show: spec.show ?? asText,
    nestedNames: spec.nestedNames,
    answer: spec.toInput
      ? { graphqlType: spec.answerType ?? spec.graphqlType, of: spec.toInput, keepsNull: false }
      : answerKeepingNull(spec.answerType ?? spec.graphqlType),
  };
}
