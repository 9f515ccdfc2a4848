import type { FastifyBaseLogger } from "fastify";
import { DataSource, Repository } from "typeorm";
import { afterCommit } from "../../common/transaction";
import * as check from "../../common/validate";
import { CampaignCompleted, CampaignOutOfFunds } from "../../events/campaign-events";
import type { EventBus } from "../../events/event-bus";
import type { Mailer } from "../mail/mailer";
import { renderMail } from "../mail/template";
import { User } from "../users/user.entity";
import { NotificationOptOut } from "./notification-opt-out.entity";
import { campaignNewsKeys, kindsFor, NOTIFICATION_KINDS, NotificationKind, type Notify, type SendNotice } from "./notification-kinds";

export interface NotificationSetting {
  kind: NotificationKind;
  label: string;
  enabled: boolean;
}

/** E-mails about a user's own sites, campaigns, creatives, payouts and balance, unless they turned the kind off. */
export class NotificationsService {
  private readonly users: Repository<User>;
  private readonly optOuts: Repository<NotificationOptOut>;
  private readonly listeners: Notify[] = [];

  constructor(
    dataSource: DataSource,
    private readonly mailer: Mailer,
    private readonly origin: string,
    private readonly log: Pick<FastifyBaseLogger, "error">,
  ) {
    this.users = dataSource.getRepository(User);
    this.optOuts = dataSource.getRepository(NotificationOptOut);
  }

  /** Writes what the news changes for its listeners (the webhook event) with the change, and e-mails once it commits. */
  readonly notify: Notify = async (manager, userId, kind, facts, options = {}) => {
    if (options.only !== "email") for (const listener of this.listeners) await listener(manager, userId, kind, facts, options);
    if (options.only !== "webhook") await afterCommit(manager, () => this.send(userId, kind, facts, options));
  };

  /** Sends one notification's e-mail, unless its user turned the kind off; never throws, so no action fails over e-mail. */
  readonly send: SendNotice = async (userId, kind, facts, options = {}) => {
    try {
      const [user, optedOut] = await Promise.all([this.users.findOneBy({ id: userId }), this.optOuts.existsBy({ userId, kind })]);
      if (!user || optedOut) return;
      const text = NOTIFICATION_KINDS[kind];
      const dashboard = `${this.origin}/dashboard`;
      await this.mailer.send({
        ...renderMail({
          subject: text.subject(facts),
          greeting: `Hello ${user.fullName},`,
          paragraphs: text.paragraphs(facts),
          action: { label: "Open your dashboard", url: dashboard },
          footer: `You get this e-mail because "${text.label}" is on in your AdNet settings; turn it off there to stop these.`,
        }),
        to: user.email,
        kind,
        userId,
        dedupeKey: options.dedupeKey ?? null,
      });
    } catch (error) {
      this.log.error({ err: error, kind }, "could not send a notification");
    }
  };

  /**
   * Told of every notification in its transaction, whether or not its user wants the e-mail
   * (webhooks are told so); a listener that throws fails the change.
   */
  onNotify(listener: Notify): void {
    this.listeners.push(listener);
  }

  /**
   * The e-mails that tell of the ad server's news, each once however many processes saw it; their
   * webhook events were written by the batch that made the news.
   */
  subscribeTo(events: EventBus): void {
    events.subscribe(CampaignCompleted, ({ campaignId, advertiserId, name }) =>
      this.send(advertiserId, NotificationKind.CAMPAIGN_COMPLETED, { name }, { dedupeKey: campaignNewsKeys.completed(campaignId) }),
    );
    events.subscribe(CampaignOutOfFunds, ({ campaignId, advertiserId, name, allowanceMicros }) =>
      this.send(advertiserId, NotificationKind.CAMPAIGN_OUT_OF_FUNDS, { name }, { dedupeKey: campaignNewsKeys.outOfFunds(campaignId, allowanceMicros) }),
    );
  }

  async settings(actor: User): Promise<NotificationSetting[]> {
    const off = new Set((await this.optOuts.findBy({ userId: actor.id })).map((row) => row.kind));
    return kindsFor(actor.role).map((kind) => ({ kind, label: NOTIFICATION_KINDS[kind].label, enabled: !off.has(kind) }));
  }

  async setEnabled(actor: User, kindInput: unknown, enabledInput: unknown): Promise<NotificationSetting[]> {
    const kind = check.oneOf("kind", kindInput, kindsFor(actor.role));
    const enabled = check.flag("enabled", enabledInput);
    if (enabled) await this.optOuts.delete({ userId: actor.id, kind });
    else await this.optOuts.upsert({ userId: actor.id, kind }, ["userId", "kind"]);
    return this.settings(actor);
  }
}
