import { Entity, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "../users/user.entity";

/** A kind of e-mail a user turned off in Settings; every kind is on unless a row says otherwise. */
@Entity("notification_opt_outs")
export class NotificationOptOut {
  @PrimaryColumn({ name: "user_id", type: "integer" })
  userId: number;

  @PrimaryColumn({ type: "varchar", length: 32 })
  kind: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_notification_opt_outs_user" })
  user?: User;
}
