import { NotificationKind } from "../notifications/notification-kinds";

/** The events an endpoint may subscribe to, as integrators name them. */
export const WEBHOOK_EVENT_TYPES = [
  "campaign.approved",
  "campaign.rejected",
  "campaign.completed",
  "campaign.out_of_funds",
  "creative.reviewed",
  "site.approved",
  "site.rejected",
  "ads_txt.status_changed",
  "deposit.received",
  "payout.paid",
  "statement.issued",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

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
