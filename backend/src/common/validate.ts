import { domainToASCII } from "node:url";
import { ValidationError } from "./errors";
import { dollarsToMicros } from "./money";
import { MAX_LENGTH, MIN_PASSWORD_LENGTH } from "./text-limits";

/**
 * Input checks shared by every service. Both doors hand services untrusted values (REST bodies
 * are arbitrary JSON), so each check verifies the type as well as the rule.
 * Messages are sentences for the person filling in the form, which shows them under the field the
 * error names.
 */

/** How a form labels each field; a field missing here is named from its own words. */
const LABELS: Record<string, string> = {
  siteId: "Site",
  campaignId: "Campaign",
  publisherId: "Publisher",
  fullName: "Full name",
  contentUrl: "Content URL",
  clickUrl: "Click URL",
  logoUrl: "Logo URL",
  cpm: "CPM",
  dailyCap: "Daily budget cap",
  startDate: "Start date",
  endDate: "End date",
  targetCountries: "Target countries",
  currentPassword: "Current password",
  newPassword: "New password",
  percent: "Revenue share",
  id: "ID",
};

/** `fieldName` or `FIELD_NAME` as the start of a sentence: "Field name". */
function labelOf(field: string): string {
  if (LABELS[field]) return LABELS[field];
  const words = field.replace(/[A-Z]/g, (c) => ` ${c}`).replace(/_/g, " ").trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function invalid(field: string, message: string): never {
  throw new ValidationError(field, message);
}

/** A field's rule as a sentence about it: "Budget must be …". */
function broken(field: string, rule: string): never {
  return invalid(field, `${labelOf(field)} ${rule}`);
}

export const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * Control characters other than tab and line breaks (NUL among them) and UTF-16 halves without
 * their other half: neither is text a person typed, and MariaDB's utf8mb4 cannot store a half.
 */
const NOT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function requiredText(field: string, value: unknown, max: number): string {
  if (isBlank(value)) broken(field, "is required");
  if (typeof value !== "string") broken(field, "must be text");
  if (NOT_TEXT.test(value)) broken(field, "cannot contain control characters or unpaired surrogates");
  const text = value.trim();
  if (text.length > max) broken(field, `can be at most ${max} characters long`);
  return text;
}

export function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[], fallback?: T): T {
  if (isBlank(value) && fallback !== undefined) return fallback;
  if (isBlank(value)) broken(field, "is required");
  const normalized = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (!allowed.includes(normalized as T)) broken(field, `must be one of ${allowed.join(", ")}`);
  return normalized as T;
}

/**
 * A yes-or-no input, as GraphQL (true) or a form or query string ("true") sends it; left out, it is
 * `fallback` (required when there is none). Anything else is refused rather than read as no.
 */
export function flag<T extends boolean | null>(field: string, value: unknown, fallback?: T): boolean | T {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  if (fallback !== undefined && (value === undefined || value === null || value === "")) return fallback;
  return broken(field, "must be true or false");
}

/** Decimal notation only: `Number` would also read "0x10" as 16 and "1e3" as 1000. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function toNumber(field: string, value: unknown): number {
  if (isBlank(value)) broken(field, "is required");
  if (typeof value === "string" && !DECIMAL.test(value.trim())) broken(field, "must be a number");
  const number = typeof value === "string" ? Number(value.trim()) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) broken(field, "must be a number");
  return number;
}

export function integer(field: string, value: unknown, min: number, max: number, fallback?: number): number {
  if (isBlank(value) && fallback !== undefined) return fallback;
  const number = toNumber(field, value);
  if (min === 1 && (!Number.isInteger(number) || number < 1)) broken(field, "must be a positive whole number");
  if (!Number.isInteger(number)) broken(field, "must be a whole number");
  if (number < min || number > max) broken(field, `must be from ${min} to ${max}`);
  return number;
}

/** Beyond any real budget: a larger amount is a typing slip. */
export const MAX_AMOUNT_DOLLARS = 1_000_000_000;

