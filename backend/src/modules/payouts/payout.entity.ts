import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";
import { Timestamped } from "../../common/timestamps";
import { User } from "../users/user.entity";

export enum PayoutStatus {
  REQUESTED = "requested",
  PAID = "paid",
}

@Entity("payouts")
@Index("IDX_payouts_status", ["status"])
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
}
