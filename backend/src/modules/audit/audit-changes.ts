import { dollarsText } from "../../common/money";
import type { AuditEntry } from "./audit-entry.entity";

/** How a column logged in an entry's before and after reads: its name on the form and its value as a person reads it. */
export interface ColumnDisplay {
  label: string;
  show: (value: unknown) => string;
}

export type ColumnDisplays = Record<string, ColumnDisplay>;

/** One changed value of one entry, as the audit log and the histories show it: a line "field: from → to". */
export interface AuditChange {
  field: string;
  /** Null where the entry has no value before (something made, or a value only the after names). */
  from: string | null;
  to: string | null;
}

/** "pending_approval" as "Pending approval": the words of a stored status no declaration labels. */
export function words(value: unknown): string {
  const text = String(value).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const yesNo = (value: unknown) => (value ? "Yes" : "No");
/** The entries that log money log it in dollars (the services convert at the edge of the log). */
const dollars = (value: unknown) => (value === null || value === undefined ? "None" : dollarsText(Math.round(Number(value) * 1_000_000)));
const asIs = (value: unknown) => (value === null || value === undefined || value === "" ? "None" : typeof value === "string" ? value : JSON.stringify(value));

const column = (label: string, show: (value: unknown) => string = asIs): ColumnDisplay => ({ label, show });

/**
 * The columns the services log beside an object's declared fields (a review's status and reason,
 * money moved, account settings), for every kind of target; a kind's own declarations come first.
 */
export const COMMON_COLUMNS: ColumnDisplays = {
  status: column("Status", words),
  reason: column("Reason"),
  archived: column("Archived", yesNo),
  copyOf: column("Copy of"),
  announced: column("Amount announced", dollars),
  received: column("Amount received", dollars),
  amount: column("Amount", dollars),
  credits: column("Credits", dollars),
  granted: column("Credit granted", dollars),
  creditLimit: column("Credit limit", dollars),
  memo: column("Memo"),
  note: column("Note"),
  reference: column("Reference"),
  method: column("Method", words),
  revenueSharePercent: column("Revenue share", (value) => (value === null || value === undefined ? "Network default" : `${Number(value)}%`)),
  identityVerified: column("Identity verified", yesNo),
  twoFactor: column("Two-factor sign-in", (value) => (value ? "On" : "Off")),
  recoveryCodesLeft: column("Recovery codes left", String),
  email: column("E-mail"),
  name: column("Name"),
  prefix: column("Key prefix"),
  readOnly: column("Read only", yesNo),
};

const parsed = (json: string | null): Record<string, unknown> => (json ? (JSON.parse(json) as Record<string, unknown>) : {});

/**
 * An entry's changes, one per column it logs (those of its after, then any only its before names,
 * such as a revoked key's), each read through `columns`; a column no display knows shows under its
 * own name, as stored.
 */
export function changesOf(entry: Pick<AuditEntry, "beforeJson" | "afterJson">, columns: ColumnDisplays): AuditChange[] {
  const before = parsed(entry.beforeJson);
  const after = parsed(entry.afterJson);
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return names.map((name) => {
    const { label, show } = columns[name] ?? COMMON_COLUMNS[name] ?? column(name);
    return { field: label, from: name in before ? show(before[name]) : null, to: name in after ? show(after[name]) : null };
  });
}
