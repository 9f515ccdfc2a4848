import { columnDisplay } from "../../common/fields/field";
import { AuditAction } from "../audit/audit-actions";
import type { AuditEntry } from "../audit/audit-entry.entity";
import type { CampaignStatus } from "./campaign.entity";
import { CAMPAIGN_FIELDS } from "./campaign-fields";
import { STATUS_LABELS } from "./campaign-labels";

/** One changed field of one audit entry, as the campaign's history shows it. */
export interface CampaignChange {
  id: string;
  at: Date;
  by: string;
  action: string;
  field: string | null;
  from: string | null;
  to: string | null;
}

const ACTION_LABELS: Partial<Record<string, string>> = {
  [AuditAction.CAMPAIGN_CREATED]: "Created",
  [AuditAction.CAMPAIGN_UPDATED]: "Edited",
  [AuditAction.CAMPAIGN_DUPLICATED]: "Created as a copy",
  [AuditAction.CAMPAIGN_APPROVED]: "Approved",
  [AuditAction.CAMPAIGN_REJECTED]: "Rejected",
  [AuditAction.CAMPAIGN_PAUSED]: "Paused",
  [AuditAction.CAMPAIGN_RESUMED]: "Resumed",
  [AuditAction.CAMPAIGN_ARCHIVED]: "Archived",
  [AuditAction.CAMPAIGN_UNARCHIVED]: "Unarchived",
};

/** Entries that make a campaign: their `after` is every setting, summed up in one line rather than listed. */
const MAKING = new Set<string>([AuditAction.CAMPAIGN_CREATED, AuditAction.CAMPAIGN_DUPLICATED]);

/**
 * How each column logged in an entry's before and after reads: its name on the form and its value
 * as a person reads it. The settings' come from their declaration; a column that is in neither
 * shows under its own name, as stored.
 */
const COLUMN_DISPLAY: Record<string, { label: string; show: (value: unknown) => string }> = {
  ...columnDisplay(CAMPAIGN_FIELDS),
  status: { label: "Status", show: (value) => STATUS_LABELS[value as CampaignStatus] ?? String(value) },
  reason: { label: "Reason", show: String },
  archived: { label: "Archived", show: (value) => (value ? "Yes" : "No") },
};

function displayOf(column: string) {
  return COLUMN_DISPLAY[column] ?? { label: column, show: (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value)) };
}

const parsed = (json: string | null): Record<string, unknown> => (json ? (JSON.parse(json) as Record<string, unknown>) : {});

/**
 * A campaign's audit entries, newest first, as rows a person reads: one per field changed. Who acted
 * is named to admins; an advertiser sees their own address, and "AdNet" for what the network did.
 */
export function campaignChanges(entries: AuditEntry[], viewer: { isAdmin: boolean; advertiserId: number }): CampaignChange[] {
  return entries.flatMap((entry): CampaignChange[] => {
    const by = viewer.isAdmin || entry.actorId === viewer.advertiserId ? (entry.actorEmail ?? "AdNet") : "AdNet";
    const row = { at: entry.createdAt, by, action: ACTION_LABELS[entry.action] ?? entry.action };
    const before = parsed(entry.beforeJson);
    const after = parsed(entry.afterJson);
    if (MAKING.has(entry.action)) {
      const from = typeof after.copyOf === "string" ? after.copyOf : null;
      return [{ ...row, id: `${entry.id}`, field: null, from, to: typeof after.name === "string" ? after.name : null }];
    }
    return Object.keys(after).map((column, index) => {
      const { label, show } = displayOf(column);
      return { ...row, id: `${entry.id}.${index}`, field: label, from: column in before ? show(before[column]) : null, to: show(after[column]) };
    });
  });
}
