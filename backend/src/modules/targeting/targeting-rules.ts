import { ValidationError } from "../../common/errors";
import type { Device, Predicate } from "./request";
import type { ListValue, TargetingRule } from "./rule";
import { browserRule } from "./rules/browser";
import { countryRule } from "./rules/countries";
import { type DayPartingValue, dayPartingRule } from "./rules/day-parting";
import { deviceRule, reachableDevices } from "./rules/device";
import { type KeywordsValue, keywordRule } from "./rules/keywords";
import { languageRule } from "./rules/language";
import { operatingSystemRule } from "./rules/operating-system";
import { siteCategoryRule } from "./rules/site-categories";
import { siteRule } from "./rules/sites";
import { zoneRule } from "./rules/zones";
import { compileAudienceTargeting, storedAudienceTargeting } from "./rules/audiences";

/**
 * Every targeting rule, in the order the form shows them: the one declaration the decision
 * compiles, the services validate with and `formOptions` serves. Countries come first and are
 * stored in their own column (`targetCountries`); the others make up the campaign's targeting document.
 */
export const TARGETING_RULES: readonly TargetingRule<any>[] = [
  countryRule,
  deviceRule,
  operatingSystemRule,
  browserRule,
  languageRule,
  dayPartingRule,
  siteCategoryRule,
  siteRule,
  zoneRule,
  keywordRule,
];

/** The rules kept in the `targeting` document. */
const DOCUMENT_RULES = TARGETING_RULES.filter((rule) => rule !== countryRule);

/** A campaign's targeting beyond countries, as stored (JSON in `campaigns.targeting`); a rule left out targets everyone. */
export interface TargetingDocument {
  devices?: ListValue;
  operatingSystems?: ListValue;
  browsers?: ListValue;
  languages?: ListValue;
  dayParting?: DayPartingValue;
  siteCategories?: ListValue;
  sites?: ListValue;
  zones?: ListValue;
  keywords?: KeywordsValue;
}

/**
 * Checks a targeting document from either door, rule by rule; what a rule refuses names its field
 * (`targeting.dayParting`). Returns the document to store: only the rules that narrow anything.
 */
export function parseTargeting(raw: unknown): TargetingDocument {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw new ValidationError("targeting", "Targeting must be an object of rules");
  const known = new Set(DOCUMENT_RULES.map((rule) => rule.key));
  const unknown = Object.keys(raw).find((key) => !known.has(key));
  if (unknown) throw new ValidationError(`targeting.${unknown}`, `Targeting has no rule named ${unknown.slice(0, 40)}`);
  const document: Record<string, unknown> = {};
  for (const rule of DOCUMENT_RULES) {
    const value = rule.parse((raw as Record<string, unknown>)[rule.key]);
    if (value !== null) document[rule.key] = value;
  }
  return document as TargetingDocument;
}

/** The column's text for a parsed document: null when it narrows nothing. */
export const targetingText = (document: TargetingDocument): string | null => (Object.keys(document).length > 0 ? JSON.stringify(document) : null);

/** A stored document, read back; written by parseTargeting, so trusted. */
export const storedTargeting = (text: string | null): TargetingDocument => (text ? (JSON.parse(text) as TargetingDocument) : {});

/** A campaign's targeting as the decision uses it: the devices its index files it under, and one predicate for the rest. */
export interface CompiledTargeting {
  devices: Device[];
  /** null when no rule beyond countries and devices narrows it: nothing to check per request. */
  matches: Predicate | null;
}

/** Compiled once per campaign when the catalogue loads, with its audience rule (a column of its own). */
export function compileTargeting(text: string | null, audiences: string | null = null): CompiledTargeting {
  const document = storedTargeting(text) as Record<string, unknown>;
  const predicates = DOCUMENT_RULES.filter((rule) => rule !== deviceRule && document[rule.key] !== undefined).map((rule) => rule.compile(document[rule.key]));
  const audienceRule = storedAudienceTargeting(audiences);
  if (audienceRule) predicates.push(compileAudienceTargeting(audienceRule));
  return {
    devices: reachableDevices((document.devices as ListValue | undefined) ?? null),
    matches: predicates.length === 0 ? null : predicates.length === 1 ? predicates[0] : (request) => predicates.every((predicate) => predicate(request)),
  };
}
