import { ValidationError } from "../../common/errors";
import type { Predicate, TargetingRequest } from "./request";

/** How the form edits a rule: a list to include only or to exclude, keywords to want and to avoid, or a week's grid of hours. */
export type RuleKind = "list" | "keywords" | "dayParting";

export interface RuleOption {
  value: string;
  label: string;
}

/**
 * One targeting rule: what the form shows (label, kind, options), how the campaign's document
 * is checked (parse) and how the decision tests a request (compile). `parse` returns null when
 * the document sets nothing for the rule, and throws naming the field `targeting.<key>`.
 */
export interface TargetingRule<Value = unknown> {
  key: string;
  label: string;
  kind: RuleKind;
  /** The choices of a list rule; empty where any value of the right form is allowed (sites, zones). */
  options: readonly RuleOption[];
  /** What a free list's entries look like, for the form's placeholder. */
  hint?: string;
  parse(raw: unknown): Value | null;
  compile(value: Value): Predicate;
}

export const MODES = ["include", "exclude"] as const;
export type Mode = (typeof MODES)[number];

/** A list rule's value: only these, or all but these. */
export interface ListValue {
  mode: Mode;
  values: string[];
}

/** Whether a request's values hold one of `include` (when any) and none of `exclude`: page keywords, audiences. */
export function wantsAnyAvoidsAll<T>(include: readonly T[], exclude: readonly T[]): (values: readonly T[]) => boolean {
  const wanted = new Set(include);
  const avoided = new Set(exclude);
  return (values) => {
    let found = wanted.size === 0;
    for (const value of values) {
      if (avoided.has(value)) return false;
      if (!found && wanted.has(value)) found = true;
    }
    return found;
  };
}

export function refuse(key: string, label: string, problem: string): never {
  throw new ValidationError(`targeting.${key}`, `${label}: ${problem}`);
}

const isObject = (raw: unknown): raw is Record<string, unknown> => typeof raw === "object" && raw !== null && !Array.isArray(raw);

/** The fields of a rule's object, or a refusal naming the rule. */
export function fieldsOf(key: string, label: string, raw: unknown): Record<string, unknown> {
  if (!isObject(raw)) refuse(key, label, "must be an object");
  return raw;
}

export function stringsOf(key: string, label: string, raw: unknown, max: number): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((item) => typeof item !== "string")) refuse(key, label, "must be a list of text values");
  if (raw.length > max) refuse(key, label, `at most ${max} entries`);
  return raw as string[];
}

interface ListRuleSpec {
  key: string;
  label: string;
  options?: readonly RuleOption[];
  hint?: string;
  /** The most entries a free list takes. */
  max?: number;
  /** An entry as stored, or null when it is not one; lists with options accept exactly their values. */
  entry?: (text: string) => string | null;
  /** What of a request the list is about. */
  valueOf(request: TargetingRequest): string;
}

/** A rule over one trait of the request: include only the listed values, or exclude them. */
export function listRule({ key, label, options = [], hint, max = options.length || 500, entry, valueOf }: ListRuleSpec): TargetingRule<ListValue> {
  const allowed = new Set(options.map((option) => option.value));
  const entryOf = entry ?? ((text: string) => (allowed.has(text.trim().toLowerCase()) ? text.trim().toLowerCase() : null));
  return {
    key,
    label,
    kind: "list",
    options,
    hint,
    parse(raw) {
      if (raw === undefined || raw === null) return null;
      const fields = fieldsOf(key, label, raw);
      const mode = typeof fields.mode === "string" ? fields.mode.toLowerCase() : fields.mode;
      if (!MODES.includes(mode as Mode)) refuse(key, label, "mode must be include or exclude");
      const values = new Set<string>();
      for (const text of stringsOf(key, label, fields.values, max)) {
        const value = entryOf(text);
        if (value === null) refuse(key, label, `unknown value ${JSON.stringify(text.slice(0, 60))}`);
        values.add(value);
      }
      if (values.size === 0) {
        // Excluding nothing leaves everyone: no rule. Including nothing would never serve.
        if (mode === "exclude") return null;
        refuse(key, label, "pick at least one");
      }
      if (mode === "exclude" && options.length > 0 && values.size === options.length) refuse(key, label, "excluding every choice leaves nobody to show the ad to");
      return { mode: mode as Mode, values: [...values].sort() };
    },
    compile({ mode, values }) {
      const listed = new Set(values);
      return mode === "include" ? (request) => listed.has(valueOf(request)) : (request) => !listed.has(valueOf(request));
    },
  };
}
