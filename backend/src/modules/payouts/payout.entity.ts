import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";
import { Timestamped } from "../../common/timestamps";
import { User } from "../users/user.entity";
import type { PayoutMethodDetails, PayoutMethodType } from "./payout-method";

export enum PayoutStatus {
  REQUESTED = "requested",
  PAID = "paid",
}

/** The payout's transitions table: an admin marks a requested payout paid, once. */
export const PAYOUT_MOVES = {
  markPaid: { from: [PayoutStatus.REQUESTED], to: PayoutStatus.PAID },
} as const satisfies Record<string, { from: readonly PayoutStatus[]; to: PayoutStatus }>;

@Entity("payouts")
@Index("IDX_payouts_status", ["status"])
@Index("UQ_payouts_open", ["openPublisherId"], { unique: true })
export class Payout extends Timestamped {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "publisher_id", type: "integer" })
  publisherId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "publisher_id", foreignKeyConstraintName: "FK_payouts_publisher" })
  publisher?: User;

  @Column({ name: "amount_micros", type: "bigint", transformer: bigintAsNumber })
  amountMicros: number;

  @Column({ type: "varchar", length: 16, default: PayoutStatus.REQUESTED })
  status: PayoutStatus;

  @Column({ name: "paid_at", type: "datetime", nullable: true })
  paidAt: Date | null;

  /** The method on file when the payout was requested, kept as it was then. */
  @Column({ name: "method_type", type: "varchar", length: 16, nullable: true })
  methodType: PayoutMethodType | null;

  @Column({ name: "method_details", type: "simple-json", nullable: true })
  methodDetails: PayoutMethodDetails | null;

  /** How the admin paid it, and the bank's or PayPal's reference. */
  @Column({ name: "paid_method", type: "varchar", length: 16, nullable: true })
  paidMethod: PayoutMethodType | null;

  @Column({ name: "paid_reference", type: "varchar", length: 128, nullable: true })
  paidReference: string | null;

  /** The publisher's id while the payout waits to be paid, NULL once paid: unique, one open request per publisher. */
  @Column({ name: "open_publisher_id", type: "integer", nullable: true })
  openPublisherId: number | null;
}
