import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

export enum MailStatus {
  /** Waiting for its (next) attempt over SMTP. */
  PENDING = "pending",
  SENT = "sent",
  /** Every attempt failed; the last error says why. */
  FAILED = "failed",
  /** No SMTP server is configured: the message stays here for the admins to read. */
  OUTBOX = "outbox",
}

/**
 * Every message the product sends. Over SMTP the body is kept only until it is sent or given up
 * on, so the links it carries do not outlive their delivery; in outbox mode it stays to be read.
 */
@Entity("mail_messages")
@Index("IDX_mail_messages_due", ["status", "nextAttemptAt"])
@Index("UQ_mail_messages_dedupe", ["dedupeKey"], { unique: true })
export class MailMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 254 })
  recipient: string;

  @Column({ type: "varchar", length: 200 })
  subject: string;

  /** What the message is about (verify_email, password_reset, site_approved...). */
  @Column({ type: "varchar", length: 32 })
  kind: string;

  @Column({ name: "user_id", type: "integer", nullable: true })
  userId: number | null;

  @Column({ type: "text", nullable: true })
  text: string | null;

  @Column({ type: "text", nullable: true })
  html: string | null;

  @Column({ type: "varchar", length: 16 })
  status: MailStatus;

  @Column({ type: "integer", default: 0 })
  attempts: number;

  @Column({ name: "next_attempt_at", type: "datetime", nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: "last_error", type: "varchar", length: 500, nullable: true })
  lastError: string | null;

  /** A message that must go once only (a campaign's completion) carries a key; a second one is not sent. */
  @Column({ name: "dedupe_key", type: "varchar", length: 120, nullable: true })
  dedupeKey: string | null;

  @Column({ name: "sent_at", type: "datetime", nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;
}
