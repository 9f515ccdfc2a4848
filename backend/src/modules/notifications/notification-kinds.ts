import type { EntityManager } from "typeorm";
import { Role } from "../../auth/roles";

/** The e-mails a user may get about their own things; each can be turned off in Settings. */
export enum NotificationKind {
  SITE_APPROVED = "site_approved",
  SITE_REJECTED = "site_rejected",
  CAMPAIGN_APPROVED = "campaign_approved",
  CAMPAIGN_REJECTED = "campaign_rejected",
  CAMPAIGN_COMPLETED = "campaign_completed",
  CAMPAIGN_OUT_OF_FUNDS = "campaign_out_of_funds",
  CREATIVE_APPROVED = "creative_approved",
  CREATIVE_REJECTED = "creative_rejected",
  PAYOUT_PAID = "payout_paid",
  LOW_BALANCE = "low_balance",
  DEPOSIT_RECEIVED = "deposit_received",
}

/** What a notification is about: names, the admin's reason, amounts as text ("$150.25"). */
export interface NotificationFacts {
  /** The site's, campaign's or creative's name. */
  name?: string;
  reason?: string | null;
  amount?: string;
  /** The campaign a creative belongs to. */
  campaign?: string;
  /** The creatives one review decided together, for the one e-mail that tells of them all. */
  creatives?: string[];
  /** A bank transfer's payment reference. */
  reference?: string;
  /** What the advertiser said they would send, when it differs from `amount`, what arrived. */
  announced?: string;
}

interface KindText {
  role: Role;
  /** How Settings lists it. */
  label: string;
  subject(facts: NotificationFacts): string;
  paragraphs(facts: NotificationFacts): string[];
}

const quoted = (name?: string) => (name ? `"${name}"` : "");
/** "A", "A and B", "A, B and C": names as a sentence lists them. */
const listed = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).map(quoted).join(", ")} and ${quoted(names.at(-1))}` : quoted(names[0]));
/** The creatives a campaign's review approved with it: ", with its creatives "A" and "B"". */
const withCreatives = (f: NotificationFacts) => (f.creatives?.length ? `, with its creative${f.creatives.length > 1 ? "s" : ""} ${listed(f.creatives)}` : "");
const reasonLine = (facts: NotificationFacts) => (facts.reason ? [`The reviewer's reason: ${facts.reason}`] : []);

