import { registerEnumType } from "type-graphql";

/** Every kind of entry in the audit log. */
export enum AuditAction {
  SITE_APPROVED = "site.approved",
  SITE_REJECTED = "site.rejected",
  CAMPAIGN_CREATED = "campaign.created",
  CAMPAIGN_UPDATED = "campaign.updated",
  CAMPAIGN_DUPLICATED = "campaign.duplicated",
  CAMPAIGN_APPROVED = "campaign.approved",
  CAMPAIGN_REJECTED = "campaign.rejected",
  CAMPAIGN_PAUSED = "campaign.paused",
  CAMPAIGN_RESUMED = "campaign.resumed",
  CAMPAIGN_ARCHIVED = "campaign.archived",
  CAMPAIGN_UNARCHIVED = "campaign.unarchived",
  /** What the optimisation engine changed of a goal campaign: its bids per zone, a placement excluded. */
  CAMPAIGN_OPTIMISED = "campaign.optimised",
  PLACEMENT_RESTORED = "campaign.placement_restored",
  /** An admin booked a guaranteed or sponsorship campaign for an advertiser, with its availability then. */
  CAMPAIGN_BOOKED = "campaign.booked",
  /** An admin booked extra impressions for a guaranteed campaign behind pace, on an extension of its flight. */
  CAMPAIGN_MADE_GOOD = "campaign.made_good",
  CREATIVE_APPROVED = "creative.approved",
  CREATIVE_REJECTED = "creative.rejected",
  CREATIVE_ARCHIVED = "creative.archived",
  PAYOUT_PAID = "payout.paid",
  DEPOSIT_RECORDED = "deposit.recorded",
  CREDIT_GRANTED = "credit.granted",
  CREDIT_LIMIT_SET = "credit_limit.set",
  REVENUE_SHARE_SET = "revenue_share.set",
  ACCOUNT_APPROVED = "account.approved",
  ACCOUNT_SUSPENDED = "account.suspended",
  ACCOUNT_REACTIVATED = "account.reactivated",
  IDENTITY_VERIFIED = "identity.verified",
  IDENTITY_UNVERIFIED = "identity.unverified",
  VERIFICATION_LINK_SENT = "email.verification_sent",
  PASSWORD_RESET_SENT = "password.reset_sent",
  TWO_FACTOR_ENABLED = "two_factor.enabled",
  TWO_FACTOR_DISABLED = "two_factor.disabled",
  TWO_FACTOR_RECOVERY_USED = "two_factor.recovery_code_used",
  API_KEY_CREATED = "api_key.created",
  API_KEY_REVOKED = "api_key.revoked",
  EXCHANGE_PARTNER_CREATED = "exchange_partner.created",
  EXCHANGE_PARTNER_UPDATED = "exchange_partner.updated",
  EXCHANGE_PARTNER_REVOKED = "exchange_partner.revoked",
  FAILED_SIGN_IN_BURST = "sign_in.failed_burst",
}

registerEnumType(AuditAction, { name: "AuditAction", description: "What an audit log entry records" });

export const AUDIT_ACTIONS = Object.values(AuditAction);