/** A positive dollar amount in whole cents (the forms' step of 0.01), returned in micros. */
export function dollars(field: string, value: unknown): number {
  const amount = toNumber(field, value);
  if (amount <= 0) broken(field, "must be more than $0");
  if (amount > MAX_AMOUNT_DOLLARS) broken(field, `can be at most $${MAX_AMOUNT_DOLLARS.toLocaleString("en-US")}`);
  const micros = dollarsToMicros(amount);
  if (micros % 10_000 !== 0) broken(field, "must be in whole cents, such as 12.50");
  return micros;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Controls, format characters, separators, unassigned and private-use code points: nothing an address holds. */
const UNUSUAL = /[\p{C}\p{Z}]/u;

/**
 * The one case fold for what identifies or finds an account: composed (NFC), and each character
 * lowercased only where its lowercase is one character, so folding never makes text longer (`İ`
 * would become two) and never depends on the engine (SQLite's LOWER folds ASCII alone, MariaDB's
 * all of Unicode). Addresses are stored folded; searches fold their term the same way.
 */
export function foldCase(text: string): string {
  return [...text.normalize("NFC")].map((c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join("");
}

/** An address as an account's identity, trimmed and folded (`foldCase`), compared exactly (binary) by both engines. */
export function email(field: string, value: unknown): string {
  if (isBlank(value)) broken(field, "is required");
  if (typeof value !== "string") broken(field, "must be text");
  const text = foldCase(value.trim());
  if ([...text].length > MAX_LENGTH.email) broken(field, `can be at most ${MAX_LENGTH.email} characters long`);
  if (UNUSUAL.test(text) || !EMAIL.test(text)) invalid(field, "Enter an email address such as name@example.com");
  return text;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const DOMAIN_EXAMPLE = "Enter a domain such as example.com";

const isLocalhost = (host: string) => host === "localhost" || host.endsWith(".localhost");

/**
 * A public host name such as `news.example.com`, in its ASCII (punycode) form, which is what browsers
 * send as a page's host: `bücher.example` becomes `xn--bcher-kva.example`. A pasted URL is reduced
 * to its host. `localhost` names this machine only, so it is allowed just where publishers try the tag.
 */
export function hostname(field: string, value: unknown, { allowLocalhost }: { allowLocalhost: boolean }): string {
  const typed = requiredText(field, value, MAX_LENGTH.domain)
    .replace(/^https?:\/\//i, "")
    .replace(/[/?#:].*$/, "")
    .replace(/\.$/, "");
  const host = /\s/.test(typed) ? "" : domainToASCII(typed);
  if (isLocalhost(host)) {
    if (allowLocalhost) return host;
    invalid(field, "localhost only reaches your own computer: enter the domain visitors use, such as example.com");
  }
  const labels = host.split(".");
  const valid = labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /[a-z]/.test(labels[labels.length - 1]);
  if (!valid || host.length > MAX_LENGTH.domain) invalid(field, DOMAIN_EXAMPLE);
  return host;
}

export function httpUrl(field: string, value: unknown): string {
  const text = requiredText(field, value, MAX_LENGTH.url);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return broken(field, "must be a full web address such as https://example.com/ad.png");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") broken(field, "must start with http:// or https://");
  return url.toString();
}

/** The path the app serves an uploaded file at (`/media/<sha256>.<ext>`, as `mediaPathOf` writes it). */
const HOSTED_MEDIA_PATH = /^\/media\/[0-9a-f]{64}\.[a-z0-9]{2,5}$/;

export const isHostedMediaPath = (value: unknown): value is string => typeof value === "string" && HOSTED_MEDIA_PATH.test(value.trim());

/**
 * Where a picture (a creative's content, a native logo) is: an http or https address, or the
 * app's own `/media/...` path of an uploaded file, which the forms show for hosted pictures and
 * the ad server makes absolute against its origin. Whose file a path names is the caller's check.
 */
export function pictureAddress(field: string, value: unknown): string {
  if (isHostedMediaPath(value)) return value.trim();
  if (typeof value === "string" && value.trim().startsWith("/")) broken(field, "must be a full web address such as https://example.com/ad.png, or an uploaded file's /media/ address");
  return httpUrl(field, value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as `YYYY-MM-DD`; a full ISO timestamp is cut to its date. */
export function calendarDate(field: string, value: unknown, fallback?: string): string {
  if (isBlank(value) && fallback !== undefined) return fallback;
  const text = requiredText(field, value, 40).slice(0, 10);
  const parsed = new Date(`${text}T00:00:00Z`);
  if (!ISO_DATE.test(text) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) {
    broken(field, "must be a date such as 2030-01-31");
  }
  return text;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A moment, as an ISO 8601 time with its offset (2030-01-31T09:30:00Z), or a Date GraphQL parsed already. */
export function instant(field: string, value: unknown): Date {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value;
  const text = requiredText(field, value, 40);
  const at = Date.parse(text);
  if (!ISO_INSTANT.test(text) || Number.isNaN(at)) broken(field, "must be a time with its offset, such as 2030-01-31T09:30:00Z");
  return new Date(at);
}

/** A password's length; what it may be made of is the password policy's (`choosablePassword`). */
export function passwordText(field: string, value: unknown): string {
  if (isBlank(value)) broken(field, "is required");
  if (typeof value !== "string") broken(field, "must be text");
  if (value.length < MIN_PASSWORD_LENGTH) broken(field, `must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (value.length > MAX_LENGTH.password) broken(field, `can be at most ${MAX_LENGTH.password} characters long`);
  return value;
}

export function positiveId(field: string, value: unknown): number {
  return integer(field, value, 1, Number.MAX_SAFE_INTEGER);
}
