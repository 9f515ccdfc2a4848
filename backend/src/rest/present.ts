const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The legacy API speaks snake_case: the same views as GraphQL, with their keys renamed. */
export function present(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(present);
  if (value instanceof Date || value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [snake(key), present(item)]));
}
