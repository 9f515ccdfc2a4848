import { ValidationError } from "./errors";
import { dollarsToMicros } from "./money";

/**
 * Input checks shared by every service. Both doors hand services untrusted values (REST bodies
 * are arbitrary JSON), so each check verifies the type as well as the rule.
 * Messages name the field as the REST payload spells it; the error also carries the field.
 */

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function invalid(field: string, rule: string): never {
  throw new ValidationError(field, `${snake(field)} ${rule}`);
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

export function requiredText(field: string, value: unknown, max = 255): string {
  if (isBlank(value)) invalid(field, "is required");
  if (typeof value !== "string") invalid(field, "must be text");
  const text = value.trim();
  if (text.length > max) invalid(field, `must be at most ${max} characters`);
  return text;
}

export function optionalText(field: string, value: unknown, max = 255): string {
  return isBlank(value) ? "" : requiredText(field, value, max);
}

export function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[], fallback?: T): T {
  if (isBlank(value) && fallback !== undefined) return fallback;
  if (isBlank(value)) invalid(field, "is required");
  const normalized = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (!allowed.includes(normalized as T)) invalid(field, `must be one of ${allowed.join(", ")}`);
  return normalized as T;
}

function toNumber(field: string, value: unknown): number {
  if (isBlank(value)) invalid(field, "is required");
  const number = typeof value === "string" ? Number(value.trim()) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) invalid(field, "must be a number");
  return number;
}

export function integer(field: string, value: unknown, min: number, max: number, fallback?: number): number {
  if (isBlank(value) && fallback !== undefined) return fallback;
  const number = toNumber(field, value);
  if (!Number.isInteger(number)) invalid(field, "must be a whole number");
  if (number < min || number > max) invalid(field, `must be from ${min} to ${max}`);
  return number;
}

/** A positive dollar amount in whole cents (the forms' step of 0.01), returned in micros. */
export function dollars(field: string, value: unknown): number {
  const amount = toNumber(field, value);
  if (amount <= 0) invalid(field, "must be greater than 0");
  if (amount > 1_000_000_000) invalid(field, "must be at most $1,000,000,000");
  const micros = dollarsToMicros(amount);
  if (micros % 10_000 !== 0) invalid(field, "must be in whole cents");
  return micros;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function email(field: string, value: unknown): string {
  const text = requiredText(field, value, 254).toLowerCase();
  if (!EMAIL.test(text)) invalid(field, "must be a valid email address");
  return text;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A public host name such as `news.example.com`; a pasted URL is reduced to its host. */
export function hostname(field: string, value: unknown): string {
  let host = requiredText(field, value, 253).toLowerCase();
  host = host.replace(/^https?:\/\//, "").replace(/[/?#].*$/, "").replace(/\.$/, "");
  const labels = host.split(".");
  const valid = labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /[a-z]/.test(labels[labels.length - 1]);
  if (!valid || host.length > 253) invalid(field, "must be a valid domain name such as example.com");
  return host;
}

export function httpUrl(field: string, value: unknown): string {
  const text = requiredText(field, value, 2048);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return invalid(field, "must be a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") invalid(field, "must be an http or https URL");
  return url.toString();
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as `YYYY-MM-DD`; a full ISO timestamp is cut to its date. */
export function calendarDate(field: string, value: unknown, fallback?: string): string {
  if (isBlank(value) && fallback !== undefined) return fallback;
  const text = requiredText(field, value, 40).slice(0, 10);
  const parsed = new Date(`${text}T00:00:00Z`);
  if (!ISO_DATE.test(text) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) {
    invalid(field, "must be a date in the form YYYY-MM-DD");
  }
  return text;
}

export function password(field: string, value: unknown): string {
  if (isBlank(value)) invalid(field, "is required");
  if (typeof value !== "string") invalid(field, "must be text");
  if (value.length < 8) invalid(field, "must be at least 8 characters");
  if (value.length > 128) invalid(field, "must be at most 128 characters");
  return value;
}

export function positiveId(field: string, value: unknown): number {
  return integer(field, value, 1, Number.MAX_SAFE_INTEGER);
}
