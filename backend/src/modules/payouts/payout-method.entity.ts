import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "../users/user.entity";
import type { PayoutMethodDetails, PayoutMethodType } from "./payout-method";

/** The method a publisher is paid by: one on file per publisher, replaced when they change it. */
@Entity("payout_methods")
export class PayoutMethod {
  @PrimaryColumn({ name: "publisher_id", type: "integer" })
  publisherId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "publisher_id", foreignKeyConstraintName: "FK_payout_methods_publisher" })
  publisher?: User;

  @Column({ type: "varchar", length: 16 })
  type: PayoutMethodType;

  @Column({ type: "simple-json" })
  details: PayoutMethodDetails;

  @Column({ name: "created_at", type: "datetime", precision: 3 })
  createdAt: Date;

  @Column({ name: "updated_at", type: "datetime", precision: 3 })
  updatedAt: Date;
}
