import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import { DataSource, IsNull, LessThanOrEqual, Or, Repository } from "typeorm";
import { isUniqueViolation } from "../../common/db-errors";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import type { MailConfig } from "../../config";
import { MailMessage, MailStatus } from "./mail-message.entity";
import type { RenderedMail } from "./template";

export interface OutgoingMail extends RenderedMail {
  to: string;
  kind: string;
  userId?: number | null;
  /** A second message with the same key is not sent (a campaign completes once, whichever process saw it). */
  dedupeKey?: string | null;
  /** The links the message carries: printed in development logs when no SMTP server is configured. */
  links?: string[];
}

/** How long to wait after each failed attempt; after the last, the message is given up on. */
export const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
/** While one process sends a message, the others' retry passes leave it alone for this long. */
const SEND_LEASE_MS = 2 * 60_000;
const RETRY_PASS_MS = 15_000;

type Log = Pick<FastifyBaseLogger, "warn" | "error">;

/**
 * Sends the product's e-mail. Every message is first written to mail_messages, then sent over
 * SMTP in the background: a failed attempt is recorded and retried, and never fails the action
 * that caused it. Without SMTP_URL the message stays in the table as the outbox admins read,
 * and outside production its subject, recipient and links are printed to the log.
 */
export class Mailer {
  private readonly messages: Repository<MailMessage>;
  private readonly transport: Transporter | null;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    dataSource: DataSource,
    private readonly config: MailConfig & { production: boolean },
    private readonly log: Log,
  ) {
    this.messages = dataSource.getRepository(MailMessage);
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never)
      : null;
  }

  get mode(): "smtp" | "outbox" {
    return this.transport ? "smtp" : "outbox";
  }

  /** Records the message and starts sending it; never throws, so no caller's action fails over e-mail. */
  async send(mail: OutgoingMail): Promise<void> {
    try {
      const message = await this.record(mail);
      if (!message) return;
      if (!this.transport) {
        this.printForDevelopment(mail);
        return;
      }
      this.track(this.attempt(message));
    } catch (error) {
      this.log.error({ err: error, kind: mail.kind }, "could not record an e-mail");
    }
  }

  /** Starts the pass that retries failed messages, in every process sharing the database. */
  start(): void {
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => this.track(this.deliverDue()), RETRY_PASS_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    this.transport?.close();
  }

  /** Resolves once every send started so far has finished, sent or recorded as failed. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Sends every pending message whose next attempt is due by `now`. */
  async deliverDue(now = new Date()): Promise<void> {
    if (!this.transport) return;
    const due = await this.messages.find({
      where: { status: MailStatus.PENDING, nextAttemptAt: Or(IsNull(), LessThanOrEqual(now)) },
      order: { id: "ASC" },
      take: 50,
    });
    for (const message of due) {
      // Claimed by moving its next attempt on: of two processes, one changes the row.
      const { affected } = await this.messages.update(
        { id: message.id, status: MailStatus.PENDING, nextAttemptAt: message.nextAttemptAt ?? IsNull() },
        { nextAttemptAt: new Date(Date.now() + SEND_LEASE_MS) },
      );
      if (affected) await this.attempt(message);
    }
  }

  /** The admins' outbox: every message, newest first, by recipient or subject and by status. */
  page(input?: ListInputFields & { status?: unknown }): Promise<Page<MailMessage>> {
    const request = listRequest(input, Object.values(MailStatus));
    return pageOf(this.messages.createQueryBuilder("mail"), request, { search: ["mail.recipient", "mail.subject"], status: "mail.status", id: "mail.id" });
  }

  private async record(mail: OutgoingMail): Promise<MailMessage | null> {
    const outbox = !this.transport;
    if (mail.dedupeKey && (await this.messages.existsBy({ dedupeKey: mail.dedupeKey }))) return null;
    try {
      return await this.messages.save(
        this.messages.create({
          recipient: mail.to,
          subject: mail.subject.slice(0, 200),
          kind: mail.kind,
          userId: mail.userId ?? null,
          text: mail.text,
          html: mail.html,
          status: outbox ? MailStatus.OUTBOX : MailStatus.PENDING,
          attempts: 0,
          nextAttemptAt: outbox ? null : new Date(Date.now() + SEND_LEASE_MS),
          lastError: null,
          dedupeKey: mail.dedupeKey ?? null,
          sentAt: null,
        }),
      );
    } catch (error) {
      if (mail.dedupeKey && isUniqueViolation(error)) return null;
      throw error;
    }
  }

  private async attempt(message: MailMessage): Promise<void> {
    const attempts = message.attempts + 1;
    try {
      await this.transport!.sendMail({ from: this.config.from, to: message.recipient, subject: message.subject, text: message.text ?? "", html: message.html ?? undefined });
      await this.messages.update({ id: message.id, status: MailStatus.PENDING }, {
        status: MailStatus.SENT,
        attempts,
        sentAt: new Date(),
        nextAttemptAt: null,
        lastError: null,
        text: null,
        html: null,
      });
    } catch (error) {
      const giveUp = attempts > RETRY_DELAYS_MS.length;
      const lastError = String((error as Error)?.message ?? error).slice(0, 500);
      this.log.warn({ mailId: message.id, kind: message.kind, attempts, err: lastError }, giveUp ? "e-mail could not be sent; given up" : "e-mail could not be sent; will retry");
      await this.messages
        .update(
          { id: message.id },
          giveUp
            ? { status: MailStatus.FAILED, attempts, lastError, nextAttemptAt: null, text: null, html: null }
            : { attempts, lastError, nextAttemptAt: new Date(Date.now() + RETRY_DELAYS_MS[attempts - 1]) },
        )
        .catch((failure) => this.log.error({ err: failure, mailId: message.id }, "could not record a failed e-mail"));
    }
  }

  /** Links carry tokens: printed only outside production, and only when nobody else will deliver them. */
  private printForDevelopment(mail: OutgoingMail): void {
    if (this.config.production) return;
    const links = mail.links?.length ? `\n  ${mail.links.join("\n  ")}` : "";
    this.log.warn(`e-mail kept in the outbox (no SMTP_URL): "${mail.subject}" to ${mail.to}${links}`);
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error) => this.log.error({ err: error }, "e-mail delivery failed")).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }
}
