import { MalformedBidRequest } from "./malformed-bid-request";

/** Readers of a bid request's JSON: an optional field of the expected type, or a MalformedBidRequest naming its path. */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads one optional field of an object, refusing it when it has another type than `kind`. */
export function field<T>(parent: Json, path: string, name: string, kind: "string" | "number" | "object" | "array"): T | undefined {
  const value = parent[name];
  if (value === undefined || value === null) return undefined;
  const fits = kind === "object" ? isObject(value) : kind === "array" ? Array.isArray(value) : typeof value === kind && (kind !== "number" || Number.isFinite(value));
  if (!fits) throw new MalformedBidRequest(`${path}${name} must be ${kind === "array" || kind === "object" ? `an ${kind}` : `a ${kind}`}`);
  return value as T;
}

export function strings(parent: Json, path: string, name: string): string[] {
  const list = field<unknown[]>(parent, path, name, "array") ?? [];
  if (!list.every((item) => typeof item === "string")) throw new MalformedBidRequest(`${path}${name} must be an array of strings`);
  return list as string[];
}

export function integers(parent: Json, path: string, name: string): number[] | undefined {
  const list = field<unknown[]>(parent, path, name, "array");
  if (list && !list.every((item) => Number.isInteger(item))) throw new MalformedBidRequest(`${path}${name} must be an array of integers`);
  return list as number[] | undefined;
}

export function flag(parent: Json, path: string, name: string): number | undefined {
  const value = field<number>(parent, path, name, "number");
  if (value !== undefined && value !== 0 && value !== 1) throw new MalformedBidRequest(`${path}${name} must be 0 or 1`);
  return value;
}
