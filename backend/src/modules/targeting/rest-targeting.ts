const camelCase = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * A targeting document as REST sends it (`day_parting: { time_zone }`) with GraphQL's field
 * names (`dayParting: { timeZone }`), for the one parser both doors share. Values are left alone.
 */
export function restTargeting(raw: unknown): unknown {
  if (Array.isArray(raw) || typeof raw !== "object" || raw === null) return raw;
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [camelCase(key), restTargeting(value)]));
}
