import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { WebhookEndpoint } from "./webhook-endpoint.entity";

export type DeliveryStatus = "pending" | "delivered" | "failed";

/** One event for one endpoint: the outbox row the dispatcher sends, and the log of its last attempt. */
@Entity("webhook_deliveries")
@Index("UQ_webhook_deliveries_event", ["endpointId", "eventKey"], { unique: true })
@Index("IDX_webhook_deliveries_due", ["status", "nextAttemptAt"])
export class WebhookDelivery {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "endpoint_id", type: "integer" })
  endpointId: number;

  @ManyToOne(() => WebhookEndpoint, { onDelete: "CASCADE" })
  @JoinColumn({ name: "endpoint_id", foreignKeyConstraintName: "FK_webhook_deliveries_endpoint" })
  endpoint?: WebhookEndpoint;

  /** The event's id (evt_...), what receivers dedupe on. */
  @Column({ name: "event_id", type: "varchar", length: 40 })
  eventId: string;

  /** One event per moment per endpoint however many processes saw it (the notification's dedupe key, else the event id). */
  @Column({ name: "event_key", type: "varchar", length: 160 })
  eventKey: string;

  @Column({ name: "event_type", type: "varchar", length: 40 })
  eventType: string;

  /** The JSON body exactly as sent (and signed). */
  @Column({ type: "text" })
  payload: string;

  @Column({ type: "varchar", length: 16, default: "pending" })
  status: DeliveryStatus;

  @Column({ type: "integer", default: 0 })
  attempts: number;

  @Column({ name: "next_attempt_at", type: "datetime", nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: "last_status_code", type: "integer", nullable: true })
  lastStatusCode: number | null;

  @Column({ name: "last_response_ms", type: "integer", nullable: true })
  lastResponseMs: number | null;

  @Column({ name: "last_error", type: "varchar", length: 500, nullable: true })
  lastError: string | null;

  @Column({ name: "last_attempt_at", type: "datetime", nullable: true })
  lastAttemptAt: Date | null;

  @Column({ name: "delivered_at", type: "datetime", nullable: true })
  deliveredAt: Date | null;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;
}
