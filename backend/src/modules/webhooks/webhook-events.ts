import { NotificationKind } from "../notifications/notification-kinds";

/**
 * The events an endpoint may subscribe to: the machine name integrators match on, and the words the
 * settings screen shows it by.
 */
export const WEBHOOK_EVENTS = [
  { type: "campaign.approved", label: "Campaign approved" },
  { type: "campaign.rejected", label: "Campaign rejected" },
  { type: "campaign.completed", label: "Campaign completed" },
  { type: "campaign.out_of_funds", label: "Campaign out of funds" },
  { type: "creative.reviewed", label: "Creative reviewed" },
  { type: "site.approved", label: "Site approved" },
  { type: "site.rejected", label: "Site rejected" },
  { type: "ads_txt.status_changed", label: "ads.txt status changed" },
  { type: "deposit.received", label: "Deposit received" },
  { type: "payout.paid", label: "Payout paid" },
  { type: "statement.issued", label: "Statement issued" },
] as const;

export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENTS.map(({ type }) => type);

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]["type"];

/** The notification moments that are also webhook events: the same hook tells both. */
export const EVENT_OF_NOTIFICATION: Partial<Record<NotificationKind, WebhookEventType>> = {
  [NotificationKind.CAMPAIGN_APPROVED]: "campaign.approved",
  [NotificationKind.CAMPAIGN_REJECTED]: "campaign.rejected",
  [NotificationKind.CAMPAIGN_COMPLETED]: "campaign.completed",
  [NotificationKind.CAMPAIGN_OUT_OF_FUNDS]: "campaign.out_of_funds",
  [NotificationKind.CREATIVE_APPROVED]: "creative.reviewed",
  [NotificationKind.CREATIVE_REJECTED]: "creative.reviewed",
  [NotificationKind.SITE_APPROVED]: "site.approved",
  [NotificationKind.SITE_REJECTED]: "site.rejected",
  [NotificationKind.DEPOSIT_RECEIVED]: "deposit.received",
  [NotificationKind.PAYOUT_PAID]: "payout.paid",
};
