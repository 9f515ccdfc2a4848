import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { User } from "../users/user.entity";

/** Where a user wants events POSTed, and which ones; its signing secret never leaves after creation. */
@Entity("webhook_endpoints")
@Index("IDX_webhook_endpoints_user", ["userId"])
export class WebhookEndpoint {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "user_id", type: "integer" })
  userId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_webhook_endpoints_user" })
  user?: User;

  @Column({ type: "varchar", length: 2000 })
  url: string;

  /** Comma-separated event types, e.g. "campaign.approved,payout.paid". */
  @Column({ name: "event_types", type: "varchar", length: 500 })
  eventTypes: string;

  @Column({ type: "varchar", length: 80, select: false })
  secret: string;

  /** The secret before the last rotation, still signed with until `previousSecretUntil` so receivers can switch. */
  @Column({ name: "previous_secret", type: "varchar", length: 80, nullable: true, select: false })
  previousSecret: string | null;

  @Column({ name: "previous_secret_until", type: "datetime", nullable: true })
  previousSecretUntil: Date | null;

  /** Since when every attempt failed; null after a success. */
  @Column({ name: "failing_since", type: "datetime", nullable: true })
  failingSince: Date | null;

  @Column({ name: "disabled_at", type: "datetime", nullable: true })
  disabledAt: Date | null;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;
}
