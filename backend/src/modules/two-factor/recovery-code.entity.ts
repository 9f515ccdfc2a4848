import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { User } from "../users/user.entity";

/** One single-use recovery code, kept as its SHA-256 only. */
@Entity("two_factor_recovery_codes")
@Index("IDX_two_factor_recovery_codes_user", ["userId"])
export class RecoveryCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "user_id", type: "integer" })
  userId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_two_factor_recovery_codes_user" })
  user?: User;

  @Column({ name: "code_hash", type: "varchar", length: 64 })
  codeHash: string;

  @Column({ name: "used_at", type: "datetime", nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;
}
