import { ValidationError } from "../../../common/errors";
import type { Predicate } from "../request";
import { wantsAnyAvoidsAll } from "../rule";

/** A campaign's audiences: its visitor must be in one of `include` (when any), and in none of `exclude`. */
export interface AudienceTargetingValue {
  include: number[];
  exclude: number[];
}

const FIELD = "audiences";
const LABEL = "Audiences";
/** More than an advertiser picks for one campaign; each id is looked up when the campaign is saved. */
export const MAX_TARGETED_AUDIENCES = 20;

const refuse = (problem: string): never => {
  throw new ValidationError(FIELD, `${LABEL}: ${problem}`);
};

function idsOf(raw: unknown, which: string): number[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) refuse(`${which} must be a list of audience ids`);
  const ids = new Set<number>();
  for (const item of raw as unknown[]) {
    const id = typeof item === "string" && /^\s*\d+\s*$/.test(item) ? Number(item) : item;
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) refuse(`${which} must be a list of audience ids: ${JSON.stringify(item).slice(0, 40)} is not one`);
    ids.add(id as number);
  }
  if (ids.size > MAX_TARGETED_AUDIENCES) refuse(`at most ${MAX_TARGETED_AUDIENCES} audiences to ${which}`);
  return [...ids].sort((a, b) => a - b);
}

/**
 * Checks a campaign's audience rule as either door sends it; null when it narrows nothing. Whether
 * the ids are the advertiser's own live audiences is the campaign service's check: it needs the store.
 */
export function parseAudienceTargeting(raw: unknown): AudienceTargetingValue | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "object" || Array.isArray(raw)) refuse("must be an object with include and exclude lists");
  const { include, exclude } = raw as Record<string, unknown>;
  const value = { include: idsOf(include, "include"), exclude: idsOf(exclude, "exclude") };
  if (value.include.length === 0 && value.exclude.length === 0) return null;
  const both = value.include.find((id) => value.exclude.includes(id));
  if (both !== undefined) refuse(`audience ${both} is both included and excluded, so the campaign could never show`);
  return value;
}

/** The column's text: null when it narrows nothing. */
export const audienceTargetingText = (value: AudienceTargetingValue | null): string | null => (value ? JSON.stringify(value) : null);

/** A stored rule, read back; written by parseAudienceTargeting, so trusted. */
export const storedAudienceTargeting = (text: string | null): AudienceTargetingValue | null => (text ? (JSON.parse(text) as AudienceTargetingValue) : null);

/** "only members of audience 3 or 5; not of audience 7", for the campaign's history. */
export function audienceTargetingSummary(text: string | null): string {
  const value = storedAudienceTargeting(text);
  if (!value) return "Everyone";
  const parts = [];
  if (value.include.length > 0) parts.push(`only members of audience ${value.include.join(" or ")}`);
  if (value.exclude.length > 0) parts.push(`not of audience ${value.exclude.join(" or ")}`);
  return parts.join("; ");
}

/** The decision's test: reads only the request's audienceIds, which consent has already filtered. */
export function compileAudienceTargeting({ include, exclude }: AudienceTargetingValue): Predicate {
  const matches = wantsAnyAvoidsAll(include, exclude);
  return ({ audienceIds }) => matches(audienceIds);
}