export const NOTIFICATION_KINDS: Record<NotificationKind, KindText> = {
  [NotificationKind.SITE_APPROVED]: {
    role: Role.PUBLISHER,
    label: "A site of mine is approved",
    subject: (f) => `Your site ${quoted(f.name)} is approved`,
    paragraphs: (f) => [`Your site ${quoted(f.name)} passed review: its ad zones can now show ads and earn.`],
  },
  [NotificationKind.SITE_REJECTED]: {
    role: Role.PUBLISHER,
    label: "A site of mine is rejected",
    subject: (f) => `Your site ${quoted(f.name)} was not approved`,
    paragraphs: (f) => [`Your site ${quoted(f.name)} was not approved, so its zones show no ads.`, ...reasonLine(f)],
  },
  [NotificationKind.PAYOUT_PAID]: {
    role: Role.PUBLISHER,
    label: "A payout of mine is paid",
    subject: (f) => `Your payout of ${f.amount} is paid`,
    paragraphs: (f) => [`Your payout request of ${f.amount} has been paid. Your payout history in the dashboard shows it.`],
  },
  [NotificationKind.CAMPAIGN_APPROVED]: {
    role: Role.ADVERTISER,
    label: "A campaign of mine is approved",
    subject: (f) => `Your campaign ${quoted(f.name)} is approved${withCreatives(f)}`,
    paragraphs: (f) =>
      f.creatives?.length
        ? [`Your campaign ${quoted(f.name)} passed review${withCreatives(f)}: it is active and runs within its dates.`]
        : [`Your campaign ${quoted(f.name)} passed review and is active: it runs whenever it has an approved creative within its dates.`],
  },
  [NotificationKind.CAMPAIGN_REJECTED]: {
    role: Role.ADVERTISER,
    label: "A campaign of mine is rejected",
    subject: (f) => `Your campaign ${quoted(f.name)} was rejected`,
    paragraphs: (f) => [`Your campaign ${quoted(f.name)} was rejected and shows no ads.`, ...reasonLine(f)],
  },
  [NotificationKind.CAMPAIGN_COMPLETED]: {
    role: Role.ADVERTISER,
    label: "A campaign of mine spends its budget",
    subject: (f) => `Your campaign ${quoted(f.name)} has completed`,
    paragraphs: (f) => [`Your campaign ${quoted(f.name)} has spent its budget and stopped showing ads. Its report stays in your dashboard.`],
  },
  [NotificationKind.CAMPAIGN_OUT_OF_FUNDS]: {
    role: Role.ADVERTISER,
    label: "A campaign of mine runs out of funds",
    subject: (f) => `Your campaign ${quoted(f.name)} is out of funds`,
    paragraphs: (f) => [`Your campaign ${quoted(f.name)} stopped showing ads: your account balance cannot pay for more. Add funds to resume it.`],
  },
  [NotificationKind.LOW_BALANCE]: {
    role: Role.ADVERTISER,
    label: "My balance runs low",
    subject: (f) => `Your AdNet balance is low${f.amount ? `: ${f.amount}` : ""}`,
    paragraphs: (f) => [`Your account balance is down to ${f.amount ?? "a small amount"}. Add funds so your campaigns keep running.`],
  },
  [NotificationKind.DEPOSIT_RECEIVED]: {
    role: Role.ADVERTISER,
    label: "A transfer of mine arrives",
    subject: (f) => `Your transfer of ${f.amount} has arrived`,
    paragraphs: (f) => [
      `The transfer with the reference ${f.reference} has arrived: ${f.amount} is added to your balance and your campaigns may spend it.`,
      ...(f.announced ? [`You announced ${f.announced}; the amount that arrived counts.`] : []),
      ...(f.reason ? [`The network's note: ${f.reason}`] : []),
    ],
  },
  [NotificationKind.CREATIVE_APPROVED]: {
    role: Role.ADVERTISER,
    label: "A creative of mine is approved",
    subject: (f) =>
      f.creatives && f.creatives.length > 1 ? `${f.creatives.length} creatives of your campaign ${quoted(f.campaign)} are approved` : `Your creative ${quoted(f.name)} is approved`,
    paragraphs: (f) =>
      f.creatives && f.creatives.length > 1
        ? [`These creatives in campaign ${quoted(f.campaign)} passed review and can now be shown: ${f.creatives.map(quoted).join(", ")}.`]
        : [`Your creative ${quoted(f.name)}${f.campaign ? ` in campaign ${quoted(f.campaign)}` : ""} passed review and can now be shown.`],
  },
  [NotificationKind.CREATIVE_REJECTED]: {
    role: Role.ADVERTISER,
    label: "A creative of mine is rejected",
    subject: (f) => `Your creative ${quoted(f.name)} was rejected`,
    paragraphs: (f) => [`Your creative ${quoted(f.name)}${f.campaign ? ` in campaign ${quoted(f.campaign)}` : ""} was rejected and is not shown.`, ...reasonLine(f)],
  },
};

/** The kinds a user of this role can get, in the order Settings lists them. */
export const kindsFor = (role: Role): NotificationKind[] => Object.values(NotificationKind).filter((kind) => NOTIFICATION_KINDS[kind].role === role);

/**
 * How services tell a user something happened to their things, inside the transaction that changes
 * them: what belongs to the change (its webhook event) is written with `manager`, and the e-mail is
 * sent once the change commits, never if it rolls back. Throws only when the webhook event cannot be
 * written, which fails the change with it; never waits on the mail server.
 */
export type Notify = (manager: EntityManager, userId: number, kind: NotificationKind, facts: NotificationFacts, options?: NotifyOptions) => Promise<void>;

/** An e-mail alone, of news already committed (with its webhook event, if it has one). Never throws. */
export type SendNotice = (userId: number, kind: NotificationKind, facts: NotificationFacts, options?: NotifyOptions) => Promise<void>;

export interface NotifyOptions {
  /** A second notification with the same key is not sent. */
  dedupeKey?: string;
  /** The object the news is about, for the webhook event the same moment sends. */
  about?: { type: string; id: number };
  /**
   * Half of the news alone: its webhook event without the e-mail, or the e-mail without an event,
   * where one review decides several objects and tells of them in one e-mail (each keeps its event).
   */
  only?: "webhook" | "email";
}

export const NO_NOTIFICATIONS: Notify = async () => undefined;

/**
 * The ad server's campaign news, each once however many processes' batches tell it: its e-mail and
 * its webhook event are keyed by these. Out of funds is news again once the advertiser's allowance moves.
 */
export const campaignNewsKeys = {
  completed: (campaignId: number) => `campaign_completed:${campaignId}`,
  outOfFunds: (campaignId: number, allowanceMicros: number) => `campaign_out_of_funds:${campaignId}:${allowanceMicros}`,
};
