import { dollarsText } from "../../common/money";
import { AuditAction } from "../audit/audit-actions";
import type { AuditEntry } from "../audit/audit-entry.entity";
import type { AdvertiserCategory } from "./advertiser-categories";
import type { CampaignStatus, CreativeRotation, PacingMode, PricingModel } from "./campaign.entity";
import { categoryLabel, PACING_LABELS, PRICING_MODEL_LABELS, ROTATION_LABELS, STATUS_LABELS } from "./campaign-labels";
import { countryName } from "../targeting/countries";
import { type FrequencyCap, storedFrequencyCaps } from "../frequency-caps/frequency-caps";
import type { ListValue } from "../targeting/rule";
import type { DayPartingValue } from "../targeting/rules/day-parting";
import type { KeywordsValue } from "../targeting/rules/keywords";
import { storedTargeting, TARGETING_RULES } from "../targeting/targeting-rules";

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

const money = (value: unknown) => dollarsText(Number(value));

/**
 * How each column logged in an entry's before and after reads: its name on the form and its value
 * as a person reads it. A setting added to campaigns adds its line here; until then it shows under
 * its own name, as stored.
 */
const COLUMN_DISPLAY: Record<string, { label: string; show: (value: unknown) => string }> = {
  name: { label: "Name", show: String },
  budgetMicros: { label: "Budget", show: money },
  pricingModel: { label: "Pricing model", show: (value) => PRICING_MODEL_LABELS[value as PricingModel] ?? String(value) },
  bidMicros: { label: "Bid", show: money },
  dailyCapMicros: { label: "Daily budget cap", show: (value) => (value === null ? "No cap" : money(value)) },
  pacing: { label: "Pacing", show: (value) => PACING_LABELS[value as PacingMode] ?? String(value) },
  rotation: { label: "Creative rotation", show: (value) => ROTATION_LABELS[value as CreativeRotation] ?? String(value) },
  category: { label: "Category", show: (value) => categoryLabel(value as AdvertiserCategory) },
  targetCountries: {
    label: "Target countries",
    show: (value) => {
      const codes = value as string[];
      return codes.length === 0 ? "Every country" : codes.map(countryName).join(", ");
    },
  },
  startDate: { label: "Start date", show: String },
  endDate: { label: "End date", show: String },
  status: { label: "Status", show: (value) => STATUS_LABELS[value as CampaignStatus] ?? String(value) },
  reason: { label: "Reason", show: String },
  archived: { label: "Archived", show: (value) => (value ? "Yes" : "No") },
  frequencyCaps: { label: "Frequency caps", show: (value) => capsText(storedFrequencyCaps(value as string | null)) },
  targeting: { label: "Targeting", show: (value) => targetingSummary(value as string | null) },
  skipAfterSeconds: { label: "Video skippable", show: (value) => (value === null ? "Never" : `After ${Number(value)} s`) },
};

/** "Devices: only mobile; Page keywords: shoes, not boots": each rule set, in the form's order. */
function targetingSummary(text: string | null): string {
  const document = storedTargeting(text) as Record<string, unknown>;
  const parts = TARGETING_RULES.filter((rule) => document[rule.key] !== undefined).map((rule) => `${rule.label}: ${ruleText(document[rule.key])}`);
  return parts.length > 0 ? parts.join("; ") : "Everyone";
}

function ruleText(value: unknown): string {
  const rule = value as Partial<ListValue & KeywordsValue & DayPartingValue>;
  if (rule.mode && rule.values) return `${rule.mode === "include" ? "only" : "all but"} ${rule.values.join(", ")}`;
  if (rule.include && rule.exclude) return [...rule.include, ...rule.exclude.map((keyword) => `not ${keyword}`)].join(", ");
  if (rule.timeZone && rule.days && rule.hours) return `days ${rule.days.join(", ")}, hours ${rule.hours.join(", ")} (${rule.timeZone})`;
  return JSON.stringify(value);
}

/** "2 an hour, 5 a day": a visitor's caps as the form reads them. */
function capsText(caps: FrequencyCap[] | null): string {
  if (!caps) return "No caps";
  const per = { hour: "an hour", day: "a day", week: "a week", flight: "per flight" } as const;
  return caps.map(({ count, per: period }) => `${count} ${per[period]}`).join(", ");
}

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
