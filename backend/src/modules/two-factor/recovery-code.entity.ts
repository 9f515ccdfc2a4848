import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

/** One single-use recovery code, kept as its SHA-256 only. */
@Entity("two_factor_recovery_codes")
@Index("IDX_two_factor_recovery_codes_user", ["userId"])
export class RecoveryCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: "user_id", type: "integer" })
  userId: number;

  @Column({ name: "code_hash", type: "varchar", length: 64 })
  codeHash: string;

  @Column({ name: "used_at", type: "datetime", nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;
}
