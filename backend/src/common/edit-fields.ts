/**
 * An edit's fields as the create validators take them: what the request names replaces the
 * current value, and what it leaves out (or sends as null) stays, so both doors may send only
 * what changed. Keys the object does not have are ignored, whatever the client posts.
 */
export function edited<T extends object>(current: T, input: Record<string, unknown>): { [K in keyof T]: unknown } {
  const fields = { ...current } as { [K in keyof T]: unknown };
  for (const key of Object.keys(current) as (keyof T & string)[]) {
    if (input[key] !== undefined && input[key] !== null) fields[key] = input[key];
  }
  return fields;
}
