const camelCase = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * A nested document as REST sends it (targeting's `day_parting: { time_zone }`, a native ad's
 * `call_to_action`) with GraphQL's field names (`dayParting: { timeZone }`, `callToAction`), for the
 * one parser both doors share. Values are left alone.
 */
export function withGraphqlNames(raw: unknown): unknown {
  if (Array.isArray(raw) || typeof raw !== "object" || raw === null) return raw;
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [camelCase(key), withGraphqlNames(value)]));
}
