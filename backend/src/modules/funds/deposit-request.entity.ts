import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";
import { Timestamped } from "../../common/timestamps";
import { User } from "../users/user.entity";

export enum DepositStatus {
  PENDING = "pending",
  RECEIVED = "received",
  CANCELLED = "cancelled",
}

/**
 * An advertiser's announced bank transfer, found by its payment reference when the money
 * arrives. Recording it received appends the DEPOSIT ledger entry in the same transaction.
 */
@Entity("deposit_requests")
@Index("IDX_deposit_requests_status", ["status"])
@Index("IDX_deposit_requests_advertiser", ["advertiserId"])
export class DepositRequest extends Timestamped {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "advertiser_id", type: "integer" })
  advertiserId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "advertiser_id", foreignKeyConstraintName: "FK_deposit_requests_advertiser" })
  advertiser?: User;

  /** What the advertiser writes on the transfer, such as ADN-7KQ4-M2XP. */
  @Index("UQ_deposit_requests_reference", { unique: true })
  @Column({ type: "varchar", length: 16 })
  reference: string;

  /** The amount the advertiser said they would send. */
  @Column({ name: "amount_micros", type: "bigint", transformer: bigintAsNumber })
  amountMicros: number;

  @Column({ type: "varchar", length: 16, default: DepositStatus.PENDING })
  status: DepositStatus;

  /** What actually arrived: it may differ from the amount announced. */
  @Column({ name: "received_micros", type: "bigint", nullable: true, transformer: bigintAsNumber })
  receivedMicros: number | null;

  @Column({ name: "received_by", type: "integer", nullable: true })
  receivedBy: number | null;

  @Column({ name: "received_at", type: "datetime", nullable: true })
  receivedAt: Date | null;

  /** What the admin wrote when recording the transfer, such as why less arrived. */
  @Column({ name: "received_note", type: "varchar", length: 500, nullable: true })
  receivedNote: string | null;

  @Column({ name: "cancelled_at", type: "datetime", nullable: true })
  cancelledAt: Date | null;
}

/** An admin's setting of an advertiser's credit limit (postpaid, invoiced), kept with who and why; the latest counts. */
@Entity("credit_limit_changes")
@Index("IDX_credit_limit_changes_advertiser", ["advertiserId", "id"])
export class CreditLimitChange {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "advertiser_id", type: "integer" })
  advertiserId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "advertiser_id", foreignKeyConstraintName: "FK_credit_limit_changes_advertiser" })
  advertiser?: User;

  @Column({ name: "limit_micros", type: "bigint", transformer: bigintAsNumber })
  limitMicros: number;

  @Column({ name: "admin_id", type: "integer" })
  adminId: number;

  @Column({ type: "varchar", length: 255 })
  memo: string;

  @Column({ name: "created_at", type: "datetime" })
  createdAt: Date;
}
