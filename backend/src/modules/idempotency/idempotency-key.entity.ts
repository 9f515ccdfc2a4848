import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

/**
 * A call made under an Idempotency-Key: who sent it, to which operation, what it asked for and
 * what it made. The unique index on (user, operation, key) decides which of several identical
 * calls does the work; kept 24 hours.
 */
@Entity("idempotency_keys")
@Index("UQ_idempotency_keys_call", ["userId", "operation", "key"], { unique: true })
@Index("IDX_idempotency_keys_created", ["createdAt"])
export class IdempotencyKey {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "user_id", type: "integer" })
  userId: number;

  @Column({ type: "varchar", length: 40 })
  operation: string;

  @Column({ name: "idempotency_key", type: "varchar", length: 255 })
  key: string;

  /** SHA-256 of the call's checked parameters: the same key with others is refused. */
  @Column({ name: "request_hash", type: "varchar", length: 64 })
  requestHash: string;

  /** The id of what the first call made, which every later call with the key answers. */
  @Column({ name: "result_id", type: "integer", nullable: true })
  resultId: number | null;

  @Column({ name: "created_at", type: "datetime", precision: 3 })
  createdAt: Date;
}
