import { columnDisplay } from "../../common/fields/field";
import { AuditAction } from "../audit/audit-actions";
import { changesOf, type ColumnDisplays } from "../audit/audit-changes";
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
  [AuditAction.CAMPAIGN_OPTIMISED]: "Changed by optimisation",
  [AuditAction.PLACEMENT_RESTORED]: "Placement put back",
  [AuditAction.CAMPAIGN_BOOKED]: "Booked",
  [AuditAction.CAMPAIGN_MADE_GOOD]: "Make-good booked",
};

/** What the optimisation engine changed is told as its own doing, not the network's staff's. */
const BY_OPTIMISATION = new Set<string>([AuditAction.CAMPAIGN_OPTIMISED]);

/** Entries that make a campaign: their `after` is every setting, summed up in one line rather than listed. */
const MAKING = new Set<string>([AuditAction.CAMPAIGN_CREATED, AuditAction.CAMPAIGN_DUPLICATED]);

/**
 * How each column logged in a campaign's entries reads: the settings' from their declaration, its
 * status in the campaign's words; the rest as every audit entry reads them.
 */
export const CAMPAIGN_COLUMNS: ColumnDisplays = {
  ...columnDisplay(CAMPAIGN_FIELDS),
  status: { label: "Status", show: (value) => STATUS_LABELS[value as CampaignStatus] ?? String(value) },
  placement: { label: "Placement", show: String },
  zoneBids: { label: "Bids per zone", show: String },
  availableImpressions: { label: "Available when booked", show: (value) => Number(value).toLocaleString("en-US") },
  overrideAvailability: { label: "Booked over availability", show: (value) => (value ? "Yes" : "No") },
  extraImpressions: { label: "Make-good impressions", show: (value) => Number(value).toLocaleString("en-US") },
};

/**
 * A campaign's audit entries, newest first, as rows a person reads: one per field changed. Who acted
 * is named to admins; an advertiser sees their own address, and "AdNet" for what the network did.
 */
export function campaignChanges(entries: AuditEntry[], viewer: { isAdmin: boolean; advertiserId: number }): CampaignChange[] {
  return entries.flatMap((entry): CampaignChange[] => {
    const network = BY_OPTIMISATION.has(entry.action) ? "Optimisation" : "AdNet";
    const by = viewer.isAdmin || entry.actorId === viewer.advertiserId ? (entry.actorEmail ?? network) : network;
    const row = { at: entry.createdAt, by, action: ACTION_LABELS[entry.action] ?? entry.action };
    if (MAKING.has(entry.action)) {
      const after = entry.afterJson ? (JSON.parse(entry.afterJson) as Record<string, unknown>) : {};
      const from = typeof after.copyOf === "string" ? after.copyOf : null;
      return [{ ...row, id: `${entry.id}`, field: null, from, to: typeof after.name === "string" ? after.name : null }];
    }
    return changesOf(entry, CAMPAIGN_COLUMNS).map((change, index) => ({ ...row, id: `${entry.id}.${index}`, ...change }));
  });
}
