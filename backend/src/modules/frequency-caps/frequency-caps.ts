import { ValidationError } from "../../common/errors";

/** The windows a cap counts impressions over: a clock hour, a day and a week of the reporting calendar, or the whole flight. */
export const CAP_PERIODS = ["hour", "day", "week", "flight"] as const;
export type CapPeriod = (typeof CAP_PERIODS)[number];

/** At most `count` impressions per visitor per `per`. */
export interface FrequencyCap {
  count: number;
  per: CapPeriod;
}

export const MAX_CAP_COUNT = 1000;

const isPeriod = (value: unknown): value is CapPeriod => (CAP_PERIODS as readonly unknown[]).includes(value);

/**
 * A campaign's caps as an advertiser sends them, checked: a list of `{ count, per }` with one cap
 * per period. An empty or missing list caps nothing (null). Errors name the offending entry's field.
 */
export function parseFrequencyCaps(raw: unknown): FrequencyCap[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) throw new ValidationError("frequencyCaps", "Frequency caps must be a list of caps");
  const seen = new Set<CapPeriod>();
  const caps = raw.map((item: unknown, index): FrequencyCap => {
    const field = `frequencyCaps[${index}]`;
    if (typeof item !== "object" || item === null) throw new ValidationError(field, "Each frequency cap needs a count and a period");
    const { count, per } = item as Record<string, unknown>;
    if (!isPeriod(per)) throw new ValidationError(`${field}.per`, `A frequency cap is per ${CAP_PERIODS.join(", ")}`);
    if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > MAX_CAP_COUNT) {
      throw new ValidationError(`${field}.count`, `A frequency cap allows from 1 to ${MAX_CAP_COUNT} impressions`);
    }
    if (seen.has(per)) throw new ValidationError(`${field}.per`, `There is already a cap per ${per}: one cap per period`);
    seen.add(per);
    return { count, per };
  });
  return caps.length > 0 ? caps : null;
}

/** What the campaigns table stores in frequency_caps. */
export const frequencyCapsDocument = (caps: FrequencyCap[] | null): string | null => (caps ? JSON.stringify(caps) : null);

/** The caps a stored document holds; a document no longer valid caps nothing rather than stopping a load. */
export function storedFrequencyCaps(document: string | null): FrequencyCap[] | null {
  if (!document) return null;
  try {
    return parseFrequencyCaps(JSON.parse(document));
  } catch {
    return null;
  }
}

/** "2 an hour, 5 a day": a visitor's caps as the form reads them. */
export function capsText(caps: FrequencyCap[] | null): string {
  if (!caps) return "No caps";
  const per = { hour: "an hour", day: "a day", week: "a week", flight: "per flight" } as const;
  return caps.map(({ count, per: period }) => `${count} ${per[period]}`).join(", ");
}
